import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, lockFileOf } from "./data-dir-lock";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function dataDir() {
  const folder = mkdtempSync(join(tmpdir(), "health-chat-lock-"));
  folders.push(folder);
  return join(folder, "pglite");
}

/** The id of a process that has just ended (ids are not reused that quickly). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

const lockOf = (dir: string) => JSON.parse(readFileSync(lockFileOf(dir), "utf8")) as { pid: number; hostname: string; startedAt: string };

describe("the PGlite data dir lock", () => {
  it("is held by one holder at a time: a second one is told who holds it and what to do", () => {
    const dir = dataDir();
    const release = acquireDataDirLock(dir);
    expect(lockOf(dir)).toEqual({ pid: process.pid, hostname: hostname(), startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    let refusal: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(`in use by process ${process.pid} on this machine, running since ${lockOf(dir).startedAt}`);
    expect(message).toContain("use its operator dashboard instead, or stop the server");
    release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it("takes over a lock whose process no longer runs on this host", async () => {
    const dir = dataDir();
    const pid = await deadPid();
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid, hostname: hostname(), startedAt: new Date().toISOString() }));
    const release = acquireDataDirLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock naming this process's id that it does not hold (a restarted container: ids begin again)", () => {
    const dir = dataDir();
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: "2026-01-02T03:04:05.000Z" }));
    const release = acquireDataDirLock(dir);
    expect(lockOf(dir).startedAt).not.toBe("2026-01-02T03:04:05.000Z");
    release();
  });

  it("never takes over a lock from another host, nor one it cannot read", async () => {
    const dir = dataDir();
    const startedAt = "2026-01-02T03:04:05.000Z";
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: await deadPid(), hostname: "other-host", startedAt }));
    expect(() => acquireDataDirLock(dir)).toThrow(`the host other-host, running since ${startedAt}`);
    expect(() => acquireDataDirLock(dir)).toThrow(`If no process uses it any more, delete ${lockFileOf(dir)}.`);
    writeFileSync(lockFileOf(dir), "");
    expect(() => acquireDataDirLock(dir)).toThrow("left an unreadable lock file");
    expect(readFileSync(lockFileOf(dir), "utf8")).toBe("");
  });

  it("releases only its own lock", () => {
    const dir = dataDir();
    const release = acquireDataDirLock(dir);
    const someoneElse = JSON.stringify({ pid: 1, hostname: hostname(), startedAt: new Date().toISOString() });
    writeFileSync(lockFileOf(dir), someoneElse);
    release();
    expect(readFileSync(lockFileOf(dir), "utf8")).toBe(someoneElse);
  });

  it("is released when the process exits without releasing it", async () => {
    const dir = dataDir();
    const script = `import { acquireDataDirLock } from "./src/server/db/pglite/data-dir-lock.ts"; acquireDataDirLock(${JSON.stringify(dir)}); process.exit(3);`;
    const run = promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    await expect(run).rejects.toMatchObject({ code: 3 });
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });
});
