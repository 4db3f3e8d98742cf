import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { chats, type Message, messages } from "../schema";

type NewMessage = Pick<Message, "chatId" | "sender" | "text"> & Partial<Pick<Message, "status" | "errorCode" | "redFlags">>;

/**
 * Appends a message at the chat's next position and touches the chat's time. The position is taken in the
 * same statement; when two writers race for it, the unique index refuses one and it tries again.
 */
export async function appendMessage({ db, message }: { db: Database; message: NewMessage }): Promise<Message> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({
            ...message,
            position: sql`(select coalesce(max(${messages.position}), -1) + 1 from ${messages} where ${messages.chatId} = ${message.chatId})`,
          })
          .returning();
        await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, message.chatId));
        if (!row) throw new Error("insert returned no message");
        return row;
      });
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error)) throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

export async function listMessages({ db, chatId }: { db: Database; chatId: string }) {
  return db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.position));
}

export async function countMessages({ db, chatId }: { db: Database; chatId: string }) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(messages).where(eq(messages.chatId, chatId));
  return row?.count ?? 0;
}

/** Removes the chat's last message when it is an assistant reply (before regenerating it). */
export async function deleteTrailingReply({ db, chatId }: { db: Database; chatId: string }) {
  const [last] = await db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(desc(messages.position)).limit(1);
  if (last?.sender === "assistant") await db.delete(messages).where(eq(messages.id, last.id));
}

/** The spec's toggle: the same kind again clears it; the other kind replaces it. Only on the user's own assistant messages. */
export async function toggleFeedback({
  db,
  userId,
  messageId,
  kind,
}: {
  db: Database;
  userId: string;
  messageId: string;
  kind: "like" | "dislike";
}) {
  const [row] = await db
    .update(messages)
    .set({ feedback: sql`case when ${messages.feedback} = ${kind} then null else ${kind} end` })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.sender, "assistant"),
        sql`${messages.chatId} in (select ${chats.id} from ${chats} where ${chats.userId} = ${userId})`,
      ),
    )
    .returning();
  return row;
}
