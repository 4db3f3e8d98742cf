import { eq, getTableColumns, getTableName, inArray, is, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { insertAuditEvent } from "../../src/server/db/queries/audit";
import * as schema from "../../src/server/db/schema";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { signIn, signUp, signUpVerified, userIdOf } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

/**
 * Columns stored with a person's id that "Download my data" leaves out, and why. Every other column of every
 * table that holds the user's id is in the export. Not withheld on purpose: the client address and browser of
 * each session (the person's own data, and how they can spot a sign-in that was not theirs) and their e-mail.
 */
const withheld: Record<string, string> = {
  // Secrets: in a downloaded file they let whoever finds it guess the password offline or act as the user.
  "accounts.password": "the password hash",
  "accounts.accessToken": "a sign-in provider's token",
  "accounts.refreshToken": "a sign-in provider's token",
  "accounts.idToken": "a sign-in provider's token",
  "sessions.token": "the session's bearer token (what the cookie carries)",
  // The other side of an audit entry is another person (GDPR Art. 15(4); CJEU C-579/21: not the identity of the
  // staff who acted). The export's `role` says whether this user acted or was acted on.
  "audit_events.actorUserId": "the operator who acted",
  "audit_events.actorLabel": "the operator who acted",
  "audit_events.targetUserId": "the user an operator acted on",
  "audit_events.targetLabel": "the user an operator acted on",
};

type Row = Record<string, unknown>;
interface Download {
  account: Row;
  settings: Row;
  signInMethods: Row[];
  sessions: Row[];
  chats: (Row & { id: string; messages: Row[] })[];
  auditEvents: Row[];
}

/** Where the export holds each table's rows (a message's chat is the chat it is listed under). */
const sections: Record<string, (data: Download) => Row[]> = {
  users: (data) => [data.account],
  profiles: (data) => [data.settings],
  accounts: (data) => data.signInMethods,
  sessions: (data) => data.sessions,
  chats: (data) => data.chats,
  messages: (data) => data.chats.flatMap((chat) => chat.messages.map((message) => ({ chatId: chat.id, ...message }))),
  audit_events: (data) => data.auditEvents,
};

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const columnsOf = (table: PgTable) => Object.entries(getTableColumns(table)) as [string, AnyPgColumn][];
const keyOf = (table: PgTable, column: AnyPgColumn) => columnsOf(table).find(([, c]) => c === column)?.[0] ?? column.name;
const parentsOf = (table: PgTable) =>
  getTableConfig(table).foreignKeys.map((fk) => {
    const { columns, foreignColumns, foreignTable } = fk.reference();
    return { column: columns[0] as AnyPgColumn, parent: foreignTable, parentColumn: foreignColumns[0] as AnyPgColumn };
  });
const refersToUser = (table: PgTable, column: AnyPgColumn) =>
  column.name === "user_id" || parentsOf(table).some((ref) => ref.column === column && ref.parent === schema.users);

/** The users table, the tables with a column that refers to a user, and the tables whose rows belong to those. */
function tablesHoldingUserData(): Set<PgTable> {
  const found = new Set<PgTable>([schema.users]);
  for (const table of tables) if (columnsOf(table).some(([, column]) => refersToUser(table, column))) found.add(table);
  let grew = true;
  while (grew) {
    grew = false;
    for (const table of tables) {
      if (!found.has(table) && parentsOf(table).some((ref) => found.has(ref.parent))) {
        found.add(table);
        grew = true;
      }
    }
  }
  return found;
}

/** The rows of a table that hold this user's id, directly or through a row of theirs (a message of their chat). */
async function rowsOf(db: Database, table: PgTable, userId: string, owned: Set<PgTable>): Promise<Row[]> {
  const conditions: SQL[] = [];
  if (table === schema.users) conditions.push(eq(schema.users.id, userId));
  for (const [, column] of columnsOf(table)) if (column.name === "user_id") conditions.push(eq(column, userId));
  for (const { column, parent, parentColumn } of parentsOf(table)) {
    if (!owned.has(parent)) continue;
    const parentRows = parent === table ? [] : await rowsOf(db, parent, userId, owned);
    const values = parentRows.map((row) => row[keyOf(parent, parentColumn)]);
    conditions.push(values.length > 0 ? inArray(column, values) : sql`false`);
  }
  return (await db
    .select()
    .from(table)
    .where(or(...conditions))) as Row[];
}

/** Values as they travel in JSON (dates as ISO strings). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

const OPERATOR = "lead@research.example";
const ALICE = "alice@example.com";

describeEachDatabase("Download my data holds every column stored about the person", ({ createApp }) => {
  it("matches, column by column, every table that holds the user's id, except the listed secrets", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, LLM_MODEL: "test-model-1", OPERATOR_EMAILS: `${OPERATOR},${ALICE}` });
    const operator = t.client();
    const alice = t.client();
    const bob = t.client();
    await signUpVerified(t, operator, OPERATOR);
    await signUpVerified(t, alice, ALICE, undefined, "de");
    await signUp(bob, "bob@example.com");
    const aliceId = await userIdOf(t.db, ALICE);

    // Alice writes, gets a red flag, rates a reply with a reason and a comment; Bob writes too.
    const sent = await sendMessage(alice, "Rückenschmerzen seit gestern", { language: "de" });
    await sendMessage(alice, "Ich habe starke Brustschmerzen und schwitze", { language: "de", chatId: sent.chatId });
    const reply = eventOf(sent.events, "done")?.message.id;
    await alice.put(`/api/messages/${reply}/feedback`, { kind: "dislike" });
    expect((await alice.put(`/api/messages/${reply}/feedback-reason`, { reason: "unclear", comment: "zu allgemein" })).status).toBe(200);
    await sendMessage(bob, "bob's own question");
    // An operator disabled and enabled her (she is the subject; recorded directly, as the dashboard may no longer
    // change an operator), and she, an operator too, exports (the actor).
    const operatorId = await userIdOf(t.db, OPERATOR);
    // Distinct times: two rows written in the same millisecond have no order of their own.
    const disabledAt = Date.now();
    for (const [index, action] of (["user-disabled", "user-enabled"] as const).entries()) {
      const createdAt = new Date(disabledAt + index);
      const event = { action, actorUserId: operatorId, actorLabel: OPERATOR, targetUserId: aliceId, targetLabel: ALICE, createdAt };
      await insertAuditEvent({ db: t.db, event });
    }
    await signIn(alice, ALICE);
    const today = new Date().toISOString().slice(0, 10);
    expect((await alice.get(`/api/operator/export/feedback?from=${today}&to=${today}`)).status).toBe(200);

    const response = await alice.get("/api/account/export");
    expect(response.status).toBe(200);
    const data = response.json as Download;

    const owned = tablesHoldingUserData();
    const names = [...owned].map((table) => getTableName(table));
    expect(names).toEqual(expect.arrayContaining(["users", "sessions", "accounts", "profiles", "chats", "messages", "audit_events"]));
    expect(
      names.filter((name) => !sections[name]),
      "tables that hold the user's id but have no place in the export",
    ).toEqual([]);
    for (const entry of Object.keys(withheld)) {
      const [tableName, key] = entry.split(".");
      const table = tables.find((candidate) => getTableName(candidate) === tableName);
      expect(table && key && key in getTableColumns(table), `withheld column ${entry} exists`).toBe(true);
    }

    const missing: string[] = [];
    for (const table of owned) {
      const name = getTableName(table);
      const stored = await rowsOf(t.db, table, aliceId, owned);
      const exported = (sections[name]?.(data) ?? []).map((row) => row ?? {});
      expect(stored.length, `${name}: rows to compare`).toBeGreaterThan(0);
      // A column that names this user (user_id) is the same in every row: the export is hers as a whole.
      const ownerKeys = columnsOf(table)
        .filter(([key, column]) => refersToUser(table, column) && !withheld[`${name}.${key}`])
        .map(([key]) => key);
      for (const key of ownerKeys) expect(new Set(stored.map((row) => row[key])), `${name}.${key}`).toEqual(new Set([aliceId]));
      const keys = columnsOf(table)
        .map(([key]) => key)
        .filter((key) => !withheld[`${name}.${key}`] && !ownerKeys.includes(key));
      for (const key of keys) if (exported.length === 0 || exported.some((row) => !(key in row))) missing.push(`${name}.${key}`);
      const project = (row: Row) => JSON.stringify(keys.map((key) => [key, asJson(row[key])]));
      expect(exported.map(project).sort(), `${name}: exported rows equal the stored ones`).toEqual(stored.map(project).sort());
    }
    expect(missing, "columns stored with the user's id that the export leaves out (export them, or list them as withheld)").toEqual([]);

    expect(data.account).toMatchObject({ id: aliceId, email: ALICE, emailVerified: true, name: "" });
    expect(data.settings).toMatchObject({ languageCode: "de" });
    expect(data.auditEvents.map((event) => [event.action, event.role])).toEqual([
      ["export", "actor"],
      ["user-enabled", "subject"],
      ["user-disabled", "subject"],
      ["operator-verified", "subject"],
    ]);
    const replyRow = data.chats[0]?.messages.find((message) => message.id === reply);
    expect(replyRow).toMatchObject({
      feedback: "dislike",
      feedbackReason: "unclear",
      feedbackComment: "zu allgemein",
      model: "test-model-1",
      promptVersion: 1,
    });
    expect(replyRow?.feedbackAt).toEqual(expect.any(String));
    expect(data.chats[0]?.messages[0]).toMatchObject({ sender: "user", language: "de" });

    // Nothing withheld, and nobody else, is in the file.
    const [credential] = await t.db.select().from(schema.accounts).where(eq(schema.accounts.userId, aliceId));
    const tokens = await t.db.select({ token: schema.sessions.token }).from(schema.sessions).where(eq(schema.sessions.userId, aliceId));
    for (const secret of [credential?.password, ...tokens.map((row) => row.token)]) {
      expect(secret).toEqual(expect.any(String));
      expect(response.text).not.toContain(secret);
    }
    expect(response.text).not.toMatch(/argon2|bob|lead@research/);
  }, 60_000);
});
