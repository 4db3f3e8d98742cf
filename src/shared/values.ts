// Plain values shared by the server's zod schemas and the browser. Kept free of zod, so that the web app can
// import them without loading zod's full API on every page.

export const MAX_MESSAGE_CHARS = 8000;
export const MAX_FEEDBACK_COMMENT_CHARS = 500;
export const languages = ["en", "de"] as const;
export const senders = ["user", "assistant"] as const;
export const messageStatuses = ["complete", "incomplete", "error"] as const;
export const feedbackKinds = ["like", "dislike"] as const;
/** Why a reply was rated so (the research team compares these across models and prompt versions). */
export const feedbackReasons = ["wrong", "unsafe", "unclear", "not-helpful", "helpful", "other"] as const;
/** Why a reply failed; the client shows a localized explanation for each. */
export const replyErrorCodes = ["provider-unavailable", "provider-rate-limited", "provider-timeout", "provider-error"] as const;
/** What the audit log records: exports, user administration, prompt changes and role changes. */
export const auditActions = [
  "export",
  "user-disabled",
  "user-enabled",
  "prompt-changed",
  "operator-granted",
  "operator-revoked",
  "operator-verified",
] as const;
/** Which layer of the emergency check fired on a user message: the offline rules, the model's second opinion, or both. */
export const redFlagLayers = ["rules", "model", "both"] as const;
/** What the model's second opinion on a user message came to; the last three leave the rules' verdict alone. */
export const modelCheckOutcomes = ["emergency", "clear", "timeout", "error", "unparseable"] as const;
