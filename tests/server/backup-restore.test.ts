import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { openPgliteDataDir } from "../../src/server/db/pglite/data-dir";
import { acquireDataDirLock } from "../../src/server/db/pglite/data-dir-lock";
import { seedDefaultPrompts, setPrompt } from "../../src/server/db/queries/prompts";
import { chats, messages, users } from "../../src/server/db/schema";
import { seedPgliteDataDir } from "../helpers/pglite-seed";
import { createScratchDatabase, postgresAdminUrl } from "../helpers/scratch-database";

type Query = <T>(text: string) => Promise<T[]>;
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

/** Every row of every table and every sequence's position (in the app's schemas), and the tables' columns and indexes. */
async function snapshot(query: Query) {
  await query("set time zone 'UTC'");
  const relations = await query<{ name: string; kind: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S') order by 1`,
  );
  const contents: Record<string, string[]> = {};
  for (const { name, kind } of relations) {
    const sql =
      kind === "S"
        ? `select last_value || ' ' || is_called as r from ${name}`
        : `select row_to_json(t)::text as r from ${name} t order by 1`;
    contents[name] = (await query<{ r: string }>(sql)).map((row) => row.r);
  }
  const columns = await query<Record<string, string>>(
    `select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
     where table_schema in ('public', 'drizzle') order by 1, 2, 3`,
  );
  const indexes = await query<{ indexdef: string }>("select indexdef from pg_indexes where schemaname in ('public', 'drizzle') order by 1");
  return { contents, columns, indexes: indexes.map((row) => row.indexdef) };
}

async function snapshotOfDataDir(dataDir: string) {
  const { client, close } = await openPgliteDataDir(join(dataDir, "pglite"));
  try {
    return await snapshot(async <T>(text: string) => (await client.query<T>(text)).rows);
  } finally {
    await close();
  }
}

async function snapshotOfPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await snapshot(async <T>(text: string) => (await client.query(text)).rows as T[]);
  } finally {
    await client.end();
  }
}

/** A data dir holding the migrated database, empty of users and chats. */
async function seededDataDir(dataDir: string) {
  await seedPgliteDataDir(dataDir);
}

async function newFolder() {
  const folder = await mkdtemp(join(tmpdir(), "health-chat-backup-"));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

// One source for every test: an embedded database with a user, a chat (text that needs quoting) and a changed
// prompt, and its dump, made once by `npm run backup`.
let scratch: string;
let source: string;
let dump: string;
let original: Awaited<ReturnType<typeof snapshot>>;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "health-chat-backup-"));
  source = join(scratch, "source");
  await seededDataDir(source);
  const database = await openDatabase({ kind: "pglite", dataDir: join(source, "pglite") });
  try {
    await database.db.insert(users).values({ id: "user-1", name: "Zoë", email: "zoe@example.com" });
    const [chat] = await database.db.insert(chats).values({ userId: "user-1", title: 'It\'s \\ a "title"' }).returning();
    await database.db.insert(messages).values([
      { chatId: chat?.id ?? "", position: 0, sender: "user", text: "Line one;\nCOPY x FROM stdin;\n\\.\n'quoted' ✓", language: "en" },
      {
        chatId: chat?.id ?? "",
        position: 1,
        sender: "assistant",
        text: "Antihistamines can help.",
        redFlags: ["cardiac", "self-harm"],
        feedback: "like",
      },
    ]);
    await seedDefaultPrompts({ db: database.db });
    await setPrompt({ db: database.db, id: "title", prompt: "Give a three-word title.", changedBy: "test" });
  } finally {
    await database.close();
  }
  original = await snapshotOfDataDir(source);
  dump = join(scratch, "backup.sql");
  expect((await command("backup", { dataDir: source }, dump)).stderr).toContain(`written to ${dump}`);
}, 180_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("npm run backup and npm run restore", () => {
  it("round-trip the embedded database through a plain SQL file into a new data dir", async () => {
    expect(await readFile(dump, "utf8")).toMatch(/^--\n-- PostgreSQL database dump\n/);
    expect(original.contents["public.messages"]).toHaveLength(2);
    const target = join(await newFolder(), "data");
    await command("restore", { dataDir: target }, dump);
    expect(await snapshotOfDataDir(target)).toEqual(original);
  }, 180_000);

  it("restore refuses a database that holds data, and both refuse a data dir another process holds", async () => {
    const folder = await newFolder();
    const notEmpty = join(folder, "data");
    await seededDataDir(notEmpty);
    const before = await snapshotOfDataDir(notEmpty);
    expect(await failureOf(command("restore", { dataDir: notEmpty }, dump))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("already holds data"),
    });
    expect(await snapshotOfDataDir(notEmpty)).toEqual(before);

    const release = acquireDataDirLock(join(notEmpty, "pglite"));
    onTestFinished(release);
    const held = expect.stringContaining(`is in use by process ${process.pid}`);
    expect(await failureOf(command("restore", { dataDir: notEmpty }, "--force", dump))).toMatchObject({ code: 1, stderr: held });
    expect(await failureOf(command("backup", { dataDir: notEmpty }, join(folder, "x.sql")))).toMatchObject({ code: 1, stderr: held });
    release();
    expect(await snapshotOfDataDir(notEmpty)).toEqual(before);
  }, 180_000);

  it.skipIf(!postgresAdminUrl)(
    "move the embedded database to PostgreSQL, and back PostgreSQL up with pg_dump",
    async () => {
      const first = await createScratchDatabase("restore");
      onTestFinished(first.drop);
      await command("restore", { databaseUrl: first.url }, dump);
      expect(await snapshotOfPostgres(first.url)).toEqual(original);
      // The server's start-up finds its migrations applied, and the operator commands work there.
      expect((await command("users", { databaseUrl: first.url }, "show", "zoe@example.com")).stdout).toBe(
        "zoe@example.com\tenabled\tunverified\tuser\n",
      );

      const pgDump = join(await newFolder(), "postgres.sql");
      await command("backup", { databaseUrl: first.url }, pgDump);
      const second = await createScratchDatabase("restore");
      onTestFinished(second.drop);
      await command("restore", { databaseUrl: second.url }, pgDump);
      expect(await snapshotOfPostgres(second.url)).toEqual(original);

      // A database with data is refused unless --force, which replaces its contents.
      await command("users", { databaseUrl: second.url }, "disable", "zoe@example.com");
      expect(await failureOf(command("restore", { databaseUrl: second.url }, pgDump))).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("already holds data"),
      });
      await command("restore", { databaseUrl: second.url }, "--force", pgDump);
      expect(await snapshotOfPostgres(second.url)).toEqual(original);

      // pg_dump's rows come as COPY, which only psql runs: the embedded database says so, and stays empty.
      const embedded = join(await newFolder(), "data");
      expect(await failureOf(command("restore", { dataDir: embedded }, pgDump))).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("COPY … FROM stdin, which only psql runs"),
      });
      expect((await snapshotOfDataDir(embedded)).contents).toEqual({});
    },
    180_000,
  );
});
