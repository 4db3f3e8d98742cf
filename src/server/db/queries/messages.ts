import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { chats, type Message, messages } from "../schema";

type NewMessage = Pick<Message, "chatId" | "sender" | "text"> &
  Partial<Pick<Message, "status" | "errorCode" | "redFlags" | "language" | "model" | "promptVersion" | "latencyMs">>;

/**
 * Appends a message at the chat's next position and touches the chat's time. Writers to one chat (two tabs
 * sending at once, a reply saved while the next message arrives) are serialised by a lock on the chat row, so
 * each takes the next position in turn; the unique (chat, position) index stays as the safety net, and a
 * writer it refuses tries again.
 */
export async function appendMessage({ db, message }: { db: Database; message: NewMessage }): Promise<Message> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, message.chatId)).for("update");
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
    // A new rating starts without a reason: the reason given for the old one does not fit it.
    .set({
      feedback: sql`case when ${messages.feedback} = ${kind} then null else ${kind} end`,
      feedbackReason: null,
      feedbackComment: null,
      feedbackAt: sql`case when ${messages.feedback} = ${kind} then null else now() end`,
    })
    .where(ownAssistantMessage({ userId, messageId }))
    .returning();
  return row;
}

/** Adds the reason (and a comment) to a rating the user has given; undefined when there is none. */
export async function setFeedbackReason({
  db,
  userId,
  messageId,
  reason,
  comment,
}: {
  db: Database;
  userId: string;
  messageId: string;
  reason: NonNullable<Message["feedbackReason"]>;
  comment: string | undefined;
}) {
  const [row] = await db
    .update(messages)
    .set({ feedbackReason: reason, feedbackComment: comment || null })
    .where(and(ownAssistantMessage({ userId, messageId }), isNotNull(messages.feedback)))
    .returning();
  return row;
}

function ownAssistantMessage({ userId, messageId }: { userId: string; messageId: string }) {
  return and(
    eq(messages.id, messageId),
    eq(messages.sender, "assistant"),
    sql`${messages.chatId} in (select ${chats.id} from ${chats} where ${chats.userId} = ${userId})`,
  );
}
