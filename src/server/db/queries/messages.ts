import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { FeedbackKind } from "../../../shared/values";
import type { Database } from "../client";
import { chats, type Message, messages } from "../schema";

type NewMessage = Pick<Message, "chatId" | "sender" | "text"> &
  Partial<
    Pick<
      Message,
      "redactedText" | "status" | "errorCode" | "redFlags" | "language" | "model" | "promptVersion" | "latencyMs" | "questionId"
    >
  >;

/** A message on the conversation's current path (not an earlier version of its turn). */
const isCurrent = isNull(messages.supersededAt);

/** The chat a message was to be appended to no longer exists: it was deleted meanwhile (by its owner, or with the account). */
export class ChatGoneError extends Error {
  override name = "ChatGoneError";
  constructor(readonly chatId: string) {
    super("The chat no longer exists.");
  }
}

/**
 * Appends a message at the chat's next position and touches the chat, in one statement; writers to one chat queue
 * on its row lock, and a taken position is retried. Throws ChatGoneError when the chat is gone. Why it is safe:
 * docs/architecture.md, "Appending a message".
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
          position: sql`(select coalesce(max(${messages.position}), -1) + 1 from ${messages} where ${messages.chatId} = ${message.chatId} and ${isCurrent})`,
        })
        .returning();
      if (!row) throw new Error("insert returned no message");
      return row;
    } catch (error) {
      if (databaseErrorCode(error) === notNullViolation) throw new ChatGoneError(message.chatId);
      if (attempt >= 9 || databaseErrorCode(error) !== uniqueViolation) throw error;
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

const uniqueViolation = "23505";
// Only the chat's id can be null in appendMessage's insert (every other NOT NULL column has a value or a default).
const notNullViolation = "23502";

/** PostgreSQL's error code, on the error itself (pg, PGlite) or on the error Drizzle wraps it in. */
function databaseErrorCode(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code ?? (error as { cause?: { code?: string } } | undefined)?.cause?.code;
}

/** The columns the chat screen needs of a message (toChatMessage), and nothing else. */
const shownMessageColumns = {
  id: messages.id,
  position: messages.position,
  sender: messages.sender,
  text: messages.text,
  status: messages.status,
  feedback: messages.feedback,
  feedbackReason: messages.feedbackReason,
  feedbackComment: messages.feedbackComment,
  errorCode: messages.errorCode,
  redFlags: messages.redFlags,
  redFlagModelCategory: messages.redFlagModelCategory,
  questionId: messages.questionId,
};

/**
 * A chat's newest `limit` messages before the position `before` (all positions when not given), oldest first.
 * `olderBefore` is the `before` of the page older than these, or null when these are the chat's first.
 */
export async function listMessagePage({ db, chatId, before, limit }: { db: Database; chatId: string; before?: number; limit: number }) {
  const rows = await db
    .select(shownMessageColumns)
    .from(messages)
    .where(and(eq(messages.chatId, chatId), isCurrent, before === undefined ? undefined : lt(messages.position, before)))
    .orderBy(desc(messages.position))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const oldest = page[0];
  const versions = oldest ? await listEarlierVersions({ db, chatId, from: oldest.position - 1, to: page.at(-1)?.position ?? 0 }) : [];
  return { messages: page, versions, olderBefore: rows.length > limit && oldest ? oldest.position : null };
}

/** A page's earlier versions (positions `from` to `to`), and the current question just before the page: oldest first. */
export async function listEarlierVersions({ db, chatId, from, to }: { db: Database; chatId: string; from: number; to: number }) {
  return db
    .select(shownMessageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        gte(messages.position, from),
        lte(messages.position, to),
        sql`(${messages.supersededAt} is not null or ${messages.position} = ${from})`,
      ),
    )
    .orderBy(asc(messages.position), asc(messages.createdAt), asc(messages.id));
}

/** What a prompt reads of a message, and its id (a reply to replace is deleted by it). */
export type HistoryTurn = Pick<Message, "id" | "sender" | "text" | "redactedText" | "status">;

/**
 * A chat's newest messages, walked down its position index: the newest, then older ones until their estimated
 * tokens (as buildReplyPrompt counts them; failed replies count 0) reach `maxTokens`, that one included. With the
 * owner check in the same statement: undefined when the chat is missing or someone else's.
 */
export async function getOwnedPromptHistory({
  db,
  userId,
  chatId,
  maxTokens,
  redacted,
}: {
  db: Database;
  userId: string;
  chatId: string;
  maxTokens: number;
  redacted: boolean;
}): Promise<HistoryTurn[] | undefined> {
  const result = await db.execute(promptHistoryQuery({ userId, chatId, maxTokens, redacted }));
  const rows = (result as unknown as { rows: PromptHistoryRow[] }).rows;
  if (rows.length === 0) return undefined;
  // A chat without messages still gives its one row, with nothing joined to it.
  return rows.flatMap(({ id, sender, text, redacted_text, status }) =>
    id !== null && sender !== null && text !== null && status !== null ? [{ id, sender, text, redactedText: redacted_text, status }] : [],
  );
}

type Nullable<T> = { [K in keyof T]: T[K] | null };
type PromptHistoryRow = Nullable<Pick<Message, "id" | "sender" | "text" | "status">> & { redacted_text: string | null };

