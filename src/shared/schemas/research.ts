import * as z from "zod/mini";
import { auditActions, exportFormats, exportKinds } from "../values";
import { feedbackReasonSchema, feedbackSchema } from "./chat";
import { languageSchema } from "./profile";

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31."));
export const MAX_RANGE_DAYS = 366;

/** A real day (not 2026-02-30) whose next day PostgreSQL can hold too (0000-01-01 and 9999-12-31 were 500s). */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day) && day >= "1970-01-01" && day <= "9998-12-31";
}

/** A range of whole UTC days, both ends included; at most a year. */
export const dateRangeSchema = z.object({ from: isoDay, to: isoDay }).check(
  z.refine(({ from, to }) => isCalendarDay(from) && isCalendarDay(to), "Not a calendar date."),
  z.refine(({ from, to }) => from <= to, "The start must not be after the end."),
  z.refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_RANGE_DAYS, "At most a year at a time."),
);
export type DateRange = z.infer<typeof dateRangeSchema>;

export const dailyStatsSchema = z.object({
  day: isoDay,
  activeUsers: z.number(),
  chats: z.number(),
  messages: z.number(),
  likes: z.number(),
  dislikes: z.number(),
  /** likes / (likes + dislikes); null on a day without ratings. */
  likeRatio: z.nullable(z.number()),
  /** User messages that read like an emergency to either layer; then split by the layer that fired. */
  redFlagHits: z.number(),
  redFlagsRulesOnly: z.number(),
  redFlagsModelOnly: z.number(),
  redFlagsBoth: z.number(),
  messagesEn: z.number(),
  messagesDe: z.number(),
  /** Of complete replies; null on a day without any. */
  medianLatencyMs: z.nullable(z.number()),
  /** Failed replies / all replies; null on a day without replies. */
  errorRate: z.nullable(z.number()),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

export const dislikedQuerySchema = z.intersection(dateRangeSchema, z.object({ language: z.optional(languageSchema) }));

/** One rated reply with the user message before it, pseudonymous: no e-mail, no database id (per-export pseudonyms). */
export const ratedReplySchema = z.object({
  /** `m-…`: stable within one answer or export, unlinkable across them. */
  messageId: z.string(),
  ratedAt: z.coerce.date(),
  user: z.string(),
  language: z.nullable(languageSchema),
  question: z.string(),
  reply: z.string(),
  feedback: feedbackSchema,
  reason: z.nullable(feedbackReasonSchema),
  comment: z.nullable(z.string()),
  model: z.nullable(z.string()),
  promptVersion: z.nullable(z.number()),
  /** Which answer to its turn this is: 1 for the first, more after Regenerate or an edited question. */
  answerVersion: z.number(),
});
export type RatedReply = z.infer<typeof ratedReplySchema>;

export const exportKindSchema = z.enum(exportKinds);
export const exportFormatSchema = z.enum(exportFormats);
export const exportQuerySchema = z.intersection(dateRangeSchema, z.object({ format: z._default(exportFormatSchema, "csv") }));

export const operatorUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.coerce.date(),
  disabled: z.boolean(),
});
export type OperatorUser = z.infer<typeof operatorUserSchema>;
export const userSearchSchema = z.object({ email: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)) });
export const setDisabledSchema = z.strictObject({ disabled: z.boolean() });

export const promptSchema = z.object({ id: z.string(), prompt: z.string(), version: z.number(), updatedAt: z.coerce.date() });
export const promptVersionSchema = z.object({
  version: z.number(),
  prompt: z.string(),
  changedBy: z.string(),
  createdAt: z.coerce.date(),
});
export const MAX_PROMPT_CHARS = 20_000;
export const updatePromptSchema = z.strictObject({ prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROMPT_CHARS)) });

/** One row of the audit log: who (an operator's e-mail, "command line", "OPERATOR_EMAILS" or a pseudonym) did what. */
export const auditEventSchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  actorLabel: z.string(),
  targetLabel: z.nullable(z.string()),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.coerce.date(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;
