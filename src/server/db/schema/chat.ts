import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  feedbackKinds,
  feedbackReasons,
  languages,
  messageStatuses,
  modelCheckOutcomes,
  redFlagCategories,
  redFlagLayers,
  replyErrorCodes,
  senders,
} from "../../../shared/values";
import { users } from "./auth";
import { eachOf, oneOf } from "./enum-checks";

export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the user pinned the chat to the top of the history; null when it is not pinned. */
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    /** When the user renamed the chat; from then on the model's titles no longer replace theirs. */
    renamedAt: timestamp("renamed_at", { withTimezone: true }),
  },
  // The id breaks ties in the history's order, so a page of the chat list stops after its rows instead of sorting them all.
  (table) => [index("chats_user_updated_idx").on(table.userId, table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())],
);

/**
 * One row per message; `position` orders a chat's messages and is unique among its current ones. Earlier versions
 * of a turn (a regenerated answer, an edited question) keep their position with `supersededAt` set.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    sender: text("sender", { enum: senders }).notNull(),
    text: text("text").notNull(),
    /**
     * The text with personal identifiers replaced, as prompts send it (REDACT_PERSONAL_DATA): set when the message
     * is saved, so a long chat is not redacted again on every send. Null until a prompt needs it (saved before
     * this column existed, or while redaction was off); the prompt then redacts it once and stores it.
     */
    redactedText: text("redacted_text"),
    status: text("status", { enum: messageStatuses }).notNull().default("complete"),
    feedback: text("feedback", { enum: feedbackKinds }),
    /** Why a failed reply failed (research: the provider's error rate); null unless status is "error". */
    errorCode: text("error_code", { enum: replyErrorCodes }),
    /** Emergency categories the offline rules found in a user message (for the emergency card and research; never sent to the model). */
    redFlags: text("red_flags", { enum: redFlagCategories }).array().notNull().default(sql`'{}'::text[]`),
    /**
     * The model's second opinion on a user message (when a model is configured): what it came to, its category
     * when it saw an emergency, and the version of the emergency-check prompt it was asked with.
     */
    redFlagModelOutcome: text("red_flag_model_outcome", { enum: modelCheckOutcomes }),
    redFlagModelCategory: text("red_flag_model_category", { enum: redFlagCategories }),
    redFlagPromptVersion: integer("red_flag_prompt_version"),
    /** Which layer fired: computed from the two above, so it can never disagree with them. */
    redFlagLayer: text("red_flag_layer", { enum: redFlagLayers }).generatedAlwaysAs(
      sql`case when cardinality(red_flags) > 0 and red_flag_model_category is not null then 'both' when cardinality(red_flags) > 0 then 'rules' when red_flag_model_category is not null then 'model' end`,
    ),
    /** The interface language a user message was sent in (research: language split). */
    language: text("language", { enum: languages }),
    /** What generated an assistant reply, so feedback can be compared across models and prompt versions. */
    model: text("model"),
    promptVersion: integer("prompt_version"),
    /** From the request to the end of an assistant reply. */
    latencyMs: integer("latency_ms"),
    /** Why the user liked or disliked a reply (one of feedbackReasons) and their short comment. */
    feedbackReason: text("feedback_reason", { enum: feedbackReasons }),
    feedbackComment: text("feedback_comment"),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    /**
     * For an assistant reply, the user message it answers: an edited question is a new message, and each answer
     * keeps the version it answered. No foreign key: it would cost an index lookup per message a chat's deletion removes.
     */
    questionId: uuid("question_id"),
    /**
     * When a newer version replaced this message (Regenerate, or an edited question): it stays browsable and
     * rated, but no prompt reads it any more. Null for the current version.
     */
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("messages_chat_position_idx").on(table.chatId, table.position).where(sql`${table.supersededAt} is null`),
    index("messages_chat_versions_idx").on(table.chatId, table.position).where(sql`${table.supersededAt} is not null`),
    index("messages_created_idx").on(table.createdAt),
    oneOf(table.sender, senders),
    oneOf(table.status, messageStatuses),
    oneOf(table.feedback, feedbackKinds),
    oneOf(table.feedbackReason, feedbackReasons),
    oneOf(table.errorCode, replyErrorCodes),
    oneOf(table.language, languages),
    eachOf(table.redFlags, redFlagCategories),
    oneOf(table.redFlagModelOutcome, modelCheckOutcomes),
    oneOf(table.redFlagModelCategory, redFlagCategories),
  ],
);

/** System and title prompts, keyed by id (the spec's `startingprompts`). */
export const startingPrompts = pgTable("starting_prompts", {
  id: text("id").primaryKey(),
  prompt: text("prompt").notNull(),
  /** Counts up with every change; stored with each reply generated from it. */
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every text a starting prompt has had: who set it and when. */
export const promptVersions = pgTable(
  "prompt_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promptId: text("prompt_id").notNull(),
    version: integer("version").notNull(),
    prompt: text("prompt").notNull(),
    /** The operator's e-mail, "command line" or "default". */
    changedBy: text("changed_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("prompt_versions_prompt_version_idx").on(table.promptId, table.version)],
);

export type Chat = typeof chats.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type PromptVersion = typeof promptVersions.$inferSelect;
