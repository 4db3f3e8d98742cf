import { z } from "zod";
import { sendRefusalCodes } from "../errors";
import {
  feedbackKinds,
  feedbackReasons,
  MAX_FEEDBACK_COMMENT_CHARS,
  MAX_MESSAGE_CHARS,
  messageStatuses,
  type ReplyErrorCode,
  replyErrorCodes,
  senders,
} from "../values";
import { languageSchema } from "./profile";

export { feedbackReasons, MAX_FEEDBACK_COMMENT_CHARS, MAX_MESSAGE_CHARS, type ReplyErrorCode };

export const senderSchema = z.enum(senders);
export const feedbackSchema = z.enum(feedbackKinds);
export const feedbackReasonSchema = z.enum(feedbackReasons);
export const messageStatusSchema = z.enum(messageStatuses);
export const replyErrorCodeSchema = z.enum(replyErrorCodes);
/** What the screen says about a failed turn: a server-reported code, or a connection lost mid-stream. */
export const turnFailureSchema = z.enum([...replyErrorCodeSchema.options, "connection-lost"]);
export type TurnFailure = z.infer<typeof turnFailureSchema>;

export const messageSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  sender: senderSchema,
  text: z.string(),
  status: messageStatusSchema,
  feedback: feedbackSchema.nullable(),
  feedbackReason: feedbackReasonSchema.nullable(),
  feedbackComment: z.string().nullable(),
  errorCode: turnFailureSchema.nullable(),
  redFlags: z.array(z.string()),
});
export type ChatMessage = z.infer<typeof messageSchema>;

/** How many chats one page of the history holds, and how many messages one page of a chat. */
export const CHATS_PAGE_SIZE = 50;
export const MESSAGES_PAGE_SIZE = 50;

/** A chat as the history lists it: only what the drawer shows (the title, or "Chat n" without one). */
export const chatSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** GET /api/chats: one page of the history, newest first; `nextCursor` asks for the page after it (null: the last). */
export const chatPageSchema = z.object({ chats: z.array(chatSummarySchema), nextCursor: z.string().nullable() });
export type ChatPage = z.infer<typeof chatPageSchema>;

/**
 * GET /api/chats/:id: the chat with its newest messages (or those before `?before=`), oldest first.
 * `olderBefore` is the `before` that loads the page older than these; null when these are the oldest.
 */
export const chatDetailSchema = chatSummarySchema.extend({
  messages: z.array(messageSchema),
  olderBefore: z.number().int().nullable(),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

export const chatIdSchema = z.uuid();

/** The query of GET /api/chats: a search (NUL cannot be stored, so it cannot match either) and the page's cursor. */
export const chatListQuerySchema = z.object({
  q: z
    .string()
    .transform((q) => q.replaceAll("\u0000", "").trim().slice(0, 200))
    .optional(),
  cursor: z.string().max(200).optional(),
});

/** The query of GET /api/chats/:id: `before` a position, for older messages. */
export const chatMessagesQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647))
    .optional(),
});

/** POST /api/chats/messages: a new user message, to an existing chat or (no chatId) a new one. */
export const sendMessageSchema = z
  .object({
    chatId: chatIdSchema.optional(),
    text: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
    language: languageSchema,
  })
  .strict();
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/**
 * The body of a send refused with 429 (`too-many-requests`, `server-busy` or `too-many-live-replies`). The message was checked for an
 * emergency before the refusal, so the screen can still show the emergency card for the text the user typed.
 */
export const sendRefusalSchema = z.object({
  code: z.enum(sendRefusalCodes),
  message: z.string(),
  redFlags: z.array(z.string()),
});
export type SendRefusal = z.infer<typeof sendRefusalSchema>;

/** POST /api/chats/:id/regenerate: a new reply to the chat's last user message. */
export const regenerateSchema = z.object({ language: languageSchema }).strict();

export const feedbackRequestSchema = z.object({ kind: feedbackSchema }).strict();

/** PUT /api/messages/:id/feedback-reason: the optional reason and comment after a like or dislike. */
export const feedbackReasonRequestSchema = z
  .object({
    reason: feedbackReasonSchema,
    comment: z.string().trim().max(MAX_FEEDBACK_COMMENT_CHARS).optional(),
  })
  .strict();

/** The events of a streamed reply (server-sent events over the POST response). */
export const streamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), chatId: z.string(), userMessage: messageSchema.nullable() }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  /** The text streamed so far was the model's reasoning, not its answer: it is dropped, and the answer follows. */
  z.object({ type: z.literal("reset") }),
  z.object({ type: z.literal("done"), message: messageSchema }),
  z.object({ type: z.literal("error"), code: replyErrorCodeSchema, message: messageSchema }),
  z.object({ type: z.literal("title"), chatId: z.string(), title: z.string() }),
  /** The model's second opinion found an emergency the rules did not: the user message's red flags, now. */
  z.object({ type: z.literal("red-flags"), messageId: z.string(), redFlags: z.array(z.string()) }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
