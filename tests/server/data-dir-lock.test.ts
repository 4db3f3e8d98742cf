import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { lockFileOf } from "../../src/server/db/pglite/data-dir-lock";
import { seedPgliteDataDir } from "../helpers/pglite-seed";
import { signUpOverHttp, startServerProcess } from "../helpers/server-process";

const run = promisify(execFile);
const users = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "src/cli/users.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } });

async function serverOnNewDataDir() {
  const dataDir = await mkdtemp(join(tmpdir(), "health-chat-lock-"));
  await seedPgliteDataDir(dataDir);
  const server = await startServerProcess({ dataDir });
  onTestFinished(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
    await rm(dataDir, { recursive: true, force: true });
  });
  await signUpOverHttp(server.origin, "alice@example.com");
  return { dataDir, server, lockFile: lockFileOf(join(dataDir, "pglite")) };
}

describe("one process at a time on the embedded database", () => {
  it("refuses operator commands and a second server while the server runs, and frees DATA_DIR on a clean shutdown", async () => {
    const { dataDir, server, lockFile } = await serverOnNewDataDir();
    const holder = JSON.parse(readFileSync(lockFile, "utf8")) as { pid: number; startedAt: string };
    expect(holder.pid).toBe(server.child.pid);

    const refused = await users(dataDir, "disable", "alice@example.com").catch((error: Error) => error);
    expect(refused).toMatchObject({ code: 1 });
    const { stderr } = refused as { stderr: string };
    expect(stderr).toContain(`is in use by process ${holder.pid} on this machine, running since ${holder.startedAt}`);
    expect(stderr).toContain("use its operator dashboard instead, or stop the server and run this command again");
    const second = await startServerProcess({ dataDir }).then(
      async (started) => {
        await started.kill9();
        return "a second server started";
      },
      (error: Error) => error.message,
    );
    expect(second).toContain(`is in use by process ${holder.pid}`);
    expect(second, "the message alone, no stack trace").not.toMatch(/^\s+at /m);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);

    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    // The refused command changed nothing: alice is still enabled.
    expect((await users(dataDir, "show", "alice@example.com")).stdout).toBe("alice@example.com\tenabled\tunverified\tuser\n");
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);

  it("takes over the lock a killed server left behind", async () => {
    const { dataDir, server, lockFile } = await serverOnNewDataDir();
    await server.kill9();
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: server.child.pid });
    expect((await users(dataDir, "disable", "alice@example.com")).stdout).toBe("alice@example.com\tdisabled\tunverified\tuser\n");
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});
