import { and, desc, eq, ilike, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { CHATS_PAGE_SIZE, MESSAGES_PAGE_SIZE } from "../../../shared/schemas/chat";
import type { Database } from "../client";
import { chats, messages } from "../schema";
import { listMessagePage } from "./messages";

type Owned = { db: Database; userId: string };
/** Where a page of the history ends: the last chat's time (microseconds, UTC, ISO 8601) and id. */
export type HistoryCursor = { updatedAt: string; id: string };

/** The chat's time as PostgreSQL keeps it (to the microsecond, in UTC), for a cursor that compares exactly. */
const sortKey = sql<string>`to_char(${chats.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// Columns in a select list are written without their table, which inside this subquery would name the message's
// own id: both tables are named here instead.
const firstMatch = (pattern: string) =>
  sql`select m.text from ${messages} m where m.chat_id = "chats".id and m.text ilike ${pattern} order by m.position limit 1`;

/**
 * What the history shows of a chat (chatSummarySchema), and for a search, why it matched when not by its title:
 * its first matching message (`matchedText`), of this chat only, so of this user.
 */
const summary = {
  id: chats.id,
  title: chats.title,
  updatedAt: sql<string>`to_char(${chats.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  pinned: sql<boolean>`${chats.pinnedAt} is not null`,
};
const summaryOf = (pattern: string | undefined) => ({
  ...summary,
  matchedText: pattern
    ? sql<string | null>`case when ${chats.title} ilike ${pattern} then null else (${firstMatch(pattern)}) end`
    : sql<null>`null`,
});

/** The user's pinned chats (those `matches` allows), newest pin first; at most a page of them. */
function listPinned({ db, userId }: Owned, matches: SQL | undefined, pattern: string | undefined) {
  return db
    .select(summaryOf(pattern))
    .from(chats)
    .where(and(eq(chats.userId, userId), isNotNull(chats.pinnedAt), matches))
    .orderBy(desc(chats.pinnedAt), desc(chats.id))
    .limit(CHATS_PAGE_SIZE);
}

/**
 * One page of the user's unpinned chats, newest first (ties by id), after `after` when given; `search` matches
 * the title or any message text. `next` is where the following page starts, or undefined on the last page. The
 * first page also holds the pinned chats that match (newest pin first; at most a page of them).
 */
export async function listChatPage({ db, userId, search, after }: Owned & { search?: string; after?: HistoryCursor }) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const matches = pattern
    ? or(
        ilike(chats.title, pattern),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.text} ilike ${pattern})`,
      )
    : undefined;
  // Written so that the time bound is an index condition (chats_user_updated_idx) and the id only breaks ties.
  const afterCursor = after
    ? and(
        sql`${chats.updatedAt} <= ${after.updatedAt}::timestamptz`,
        or(sql`${chats.updatedAt} < ${after.updatedAt}::timestamptz`, lt(chats.id, after.id)),
      )
    : undefined;
  const [rows, pinned] = await Promise.all([
    db
      .select({ ...summaryOf(pattern), sortKey })
      .from(chats)
      .where(and(eq(chats.userId, userId), isNull(chats.pinnedAt), matches, afterCursor))
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(CHATS_PAGE_SIZE + 1),
    after ? Promise.resolve([]) : listPinned({ db, userId }, matches, pattern),
  ]);
  const page = rows.slice(0, CHATS_PAGE_SIZE);
  const last = page.at(-1);
  const next: HistoryCursor | undefined = rows.length > CHATS_PAGE_SIZE && last ? { updatedAt: last.sortKey, id: last.id } : undefined;
  return { chats: page.map(({ sortKey: _key, ...chat }) => chat), pinned, next };
}

/**
 * One chat of this user with a page of its messages (the newest, or those before the position `before`),
 * oldest first; undefined when it is missing or someone else's. Both are read at once: messages of a chat
 * that is not the user's are dropped unread by the caller.
 */
export async function getChatWithMessagePage({ db, userId, chatId, before }: Owned & { chatId: string; before?: number }) {
  const [[chat], page] = await Promise.all([
    db
      .select({ id: chats.id, title: chats.title })
      .from(chats)
      .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
      .limit(1),
    listMessagePage({ db, chatId, before, limit: MESSAGES_PAGE_SIZE }),
  ]);
  if (!chat) return undefined;
  return { ...chat, ...page };
}

/** The model's title for a chat; a chat the user renamed keeps their name. */
export async function setChatTitle({ db, chatId, title }: { db: Database; chatId: string; title: string }) {
  await db
    .update(chats)
    .set({ title })
    .where(and(eq(chats.id, chatId), isNull(chats.renamedAt)));
}

/**
 * Renames and/or pins or unpins one chat of this user, without touching its time in the history; the chat as the
 * history shows it, or undefined when it is missing or someone else's.
 */
export async function updateChat({ db, userId, chatId, title, pinned }: Owned & { chatId: string; title?: string; pinned?: boolean }) {
  const now = new Date();
  const [row] = await db
    .update(chats)
    .set({
      ...(title === undefined ? {} : { title, renamedAt: now }),
      ...(pinned === undefined ? {} : { pinnedAt: pinned ? sql`coalesce(${chats.pinnedAt}, ${now})` : null }),
    })
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning(summary);
  return row;
}

export async function deleteChat({ db, userId, chatId }: Owned & { chatId: string }) {
  const deleted = await db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning({ id: chats.id });
  return deleted.length > 0;
}

export async function deleteAllChats({ db, userId }: Owned) {
  const deleted = await db.delete(chats).where(eq(chats.userId, userId)).returning({ id: chats.id });
  return deleted.length;
}
