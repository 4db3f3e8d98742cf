// The one home of every enumeration, shared by the database schema (text columns with CHECK constraints), the
// server's zod schemas and the browser. Each is an `as const` tuple with its union type derived from it; nothing
// else spells the values out. Kept free of zod, so that the web app can import them without loading zod's full API
// on every page.

export const MAX_MESSAGE_CHARS = 8000;
export const MAX_FEEDBACK_COMMENT_CHARS = 500;
/** The longest chat title, the model's or the user's own. */
export const MAX_CHAT_TITLE_CHARS = 80;

/** The interface languages (the profile's, and the one a message was sent in). */
export const languages = ["en", "de"] as const;
export type Language = (typeof languages)[number];

/** The text sizes a user can choose (the root font size scales with them), and the colour themes. */
export const textSizes = ["normal", "large", "larger"] as const;
export type TextSize = (typeof textSizes)[number];
export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];

export const senders = ["user", "assistant"] as const;
export type Sender = (typeof senders)[number];

export const messageStatuses = ["complete", "incomplete", "error"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const feedbackKinds = ["like", "dislike"] as const;
export type FeedbackKind = (typeof feedbackKinds)[number];

/** Why a reply was rated so (the research team compares these across models and prompt versions). */
export const feedbackReasons = ["wrong", "unsafe", "unclear", "not-helpful", "helpful", "other"] as const;
export type FeedbackReason = (typeof feedbackReasons)[number];

/** Why a reply failed; the client shows a localized explanation for each. */
export const replyErrorCodes = ["provider-unavailable", "provider-rate-limited", "provider-timeout", "provider-error"] as const;
export type ReplyErrorCode = (typeof replyErrorCodes)[number];

/** What the audit log records: exports, reads of health text, user searches and administration, prompt and role changes. */
export const auditActions = [
  "export",
  "feedback-read",
  "users-searched",
  "user-disabled",
  "user-enabled",
  "prompt-changed",
  "operator-granted",
  "operator-revoked",
  "operator-verified",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Emergency categories the red-flag checks can report, in display order. */
export const redFlagCategories = [
  "cardiac",
  "stroke",
  "breathing",
  "bleeding",
  "anaphylaxis",
  "poisoning",
  "self-harm",
  "unconscious",
  "obstetric",
  "other-acute",
] as const;
export type RedFlagCategory = (typeof redFlagCategories)[number];
/** The category that adds a crisis line to the emergency card, and is never discounted as history. */
export const SELF_HARM = "self-harm" satisfies RedFlagCategory;
/** Where an emergency goes that names no category of its own (or one we do not know). */
export const OTHER_ACUTE = "other-acute" satisfies RedFlagCategory;

/** Which layer of the emergency check fired on a user message: the offline rules, the model's second opinion, or both. */
export const redFlagLayers = ["rules", "model", "both"] as const;
export type RedFlagLayer = (typeof redFlagLayers)[number];

/** What the model's second opinion on a user message came to; the last three leave the rules' verdict alone. */
export const modelCheckOutcomes = ["emergency", "clear", "timeout", "error", "unparseable"] as const;
export type ModelCheckOutcome = (typeof modelCheckOutcomes)[number];

/** The starter questions an empty chat offers, one list per interface language (one question per line). */
export const starterQuestionPromptIds = {
  en: "starter-questions-en",
  de: "starter-questions-de",
} as const satisfies Record<Language, string>;

/** The prompts an operator can edit: the reply's system prompt, the title and emergency-check prompts, the starters. */
export const promptIds = ["system", "title", "emergency-check", starterQuestionPromptIds.en, starterQuestionPromptIds.de] as const;
export type PromptId = (typeof promptIds)[number];
export const isPromptId = (value: unknown): value is PromptId => promptIds.includes(value as PromptId);
export type StarterQuestionPromptId = (typeof starterQuestionPromptIds)[Language];
export const isStarterQuestionPromptId = (value: unknown): value is StarterQuestionPromptId =>
  Object.values(starterQuestionPromptIds).includes(value as StarterQuestionPromptId);

/** What an operator can export (rated replies, or whole chats), and in which file format. */
export const exportKinds = ["feedback", "chats"] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportFormats = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof exportFormats)[number];
