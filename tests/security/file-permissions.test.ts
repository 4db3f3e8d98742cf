import { execFile } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { waitForOutboxMail } from "../helpers/mail";
import { seedPgliteDataDir } from "../helpers/pglite-seed";
import { createScratchDatabase, postgresAdminUrl } from "../helpers/scratch-database";
import { signUpOverHttp, startServerProcess } from "../helpers/server-process";

const run = promisify(execFile);
/** Runs an operator command on the embedded database in dataDir, or on PostgreSQL at databaseUrl. */
const command = (script: string, target: { dataDir?: string; databaseUrl?: string }, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: target.dataDir ?? "/nonexistent", DATABASE_URL: target.databaseUrl ?? "" },
  });
const failureOf = (running: Promise<unknown>) =>
  running.then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );

const modeOf = (path: string) => statSync(path).mode & 0o777;
/** Every file and folder under dir (not dir itself) whose mode lets group or others in, with that mode. */
const openToOthers = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => (modeOf(path) & 0o077) !== 0)
    .map((path) => `${modeOf(path).toString(8)} ${path}`);

async function newFolder() {
  const folder = await mkdtemp(join(tmpdir(), "health-chat-permissions-"));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

describe("the server's files are its user's alone", () => {
  it("creates DATA_DIR 0700 and keeps the database, the outbox and the secret private", async () => {
    // This test process runs with the usual umask (022): what the server writes is private all the same.
    const dataDir = join(await newFolder(), "data");
    const server = await startServerProcess({ dataDir });
    onTestFinished(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
    });
    await signUpOverHttp(server.origin, "alice@example.com");
    await waitForOutboxMail(join(dataDir, "outbox"), "alice@example.com", 0, "verify");

    // While it runs, no folder can be entered by anyone else (PGlite sets some of its own files' modes).
    expect(modeOf(dataDir)).toBe(0o700);
    const folders = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => join(entry.parentPath, entry.name)).filter((path) => modeOf(path) !== 0o700)).toEqual([]);
    expect(modeOf(join(dataDir, "auth-secret"))).toBe(0o600);
    for (const mail of await readdir(join(dataDir, "outbox"))) expect(modeOf(join(dataDir, "outbox", mail))).toBe(0o600);

    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
    expect(readdirSync(join(dataDir, "pglite", "pg_wal")).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it("refuses to start on a DATA_DIR others may read, naming the chmod to run, and writes nothing there", async () => {
    for (const mode of [0o755, 0o750]) {
      const dataDir = await newFolder();
      await chmod(dataDir, mode);
      const failure = await startServerProcess({ dataDir }).then(
        async (server) => {
          await server.kill9();
          return `started on a DATA_DIR with mode ${mode.toString(8)}`;
        },
        (error: Error) => error.message,
      );
      expect(failure).toContain(`chmod 700 ${dataDir}`);
      expect(await readdir(dataDir)).toEqual([]);
    }
  }, 120_000);
});

describe("backups and exports are their owner's alone, and never replace a file", () => {
  it("npm run backup writes 0600 and refuses a file that exists", async () => {
    const dataDir = join(await newFolder(), "data");
    await seedPgliteDataDir(dataDir);
    const folder = await newFolder();
    const backup = join(folder, "backup.sql");
    await command("backup", { dataDir }, backup);
    expect(modeOf(backup)).toBe(0o600);
    expect(await readFile(backup, "utf8")).toMatch(/^--\n-- PostgreSQL database dump\n/);

    const older = join(folder, "older.sql");
    await writeFile(older, "the only good copy");
    expect(await failureOf(command("backup", { dataDir }, older))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${older} exists already`),
    });
    expect(await readFile(older, "utf8")).toBe("the only good copy");
    expect((await readdir(folder)).sort()).toEqual(["backup.sql", "older.sql"]);
  }, 120_000);

  it.skipIf(!postgresAdminUrl)(
    "npm run backup with DATABASE_URL (pg_dump) writes 0600 too",
    async () => {
      const database = await createScratchDatabase("permissions");
      onTestFinished(database.drop);
      await (await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 })).close();
      const backup = join(await newFolder(), "postgres.sql");
      await command("backup", { databaseUrl: database.url }, backup);
      expect(modeOf(backup)).toBe(0o600);
    },
    120_000,
  );

  it("npm run export --out writes 0600 and refuses a file that exists", async () => {
    const dataDir = join(await newFolder(), "data");
    await seedPgliteDataDir(dataDir);
    const folder = await newFolder();
    const range = ["--from", "2026-01-01", "--to", "2026-01-31"];
    const out = join(folder, "chats.csv");
    await command("export", { dataDir }, "chats", ...range, "--out", out);
    expect(modeOf(out)).toBe(0o600);

    const older = join(folder, "older.csv");
    await writeFile(older, "last month's export");
    expect(await failureOf(command("export", { dataDir }, "chats", ...range, "--out", older))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${older} exists already`),
    });
    expect(await readFile(older, "utf8")).toBe("last month's export");
  }, 120_000);
});
