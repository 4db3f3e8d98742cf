import { z } from "zod";
import {
  feedbackKinds,
  feedbackReasons,
  MAX_FEEDBACK_COMMENT_CHARS,
  MAX_MESSAGE_CHARS,
  messageStatuses,
  replyErrorCodes,
  senders,
} from "../values";
import { languageSchema } from "./profile";

export { feedbackReasons, MAX_FEEDBACK_COMMENT_CHARS, MAX_MESSAGE_CHARS };

export const senderSchema = z.enum(senders);
export const feedbackSchema = z.enum(feedbackKinds);
export const feedbackReasonSchema = z.enum(feedbackReasons);
export const messageStatusSchema = z.enum(messageStatuses);
export const replyErrorCodeSchema = z.enum(replyErrorCodes);
export type ReplyErrorCode = z.infer<typeof replyErrorCodeSchema>;
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
  createdAt: z.coerce.date(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const chatSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.coerce.date(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatDetailSchema = chatSummarySchema.extend({ messages: z.array(messageSchema) });
export type ChatDetail = z.infer<typeof chatDetailSchema>;

export const chatIdSchema = z.uuid();

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
  code: z.enum(["too-many-requests", "server-busy", "too-many-live-replies"]),
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
