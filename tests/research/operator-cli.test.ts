import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";
import { auditEvents, chats, messages, users } from "../../src/server/db/schema";

const run = promisify(execFile);
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const cli = (script: string, dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });

/** Runs a query on the data folder's database (while no command holds it). */
async function withDatabase<T>(dataDir: string, query: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    return await query(database.db);
  } finally {
    await database.close();
  }
}

/** A data folder holding one user with one rated exchange, written straight to the database. */
async function dataDirWithOneChat() {
  const dataDir = await mkdtemp(join(tmpdir(), "health-chat-cli-"));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    await database.db.insert(users).values({ id: "user-1", name: "", email: "alice@example.com" });
    const [chat] = await database.db.insert(chats).values({ userId: "user-1" }).returning();
    await database.db.insert(messages).values([
      { chatId: chat?.id ?? "", position: 0, sender: "user", text: "What helps with hay fever?", language: "en" },
      {
        chatId: chat?.id ?? "",
        position: 1,
        sender: "assistant",
        text: "Antihistamines can help.",
        feedback: "dislike",
        feedbackAt: new Date(),
        feedbackReason: "not-helpful",
        model: "m",
        promptVersion: 1,
      },
    ]);
  } finally {
    await database.close();
  }
  return dataDir;
}

describe("operator commands", () => {
  it("npm run export writes pseudonymous CSV and JSON Lines, and refuses bad arguments", async () => {
    const dataDir = await dataDirWithOneChat();
    const today = new Date().toISOString().slice(0, 10);
    const jsonl = await cli("export", dataDir, "chats", "--from", today, "--to", today, "--format", "jsonl");
    const rows = jsonl.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { user: string; chatId: string; sender: string; text: string });
    expect(rows.map((r) => [r.sender, r.text])).toEqual([
      ["user", "What helps with hay fever?"],
      ["assistant", "Antihistamines can help."],
    ]);
    expect(rows[0]?.user).toMatch(/^p-[0-9a-f]{12}$/);
    expect(rows[0]?.chatId).toMatch(/^c-[0-9a-f]{16}$/);
    expect(rows[1]?.chatId).toBe(rows[0]?.chatId);
    expect(jsonl.stdout).not.toContain("alice");
    expect(jsonl.stdout).not.toContain("user-1");
    expect(jsonl.stdout).not.toMatch(uuid);

    const csv = await cli("export", dataDir, "feedback", "--from", today, "--to", today);
    const [header, row, ...rest] = csv.stdout.trim().split("\r\n");
    expect(header).toBe("ratedAt,user,language,feedback,reason,comment,model,promptVersion,answerVersion,question,reply,messageId");
    expect(row).toContain(",en,dislike,not-helpful,,m,1,1,What helps with hay fever?,Antihistamines can help.,");
    expect(row).toMatch(/,m-[0-9a-f]{16}$/);
    expect(rest).toEqual([]);
    // A second export names the same user and message differently: the two cannot be joined.
    const again = (await cli("export", dataDir, "feedback", "--from", today, "--to", today)).stdout.trim().split("\r\n")[1] ?? "";
    const idsOf = (line: string) => line.split(",").filter((cell) => /^[pm]-[0-9a-f]+$/.test(cell));
    expect(idsOf(row ?? "")).toHaveLength(2);
    expect(idsOf(again).filter((id) => idsOf(row ?? "").includes(id))).toEqual([]);
    expect(csv.stdout + again).not.toMatch(uuid);

    await expect(cli("export", dataDir, "everything", "--from", today, "--to", today)).rejects.toMatchObject({ code: 2 });
    await expect(cli("export", dataDir, "chats", "--from", "2026-02-01", "--to", "2026-01-01")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("The start must not be after the end."),
    });
  }, 120_000);

  it("npm run users disables and enables a user by e-mail", async () => {
    const dataDir = await dataDirWithOneChat();
    expect((await cli("users", dataDir, "disable", "Alice@Example.com")).stdout).toBe("alice@example.com\tdisabled\tunverified\tuser\n");
    expect((await cli("users", dataDir, "show", "alice@example.com")).stdout).toBe("alice@example.com\tdisabled\tunverified\tuser\n");
    expect((await cli("users", dataDir, "enable", "alice@example.com")).stdout).toBe("alice@example.com\tenabled\tunverified\tuser\n");
    await expect(cli("users", dataDir, "disable", "nobody@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("no user with the e-mail nobody@example.com"),
    });
  }, 120_000);

  it("npm run users grants and revokes the operator role, which needs a confirmed e-mail and a password set by mailed link, and audits both", async () => {
    const dataDir = await dataDirWithOneChat();
    const granted = await cli("users", dataDir, "grant-operator", "alice@example.com");
    expect(granted.stdout).toBe("alice@example.com\tenabled\tunverified\tuser\n");
    expect(granted.stderr).toContain("takes effect once this e-mail address is confirmed");
    await withDatabase(dataDir, (db) => db.update(users).set({ emailVerified: true }).where(eq(users.id, "user-1")));
    // Confirmed, but the password is still the one chosen at sign-up, maybe by someone else.
    const waiting = await cli("users", dataDir, "show", "alice@example.com");
    expect(waiting.stdout).toBe("alice@example.com\tenabled\tverified\tuser\n");
    expect(waiting.stderr).toContain("takes effect once its owner sets a password through a mailed link");
    await withDatabase(dataDir, (db) => db.update(users).set({ passwordSetByLinkAt: new Date() }).where(eq(users.id, "user-1")));
    expect((await cli("users", dataDir, "show", "alice@example.com")).stdout).toBe("alice@example.com\tenabled\tverified\toperator\n");
    expect((await cli("users", dataDir, "revoke-operator", "alice@example.com")).stdout).toBe(
      "alice@example.com\tenabled\tverified\tuser\n",
    );
    const events = await withDatabase(dataDir, (db) => db.select().from(auditEvents).orderBy(asc(auditEvents.createdAt)));
    expect(events.map((e) => [e.action, e.actorLabel, e.targetUserId, e.targetLabel])).toEqual([
      ["operator-granted", "command line", "user-1", "alice@example.com"],
      ["operator-revoked", "command line", "user-1", "alice@example.com"],
    ]);
  }, 120_000);

  it("npm run export and npm run prompts -- set each leave an audit row (issue 22, item 6)", async () => {
    const dataDir = await dataDirWithOneChat();
    const today = new Date().toISOString().slice(0, 10);
    await cli("export", dataDir, "feedback", "--from", today, "--to", today, "--format", "jsonl");
    const promptFile = join(dataDir, "system.txt");
    await writeFile(promptFile, "You are a careful health assistant.");
    expect((await cli("prompts", dataDir, "set", "system", promptFile)).stdout).toContain("updated to version 2");
    const events = await withDatabase(dataDir, (db) => db.select().from(auditEvents).orderBy(asc(auditEvents.createdAt)));
    expect(events.map((e) => [e.action, e.actorLabel, e.actorUserId, e.details])).toEqual([
      ["export", "command line", null, { kind: "feedback", format: "jsonl", from: today, to: today }],
      ["prompt-changed", "command line", null, { prompt: "system", version: 2 }],
    ]);
    // Reading prompts changes nothing and is not recorded.
    await cli("prompts", dataDir, "get", "system");
    expect(await withDatabase(dataDir, (db) => db.select().from(auditEvents))).toHaveLength(2);
  }, 120_000);
});
