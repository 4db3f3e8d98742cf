import { and, asc, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { chats, type Message, messages } from "../schema";

type NewMessage = Pick<Message, "chatId" | "sender" | "text"> &
  Partial<Pick<Message, "status" | "errorCode" | "redFlags" | "language" | "model" | "promptVersion" | "latencyMs">>;

/**
 * Appends a message at the chat's next position and touches the chat's time, in one statement (one round
 * trip). The update of the chat row locks it, so writers to one chat (two tabs sending at once, a reply saved
 * while the next message arrives) queue behind each other; one that still computed a taken position (its
 * snapshot predates the other's commit) is refused by the unique (chat, position) index and tries again.
 */
export async function appendMessage({ db, message }: { db: Database; message: NewMessage }): Promise<Message> {
  for (let attempt = 0; ; attempt++) {
    try {
      const touched = db
        .$with("touched")
        .as(db.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, message.chatId)).returning({ id: chats.id }));
      const [row] = await db
        .with(touched)
        .insert(messages)
        .values({
          ...message,
          // Null (refused by NOT NULL) when the chat is gone, e.g. deleted while its reply was streaming.
          chatId: sql`(select ${touched.id} from ${touched})`,
          position: sql`(select coalesce(max(${messages.position}), -1) + 1 from ${messages} where ${messages.chatId} = ${message.chatId})`,
        })
        .returning();
      if (!row) throw new Error("insert returned no message");
      return row;
    } catch (error) {
      if (attempt >= 9 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Creates a chat with its first message in one statement; nobody else can write to it yet. */
export async function createChatWithMessage({
  db,
  userId,
  message,
}: {
  db: Database;
  userId: string;
  message: Omit<NewMessage, "chatId">;
}): Promise<Message> {
  const chatId = crypto.randomUUID();
  const created = db.$with("created").as(db.insert(chats).values({ id: chatId, userId }).returning({ id: chats.id }));
  const [row] = await db
    .with(created)
    .insert(messages)
    .values({ ...message, chatId: sql`(select ${created.id} from ${created})`, position: 0 })
    .returning();
  if (!row) throw new Error("insert returned no message");
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

export async function listMessages({ db, chatId }: { db: Database; chatId: string }) {
  return db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.position));
}

/** The texts of a chat's last `limit` user messages before `before` (a position), oldest first. */
export async function recentUserTexts({ db, chatId, before, limit }: { db: Database; chatId: string; before: number; limit: number }) {
  const rows = await db
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.sender, "user"), lt(messages.position, before)))
    .orderBy(desc(messages.position))
    .limit(limit);
  return rows.map((row) => row.text).reverse();
}

/** Stores the model's second opinion on a user message (the layer that fired follows from it and the rules). */
export async function setModelRedFlagCheck({
  db,
  messageId,
  check,
}: {
  db: Database;
  messageId: string;
  check: Pick<Message, "redFlagModelOutcome" | "redFlagModelCategory" | "redFlagPromptVersion">;
}) {
  await db.update(messages).set(check).where(eq(messages.id, messageId));
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
