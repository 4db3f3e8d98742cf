import * as z from "zod/mini";
import { sendRefusalCodes } from "../errors";
import {
  feedbackKinds,
  feedbackReasons,
  MAX_CHAT_TITLE_CHARS,
  MAX_FEEDBACK_COMMENT_CHARS,
  MAX_MESSAGE_CHARS,
  messageStatuses,
  type ReplyErrorCode,
  redFlagCategories,
  replyErrorCodes,
  senders,
} from "../values";
import { languageSchema } from "./profile";

export { feedbackReasons, MAX_CHAT_TITLE_CHARS, MAX_FEEDBACK_COMMENT_CHARS, MAX_MESSAGE_CHARS, type ReplyErrorCode };

export const senderSchema = z.enum(senders);
export const feedbackSchema = z.enum(feedbackKinds);
export const feedbackReasonSchema = z.enum(feedbackReasons);
export const messageStatusSchema = z.enum(messageStatuses);
export const replyErrorCodeSchema = z.enum(replyErrorCodes);
export const redFlagsSchema = z.array(z.enum(redFlagCategories));
/** What the screen says about a failed turn: a server-reported code, or a connection lost mid-stream. */
export const turnFailureSchema = z.enum([...replyErrorCodes, "connection-lost"]);
export type TurnFailure = z.infer<typeof turnFailureSchema>;

const savedMessageSchema = z.object({
  id: z.string(),
  position: z.int(),
  sender: senderSchema,
  text: z.string(),
  status: messageStatusSchema,
  feedback: z.nullable(feedbackSchema),
  feedbackReason: z.nullable(feedbackReasonSchema),
  feedbackComment: z.nullable(z.string()),
  errorCode: z.nullable(turnFailureSchema),
  redFlags: redFlagsSchema,
});

/** One answer to a turn, with the version of the question it answered (an edited question is a new version). */
export const answerVersionSchema = z.object({ question: savedMessageSchema, answer: savedMessageSchema });
export type AnswerVersion = z.infer<typeof answerVersionSchema>;

/**
 * A message; a reply whose turn has more than one answer (Regenerate, an edited question) lists them all in
 * `versions`, oldest first, itself last: the screen browses them ("1/2"), each with its own rating.
 */
export const messageSchema = z.extend(savedMessageSchema, { versions: z.optional(z.array(answerVersionSchema)) });
export type ChatMessage = z.infer<typeof messageSchema>;

/** How many chats one page of the history holds, and how many messages one page of a chat. */
export const CHATS_PAGE_SIZE = 50;
export const MESSAGES_PAGE_SIZE = 50;

const chatTitleSchema = z.object({ id: z.string(), title: z.string() });

/**
 * A chat as the history lists it: the title (or "Chat n" without one), when it was last touched (ISO 8601, for
 * the date groups) and whether it is pinned.
 */
export const chatSummarySchema = z.extend(chatTitleSchema, { updatedAt: z.string(), pinned: z.boolean() });
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** How long a search result's snippet may be, "…" included: about one line in the history. */
export const SNIPPET_MAX_CHARS = 120;

/** A chat in the history: when a search matched a message (not the title), `snippet` is the text around it. */
export const chatListItemSchema = z.extend(chatSummarySchema, {
  snippet: z.optional(z.string().check(z.maxLength(SNIPPET_MAX_CHARS))),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/**
 * GET /api/chats: one page of the unpinned history, newest first; `nextCursor` asks for the page after it (null:
 * the last). The first page also carries the pinned chats (newest pin first); later pages an empty list.
 */
export const chatPageSchema = z.object({
  chats: z.array(chatListItemSchema),
  pinned: z.array(chatListItemSchema),
  nextCursor: z.nullable(z.string()),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

/** PATCH /api/chats/:id: a new title (trimmed, not empty) and/or pinning. */
export const updateChatSchema = z
  .strictObject({
    title: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_CHAT_TITLE_CHARS))),
    pinned: z.optional(z.boolean()),
  })
  .check(z.refine(({ title, pinned }) => title !== undefined || pinned !== undefined, "Nothing to change."));
export type UpdateChat = z.infer<typeof updateChatSchema>;

/**
 * GET /api/chats/:id: the chat with its newest messages (or those before `?before=`), oldest first.
 * `olderBefore` is the `before` that loads the page older than these; null when these are the oldest.
 */
export const chatDetailSchema = z.extend(chatTitleSchema, {
  messages: z.array(messageSchema),
  olderBefore: z.nullable(z.int()),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

export const chatIdSchema = z.uuid();

/** The query of GET /api/chats: a search (NUL cannot be stored, so it cannot match either) and the page's cursor. */
export const chatListQuerySchema = z.object({
  q: z.optional(
    z.pipe(
      z.string(),
      z.transform((q) => q.replaceAll("\u0000", "").trim().slice(0, 200)),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

/** The query of GET /api/chats/:id: `before` a position, for older messages. */
export const chatMessagesQuerySchema = z.object({
  before: z.optional(z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,10}$/)), z.transform(Number)), z.number().check(z.lte(2_147_483_647)))),
});

/** POST /api/chats/messages: a new user message, to an existing chat or (no chatId) a new one. */
export const sendMessageSchema = z.strictObject({
  chatId: z.optional(chatIdSchema),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_MESSAGE_CHARS)),
  language: languageSchema,
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/**
 * The body of a send refused with 429 (`too-many-requests`, `server-busy` or `too-many-live-replies`). The message was checked for an
 * emergency before the refusal, so the screen can still show the emergency card for the text the user typed.
 */
export const sendRefusalSchema = z.object({
  code: z.enum(sendRefusalCodes),
  message: z.string(),
  redFlags: redFlagsSchema,
});
export type SendRefusal = z.infer<typeof sendRefusalSchema>;

/**
 * POST /api/chats/:id/edit: the chat's last question (`messageId`), edited, and a new reply to it. The old question
 * and its replies stay as an earlier version of the turn.
 */
export const editMessageSchema = z.strictObject({
  messageId: chatIdSchema,
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_MESSAGE_CHARS)),
  language: languageSchema,
});
export type EditMessageRequest = z.infer<typeof editMessageSchema>;

/** POST /api/chats/:id/regenerate: a new reply to the chat's last user message. */
export const regenerateSchema = z.strictObject({ language: languageSchema });

export const feedbackRequestSchema = z.strictObject({ kind: feedbackSchema });

/** PUT /api/messages/:id/feedback-reason: the optional reason and comment after a like or dislike. */
export const feedbackReasonRequestSchema = z.strictObject({
  reason: feedbackReasonSchema,
  comment: z.optional(z.string().check(z.trim(), z.maxLength(MAX_FEEDBACK_COMMENT_CHARS))),
});

/** The events of a streamed reply (server-sent events over the POST response). */
export const streamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), chatId: z.string(), userMessage: z.nullable(messageSchema) }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  /** The text streamed so far was the model's reasoning, not its answer: it is dropped, and the answer follows. */
  z.object({ type: z.literal("reset") }),
  z.object({ type: z.literal("done"), message: messageSchema }),
  z.object({ type: z.literal("error"), code: replyErrorCodeSchema, message: messageSchema }),
  z.object({ type: z.literal("title"), chatId: z.string(), title: z.string() }),
  /** The model's second opinion found an emergency the rules did not: the user message's red flags, now. */
  z.object({ type: z.literal("red-flags"), messageId: z.string(), redFlags: redFlagsSchema }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
