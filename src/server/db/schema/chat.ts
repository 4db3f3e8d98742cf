import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { feedbackReasons } from "../../../shared/schemas/chat";
import { modelCheckOutcomes, redFlagLayers } from "../../../shared/values";
import { users } from "./auth";

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
  },
  (table) => [index("chats_user_updated_idx").on(table.userId, table.updatedAt.desc())],
);

/** One row per message; `position` orders a chat's messages and is unique within it. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    sender: text("sender", { enum: ["user", "assistant"] }).notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["complete", "incomplete", "error"] })
      .notNull()
      .default("complete"),
    feedback: text("feedback", { enum: ["like", "dislike"] }),
    /** Why a failed reply failed (research: the provider's error rate); null unless status is "error". */
    errorCode: text("error_code"),
    /** Emergency categories the offline rules found in a user message (for the emergency card and research; never sent to the model). */
    redFlags: text("red_flags").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The model's second opinion on a user message (when a model is configured): what it came to, its category
     * when it saw an emergency, and the version of the emergency-check prompt it was asked with.
     */
    redFlagModelOutcome: text("red_flag_model_outcome", { enum: modelCheckOutcomes }),
    redFlagModelCategory: text("red_flag_model_category"),
    redFlagPromptVersion: integer("red_flag_prompt_version"),
    /** Which layer fired: computed from the two above, so it can never disagree with them. */
    redFlagLayer: text("red_flag_layer", { enum: redFlagLayers }).generatedAlwaysAs(
      sql`case when cardinality(red_flags) > 0 and red_flag_model_category is not null then 'both' when cardinality(red_flags) > 0 then 'rules' when red_flag_model_category is not null then 'model' end`,
    ),
    /** The interface language a user message was sent in (research: language split). */
    language: text("language"),
    /** What generated an assistant reply, so feedback can be compared across models and prompt versions. */
    model: text("model"),
    promptVersion: integer("prompt_version"),
    /** From the request to the end of an assistant reply. */
    latencyMs: integer("latency_ms"),
    /** Why the user liked or disliked a reply (one of feedbackReasons) and their short comment. */
    feedbackReason: text("feedback_reason", { enum: feedbackReasons }),
    feedbackComment: text("feedback_comment"),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("messages_chat_position_idx").on(table.chatId, table.position),
    index("messages_created_idx").on(table.createdAt),
    check("messages_sender_check", sql`${table.sender} in ('user', 'assistant')`),
    check("messages_status_check", sql`${table.status} in ('complete', 'incomplete', 'error')`),
    check("messages_feedback_check", sql`${table.feedback} is null or ${table.feedback} in ('like', 'dislike')`),
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
