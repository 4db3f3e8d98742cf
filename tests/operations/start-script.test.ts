// `npm start` (scripts/start.mjs) with NODE_ENV=production: it never builds, refuses a missing or outdated dist/,
// and runs a fresh one (imported through a file URL, which Windows needs for an absolute path).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "../../src/server/paths";

const run = promisify(execFile);
const anHourAgo = new Date(Date.now() - 3_600_000);

/** A checkout of its own: scripts/start.mjs and one source file, all an hour old, and no dist/ yet. */
async function checkout() {
  const root = await mkdtemp(join(tmpdir(), "health-chat-start-"));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  await mkdir(join(root, "scripts"));
  await mkdir(join(root, "src", "server"), { recursive: true });
  const script = join(root, "scripts", "start.mjs");
  const source = join(root, "src", "server", "index.ts");
  await copyFile(join(projectRoot, "scripts", "start.mjs"), script);
  await writeFile(source, "// the server's sources\n");
  // Folders count too (a deleted file changes only its folder), so they are made an hour old as well.
  const paths = [script, source, join(root, "scripts"), join(root, "src", "server"), join(root, "src")];
  for (const path of paths) await utimes(path, anHourAgo, anHourAgo);
  return { root, source };
}

/** A built server that only says it ran, `at` the given time. */
async function build(root: string, at: Date) {
  const entry = join(root, "dist", "server", "index.js");
  await mkdir(join(root, "dist", "server"), { recursive: true });
  await writeFile(entry, 'console.log("the built server ran");\n');
  await utimes(entry, at, at);
}

/** `npm start` as `node scripts/start.mjs`, from the checkout, in production; resolves with its exit code and output. */
function start(root: string) {
  const env = { ...process.env, NODE_ENV: "production" };
  return run(process.execPath, [join(root, "scripts", "start.mjs")], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe("npm start with NODE_ENV=production", () => {
  it("refuses without a build, and builds nothing", async () => {
    const { root } = await checkout();
    const result = await start(root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No build found in dist/. Run `npm run build` first");
    expect(existsSync(join(root, "dist"))).toBe(false);
  });

  it("refuses a build older than the sources, and does not rebuild it", async () => {
    const { root, source } = await checkout();
    await build(root, anHourAgo);
    await utimes(source, new Date(), new Date());
    const result = await start(root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The build in dist/ is older than the sources. Run `npm run build`");
    expect(result.stdout).not.toContain("the built server ran");
  });

  it("runs a build newer than the sources", async () => {
    const { root } = await checkout();
    await build(root, new Date());
    const result = await start(root);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toBe("the built server ran\n");
  });
});
