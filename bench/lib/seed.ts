import { PGlite } from "@electric-sql/pglite";
import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { PgDialect, QueryBuilder } from "drizzle-orm/pg-core";
import pg from "pg";
import { promptHistoryQuery } from "../../src/server/db/queries/messages";
import { chats, messages, sessions } from "../../src/server/db/schema";

/** Raw SQL on PGlite or PostgreSQL, whichever the run uses. */
export interface RawDb {
  query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

export async function openRaw(target: { pgliteDir: string } | { url: string }): Promise<RawDb> {
  if ("url" in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const client = await PGlite.create({ dataDir: target.pgliteDir });
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    close: () => client.close(),
  };
}

const userText = "My blood pressure was 150/95 this morning after coffee. Is that something I should worry about?";
const assistantText = `${"A single reading after coffee is often higher than usual. Measure again after resting for five minutes, seated, and keep a short diary for a week. ".repeat(8)}See your doctor if readings stay above 140/90.`;

/**
 * Gives `userId` 500 chats (two messages each; the newest has 200) and 20 other users as many, so the
 * tables are big enough that the planner has to choose between an index and a scan.
 */
export async function seedHistory(db: RawDb, userId: string, { otherUsers = 20, chatsPerUser = 500 } = {}) {
  await db.query(
    `insert into users (id, name, email) select 'bench-other-' || g, 'Other ' || g, 'other' || g || '@bench.local' from generate_series(1, $1::int) g`,
    [otherUsers],
  );
  // Other people's sessions, so the session lookup by token has a table worth an index.
  await db.query(
    `insert into sessions (id, expires_at, token, user_id)
     select 'bench-session-' || u.id || '-' || g, now() + interval '1 day', md5(u.id || '/' || g), u.id
     from users u cross join generate_series(1, 100) g where u.id like 'bench-other-%'`,
  );
  await db.query(
    `insert into chats (user_id, title, created_at, updated_at)
     select u.id, 'Chat ' || g, now() - make_interval(mins => g), now() - make_interval(mins => g)
     from users u cross join generate_series(1, $2::int) g where u.id like 'bench-other-%' or u.id = $1`,
    [userId, chatsPerUser],
  );
  await db.query(
    `insert into messages (chat_id, position, sender, text)
     select c.id, p, case when p % 2 = 0 then 'user' else 'assistant' end, case when p % 2 = 0 then $1 else $2 end
     from chats c cross join generate_series(0, 1) p`,
    [userText, assistantText],
  );
  const [newest] = await db.query("select id from chats where user_id = $1 order by updated_at desc limit 1", [userId]);
  const chatId = String(newest?.id);
  await db.query(
    `insert into messages (chat_id, position, sender, text)
     select $1, p, case when p % 2 = 0 then 'user' else 'assistant' end, case when p % 2 = 0 then $2 else $3 end
     from generate_series(2, 199) p`,
    [chatId, userText, assistantText],
  );
  await db.query("analyze");
  return { chatId };
}

/** The hot-path queries, built with the same Drizzle calls as src/server/db/queries, with EXPLAIN ANALYZE plans. */
export async function explainHotPaths(db: RawDb, { userId, chatId }: { userId: string; chatId: string }) {
  const qb = new QueryBuilder();
  const [session] = await db.query("select token from sessions where user_id = $1 limit 1", [userId]);
  // Where the first page of the chat list ends, as the server's cursor holds it.
  const [cursor] = await db.query(
    `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at, id from chats
     where user_id = $1 order by updated_at desc, id desc offset 49 limit 1`,
    [userId],
  );
  const chatPage = (after?: SQL) =>
    qb
      .select({ id: chats.id, title: chats.title, updatedAt: chats.updatedAt })
      .from(chats)
      .where(and(eq(chats.userId, userId), after))
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(51);
  const messagePage = (where: SQL | undefined) =>
    qb.select({ id: messages.id, text: messages.text }).from(messages).where(where).orderBy(desc(messages.position)).limit(51);
  const queries = [
    {
      label: "chat list, first page: chats by user, newest first (listChatPage)",
      query: chatPage().toSQL(),
      table: "chats",
    },
    {
      label: "chat list, a later page: after a cursor (listChatPage)",
      query: chatPage(
        and(
          sql`${chats.updatedAt} <= ${String(cursor?.updated_at)}::timestamptz`,
          or(sql`${chats.updatedAt} < ${String(cursor?.updated_at)}::timestamptz`, lt(chats.id, String(cursor?.id))),
        ),
      ).toSQL(),
      table: "chats",
    },
    {
      label: "one chat, newest 50 messages (getChatWithMessagePage)",
      query: messagePage(eq(messages.chatId, chatId)).toSQL(),
      table: "messages",
    },
    {
      label: "one chat, 50 older messages before a position (getChatWithMessagePage)",
      query: messagePage(and(eq(messages.chatId, chatId), lt(messages.position, 150))).toSQL(),
      table: "messages",
    },
    {
      label: "a chat's owner and its newest turns for the model, within 6,000 tokens (getOwnedPromptHistory)",
      query: new PgDialect().sqlToQuery(promptHistoryQuery({ userId, chatId, maxTokens: 6000, redacted: true })),
      table: "messages",
    },
    {
      label: "next position when a message is saved (appendMessage)",
      query: qb
        .select({ next: sql`coalesce(max(${messages.position}), -1) + 1` })
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .toSQL(),
      table: "messages",
    },
    {
      label: "session lookup on every signed-in request (better-auth)",
      query: qb
        .select()
        .from(sessions)
        .where(eq(sessions.token, String(session?.token)))
        .toSQL(),
      table: "sessions",
    },
  ];
  const plans = [];
  for (const { label, query, table } of queries) {
    const rows = await db.query(`explain (analyze, costs off, timing off, summary off) ${query.sql}`, query.params);
    const plan = rows.map((row) => String(Object.values(row)[0])).join("\n");
    const indexed = /Index/.test(plan) && !new RegExp(`Seq Scan on ${table}`).test(plan);
    plans.push({ label, query: query.sql, plan, indexed });
  }
  return plans;
}
