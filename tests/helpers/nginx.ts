import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "./wait";

/** The shipped config; the test runs it with only addresses and paths replaced (configForTest). */
export const SHIPPED_NGINX_CONFIG = fileURLToPath(new URL("../../deploy/nginx.conf", import.meta.url));

/** NGINX_BIN, or nginx on PATH, or Debian's /usr/sbin/nginx (not on a non-root PATH). */
export function findNginx(): string | undefined {
  const candidates = [
    process.env.NGINX_BIN,
    ...(process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, "nginx")),
    "/usr/sbin/nginx",
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
}

/**
 * The shipped config with what must differ on loopback replaced, each replacement checked so that a changed
 * shipped file fails here loudly instead of being tested half-replaced:
 * - the upstream's `server` lines: one per given address, with the shipped parameters (max_fails, …);
 * - `listen 80;`: the given address;
 * - /var/log/nginx/: the temp dir;
 * - temp paths of nginx's own (compiled in as /var/lib/nginx/…) in the temp dir, added to the http block.
 */
export function configForTest(
  shipped: string,
  { listen, upstreams, dir, tempPaths }: { listen: string; upstreams: string[]; dir: string; tempPaths: string[] },
): string {
  const replaceOnce = (text: string, pattern: RegExp, replacement: string, what: string) => {
    const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`)) ?? [];
    if (matches.length !== 1) throw new Error(`deploy/nginx.conf: expected one ${what}, found ${matches.length}`);
    return text.replace(pattern, replacement);
  };
  let config = shipped;
  const upstream = config.match(/^([ \t]*)upstream health_chat \{\n[\s\S]*?^\1\}/m)?.[0];
  if (!upstream) throw new Error("deploy/nginx.conf: no `upstream health_chat { … }` block");
  const serverLines = [...upstream.matchAll(/^([ \t]*)server \S+(.*);$/gm)];
  if (serverLines.length < 2) throw new Error(`deploy/nginx.conf: expected 2 or more upstream servers, found ${serverLines.length}`);
  const [first, indent = "", parameters = ""] = serverLines[0] as RegExpMatchArray;
  // The first shipped server line becomes the test's servers (with its parameters), the others go.
  const ownServers = upstreams.map((address) => `${indent}server ${address}${parameters};`).join("\n");
  const replaced = upstream
    .split("\n")
    .flatMap((line) => (line === first ? [ownServers] : /^[ \t]*server \S+.*;$/.test(line) ? [] : [line]))
    .join("\n");
  config = config.replace(upstream, () => replaced);
  config = replaceOnce(config, /^([ \t]*)listen 80;$/m, `$1listen ${listen};`, "`listen 80;` line");
  if (!config.includes("/var/log/nginx/")) throw new Error("deploy/nginx.conf: no log path under /var/log/nginx/");
  config = config.replaceAll("/var/log/nginx/", `${dir}/`);
  const temp = tempPaths.map((kind) => `    ${kind}_temp_path ${dir}/${kind}-temp;\n`).join("");
  return replaceOnce(config, /^http \{\n/m, `http {\n${temp}`, "`http {` line");
}

export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The config nginx runs (for failure messages). */
  config: string;
  stderr: () => string;
  /** The access log so far. */
  accessLog: () => string;
  stop: () => Promise<void>;
}

/**
 * nginx in the foreground as a child process, on `port` on 127.0.0.1, in front of `upstreams`
 * ("127.0.0.1:<port>" each), with the shipped config; its files live in a temp dir removed by `stop`.
 * The config is checked with `nginx -t` first. Running as root, the workers run as the config's `user`
 * (www-data), so the temp dir is opened to them.
 */
export async function startNginx({ port, upstreams }: { port: number; upstreams: string[] }): Promise<RunningNginx> {
  const bin = findNginx();
  if (!bin) throw new Error("nginx not found");
  const dir = await mkdtemp(join(tmpdir(), "health-chat-nginx-"));
  await chmod(dir, 0o755);
  // nginx creates every temp dir its modules have, even unused ones; those compiled out have no directive.
  const version = spawnSync(bin, ["-V"], { encoding: "utf8" });
  const built = `${version.stdout}${version.stderr}`;
  const tempPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].filter((kind) => !built.includes(`--without-http_${kind}_module`));
  const config = configForTest(readFileSync(SHIPPED_NGINX_CONFIG, "utf8"), { listen: `127.0.0.1:${port}`, upstreams, dir, tempPaths });
  const configFile = join(dir, "nginx.conf");
  await writeFile(configFile, config);
  const args = ["-p", `${dir}/`, "-c", configFile, "-g", `daemon off; pid ${dir}/nginx.pid; error_log stderr warn;`];
  try {
    execFileSync(bin, ["-t", "-q", ...args], { stdio: ["ignore", "ignore", "pipe"], timeout: 20_000 });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`nginx -t refused the config:\n${stderr}\n--- config ---\n${config}`);
  }
  const child: ChildProcess = spawn(bin, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: fast shutdown (SIGQUIT would wait for open streams).
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      "nginx to answer",
      () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited while starting:\n${stderr}`);
        return fetch(`${origin}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    config,
    stderr: () => stderr,
    accessLog: () => {
      try {
        return readFileSync(join(dir, "health-chat.access.log"), "utf8");
      } catch {
        return "";
      }
    },
    stop,
  };
}
