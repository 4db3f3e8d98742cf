import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { chats, messages } from "../schema";

type Owned = { db: Database; userId: string };

/** The user's chats, newest first; `search` matches the title or any message text. */
export async function listChats({ db, userId, search }: Owned & { search?: string }) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const matches = pattern
    ? or(
        ilike(chats.title, pattern),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.text} ilike ${pattern})`,
      )
    : undefined;
  return db
    .select({ id: chats.id, title: chats.title, updatedAt: chats.updatedAt })
    .from(chats)
    .where(and(eq(chats.userId, userId), matches))
    .orderBy(desc(chats.updatedAt));
}

/** One chat of this user with its messages in order, or undefined (missing or someone else's). */
export async function getChatWithMessages({ db, userId, chatId }: Owned & { chatId: string }) {
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .limit(1);
  if (!chat) return undefined;
  const rows = await db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.position));
  return { id: chat.id, title: chat.title, updatedAt: chat.updatedAt, messages: rows };
}

export async function chatBelongsTo({ db, userId, chatId }: Owned & { chatId: string }) {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .limit(1);
  return Boolean(row);
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