/** getOwnedPromptHistory's statement (the bench explains it too). */
export function promptHistoryQuery({
  userId,
  chatId,
  maxTokens,
  redacted,
}: {
  userId: string;
  chatId: string;
  maxTokens: number;
  redacted: boolean;
}) {
  const measured = redacted ? sql.raw("coalesce(m.redacted_text, m.text)") : sql.raw("m.text");
  const columns = sql.raw("m.id, m.position, m.sender, m.text, m.redacted_text, m.status");
  const owned = sql`exists (select 1 from chats where id = ${chatId} and user_id = ${userId})`;
  return sql`with recursive walk as (
      (select ${columns}, 0 as older_tokens from messages m
        where m.chat_id = ${chatId} and m.superseded_at is null and ${owned} order by m.position desc limit 1)
      union all
      (select ${columns}, w.older_tokens + case when m.status = 'error' then 0 else ceil(char_length(${measured}) / 4.0)::integer + 4 end
        from walk w cross join lateral (
          select ${columns} from messages m
          where m.chat_id = ${chatId} and m.superseded_at is null and m.position < w.position order by m.position desc limit 1
        ) m
        where w.older_tokens < ${maxTokens}::integer)
    )
    select w.id, w.sender, w.text, w.redacted_text, w.status from chats c left join walk w on true
    where c.id = ${chatId} and c.user_id = ${userId} order by w.position`;
}

/** Stores the redacted text of messages that had none (saved before the column existed, or while redaction was off). */
export async function setRedactedTexts({ db, texts }: { db: Database; texts: { id: string; redactedText: string }[] }) {
  if (texts.length === 0) return;
  const values = sql.join(
    texts.map(({ id, redactedText }) => sql`(${id}::uuid, ${redactedText})`),
    sql`, `,
  );
  await db.execute(
    sql`update messages set redacted_text = v.redacted_text from (values ${values}) as v(id, redacted_text)
      where messages.id = v.id and messages.redacted_text is null`,
  );
}

/** A chat's last `limit` user messages before `before` (a position), oldest first: their text and redacted text. */
export async function recentUserTexts({ db, chatId, before, limit }: { db: Database; chatId: string; before: number; limit: number }) {
  const rows = await db
    .select({ text: messages.text, redactedText: messages.redactedText })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.sender, "user"), isCurrent, lt(messages.position, before)))
    .orderBy(desc(messages.position))
    .limit(limit);
  return rows.reverse();
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

/**
 * Sets aside the reply a regenerate replaces: kept as an earlier version (browsable, with its rating), or removed
 * when it failed (an error is no answer to browse back to). A user's message is never touched by it.
 */
export async function supersedeReply({ db, messageId }: { db: Database; messageId: string }) {
  const reply = and(eq(messages.id, messageId), eq(messages.sender, "assistant"), isCurrent);
  await db.delete(messages).where(and(reply, eq(messages.status, "error")));
  await db.update(messages).set({ supersededAt: new Date() }).where(reply);
}

/**
 * Gives a question its newest earlier answer back as the current one, when a regenerate was stopped before its first
 * word (nothing replaced that answer). Nothing happens when the question has a current answer, or its place is taken.
 */
export async function restoreNewestAnswer({ db, chatId, questionId }: { db: Database; chatId: string; questionId: string }) {
  const answers = sql`chat_id = ${chatId} and question_id = ${questionId} and sender = 'assistant'`;
  try {
    await db.execute(sql`update messages set superseded_at = null
      where id = (select id from messages where ${answers} and superseded_at is not null order by created_at desc, id desc limit 1)
      and not exists (select 1 from messages where ${answers} and superseded_at is null)`);
  } catch (error) {
    // Another message took the position meanwhile (a send from another tab): the answer stays an earlier version.
    if (databaseErrorCode(error) !== uniqueViolation) throw error;
  }
}

/** The question to edit is no longer the chat's last current one (another tab sent or edited meanwhile). */
export class NotLastQuestionError extends Error {
  override name = "NotLastQuestionError";
}

/**
 * Replaces the chat's last question by an edited one, at its position, in one transaction (the chat row's lock
 * queues other writers). The old question and its replies stay as an earlier version of the turn; failed replies
 * are removed, and so is the old question when no reply of it is left. Throws ChatGoneError or NotLastQuestionError.
 */
export async function replaceLastQuestion({
  db,
  questionId,
  message,
}: {
  db: Database;
  questionId: string;
  message: NewMessage;
}): Promise<Message> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [chat] = await tx.update(chats).set({ updatedAt: now }).where(eq(chats.id, message.chatId)).returning({ id: chats.id });
    if (!chat) throw new ChatGoneError(message.chatId);
    const [old] = await tx
      .select({
        position: messages.position,
        last: sql<number>`(select max(position) from messages where chat_id = ${message.chatId} and sender = 'user' and superseded_at is null)`,
      })
      .from(messages)
      .where(and(eq(messages.id, questionId), eq(messages.chatId, message.chatId), eq(messages.sender, "user"), isCurrent));
    if (!old || old.position !== old.last) throw new NotLastQuestionError("Only the last question can be edited.");
    const replies = and(eq(messages.chatId, message.chatId), eq(messages.sender, "assistant"), eq(messages.questionId, questionId));
    await tx.delete(messages).where(and(replies, eq(messages.status, "error")));
    await tx.update(messages).set({ supersededAt: now }).where(and(replies, isCurrent));
    const [kept] = await tx.select({ id: messages.id }).from(messages).where(replies).limit(1);
    if (kept) await tx.update(messages).set({ supersededAt: now }).where(eq(messages.id, questionId));
    else await tx.delete(messages).where(eq(messages.id, questionId));
    const [row] = await tx
      .insert(messages)
      .values({ ...message, position: old.position })
      .returning();
    if (!row) throw new Error("insert returned no message");
    return row;
  });
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
  kind: FeedbackKind;
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
