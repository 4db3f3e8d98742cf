import { and, desc, eq, ilike, lt, or, sql } from "drizzle-orm";
import { CHATS_PAGE_SIZE, MESSAGES_PAGE_SIZE } from "../../../shared/schemas/chat";
import type { Database } from "../client";
import { chats, messages } from "../schema";
import { listMessagePage } from "./messages";

type Owned = { db: Database; userId: string };
/** Where a page of the history ends: the last chat's time (microseconds, UTC, ISO 8601) and id. */
export type HistoryCursor = { updatedAt: string; id: string };

/** The chat's time as PostgreSQL keeps it (to the microsecond, in UTC), for a cursor that compares exactly. */
const sortKey = sql<string>`to_char(${chats.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the user's chats, newest first (ties by id), after `after` when given; `search` matches the
 * title or any message text. `next` is where the following page starts, or undefined on the last page.
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
  const rows = await db
    .select({ id: chats.id, title: chats.title, sortKey })
    .from(chats)
    .where(and(eq(chats.userId, userId), matches, afterCursor))
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(CHATS_PAGE_SIZE + 1);
  const page = rows.slice(0, CHATS_PAGE_SIZE);
  const last = page.at(-1);
  const next: HistoryCursor | undefined = rows.length > CHATS_PAGE_SIZE && last ? { updatedAt: last.sortKey, id: last.id } : undefined;
  return { chats: page.map(({ id, title }) => ({ id, title })), next };
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

export async function setChatTitle({ db, chatId, title }: { db: Database; chatId: string; title: string }) {
  await db.update(chats).set({ title }).where(eq(chats.id, chatId));
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
