import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { GOOD_PASSWORD } from "./auth";
import { waitFor } from "./wait";

/** A port the OS says is free right now (the server binds it a moment later). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, also its PUBLIC_URL (send it as Origin). */
  origin: string;
  /** Settles once the process has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last part of what the process wrote to stderr (for failure messages). */
  stderr: () => string;
  /** What the process printed on stdout (the addresses it says it can be opened at). */
  stdout: () => string;
  /** `kill -9`, then waits until the process is gone. */
  kill9: () => Promise<void>;
}

/**
 * Runs the real server (src/server/index.ts through tsx, as `npm run dev` does) as a child process on the
 * given data dir and resolves once /api/health answers. Settings default to the embedded database (PGlite in
 * DATA_DIR) and LOG_LEVEL=warn; `env` adds or overrides any. A server that exits while starting fails at once;
 * the timeout is generous because starting takes ~2 s on an idle machine but much longer on a busy one.
 * `builtEntry` runs a built server instead (e.g. dist/server/index.js, with plain node), from `cwd`.
 */
export async function startServerProcess({
  dataDir,
  env = {},
  timeoutMs = 60_000,
  builtEntry,
  cwd,
}: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  builtEntry?: string;
  cwd?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = builtEntry ? [builtEntry] : ["--import", "tsx", "src/server/index.ts"];
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    stdout = (stdout + chunk).slice(-20_000);
  });
  // Read stderr continuously: a pipe nobody reads fills up and blocks the server's writes.
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    origin,
    exited,
    stderr: () => stderr,
    stdout: () => stdout,
    kill9: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
  try {
    await waitFor(
      "the server to listen",
      () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${stderr}`);
        return fetch(`${origin}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
      },
      { timeoutMs, intervalMs: 100 },
    );
  } catch (error) {
    await server.kill9();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver stderr:\n${stderr}`);
  }
  return server;
}

/** The cookie header of a response's Set-Cookie lines. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Signs up a user over HTTP and returns the session cookie header. */
export async function signUpOverHttp(origin: string, email: string, password = GOOD_PASSWORD): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password, name: "", languageCode: "en" }),
  });
  if (!response.ok) throw new Error(`sign-up of ${email} answered ${response.status}: ${await response.text()}`);
  return cookieOf(response);
}
