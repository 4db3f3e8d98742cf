// The production layout of docs/operations.md and the Dockerfile: build with the dev dependencies, then only dist/ and
// package*.json in an empty folder, production dependencies only, and the built server and operator commands run there.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/paths";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";
import { parseEvents } from "../helpers/chat";
import { type ServerProcess, signUpOverHttp, startServerProcess } from "../helpers/server-process";

const run = promisify(execFile);
const vite = join(projectRoot, "node_modules", "vite", "bin", "vite.js");
const email = "production@example.com";
const question = "What helps against a mild headache?";

// `npm test` exports npm_config_* (its prefix, its cache, …); an npm started from here must read only the layout's
// own package.json and .npmrc, as on a fresh server.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));

/**
 * The runtime stage of the Dockerfile: the files it copies from the checkout, its install command and its start
 * command. The test runs these very steps, so the image and the test cannot drift apart.
 */
function dockerRuntimeStage() {
  const dockerfile = readFileSync(join(projectRoot, "Dockerfile"), "utf8");
  const stage = dockerfile.slice(dockerfile.indexOf(" AS runtime"));
  const copied = /^COPY ((?:[\w.-]+ )+)\.\/$/m.exec(stage)?.[1];
  const install = /^RUN (npm ci [^&\n]+?)\s*(?:&&|$)/m.exec(stage)?.[1];
  const start = /^CMD (\[.+\])$/m.exec(stage)?.[1];
  if (!copied || !install || !start) throw new Error("the Dockerfile's runtime stage lacks COPY … ./, RUN npm ci … or CMD [...]");
  return { files: copied.trim().split(" "), install: install.split(/\s+/), start: JSON.parse(start) as string[] };
}

const runtime = dockerRuntimeStage();
let layout: string;
let fake: FakeModelServer;
let server: ServerProcess | undefined;

/** The settings the server and the commands share: the layout's own data folder, the fake model, production mode. */
const settings = () => ({ NODE_ENV: "production", DATA_DIR: join(layout, "data"), DATABASE_URL: "", OPENAI_BASE_URL: fake.url });

/** Runs one of the built operator commands the way docs/operations.md tells operators to: `node dist/server/<name>.js …`. */
const command = (name: string, ...args: string[]) =>
  run(process.execPath, [join("dist", "server", `${name}.js`), ...args], { cwd: layout, env: { ...cleanEnv, ...settings() } });

beforeAll(async () => {
  layout = await mkdtemp(join(tmpdir(), "health-chat-production-"));
  // A build of its own into the empty folder: the checkout's dist/ may be older, or rebuilt by another run meanwhile.
  await run(process.execPath, [vite, "build", "--outDir", join(layout, "dist", "web")], { cwd: projectRoot, env: cleanEnv });
  const serverOut = join(layout, "dist", "server");
  await run(process.execPath, [vite, "build", "--config", "vite.server.config.ts", "--outDir", serverOut], {
    cwd: projectRoot,
    env: cleanEnv,
  });
  for (const file of runtime.files) await copyFile(join(projectRoot, file), join(layout, file));
  await run("npm", runtime.install.slice(1), { cwd: layout, env: cleanEnv });
  fake = await startFakeModel();
}, 600_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
  await fake?.close();
  if (layout) await rm(layout, { recursive: true, force: true });
});

describe("the production layout (dist/ and production dependencies only)", () => {
  it("installs production dependencies only, without build tools, and has the migrations next to the built server", () => {
    expect(runtime.files).toEqual(["package.json", "package-lock.json", ".npmrc"]);
    expect(runtime.install).toEqual(expect.arrayContaining(["npm", "ci", "--omit=dev"]));
    for (const devTool of ["vite", "tsx", "vitest", "typescript", "drizzle-kit"]) {
      expect(existsSync(join(layout, "node_modules", devTool)), devTool).toBe(false);
    }
    expect(existsSync(join(layout, "node_modules", "better-auth"))).toBe(true);
    expect(existsSync(join(layout, "dist", "server", "migrations", "meta", "_journal.json"))).toBe(true);
    expect(existsSync(join(layout, "src"))).toBe(false);
  });

  it("starts the built server, which migrates, serves the web app, signs up and streams a reply; the commands then run", async () => {
    expect(runtime.start).toEqual(["node", "dist/server/index.js"]);
    server = await startServerProcess({
      dataDir: join(layout, "data"),
      builtEntry: join("dist", "server", "index.js"),
      cwd: layout,
      env: settings(),
    });
    const { origin } = server;

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<script type="module"[^>]+src="\/assets\//);

    const cookie = await signUpOverHttp(origin, email);
    const response = await fetch(`${origin}/api/chats/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify({ text: question, language: "en" }),
    });
    expect(response.status).toBe(200);
    const events = parseEvents(await response.text());
    const reply = events.map((event) => (event.type === "delta" ? event.text : "")).join("");
    expect(reply).toBe(replyTo(question));
    expect(events.some((event) => event.type === "done")).toBe(true);

    // PGlite holds its data folder for one process at a time: the commands run once the server has stopped.
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);

    const shown = await command("users", "show", email);
    expect(shown.stdout.trim()).toBe(`${email}\tenabled\tunverified\tuser`);
    expect((await command("prompts", "list")).stdout).toMatch(/^system\tv1\t/m);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const exported = await command("export", "chats", "--from", day(-1), "--to", day(1), "--format", "jsonl");
    const rows = exported.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { sender: string; text: string });
    expect(rows.map((row) => [row.sender, row.text])).toEqual([
      ["user", question],
      ["assistant", replyTo(question)],
    ]);

    const dump = join(layout, "backup.sql");
    await command("backup", dump);
    expect(readFileSync(dump, "utf8")).toContain(question);
  }, 300_000);
});
