import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { languages, textSizes, themes } from "../../../shared/values";
import { users } from "./auth";
import { oneOf } from "./enum-checks";

/** Per-user settings (the spec's `users` collection). */
export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    languageCode: text("language_code", { enum: languages }).notNull().default("en"),
    textSize: text("text_size", { enum: textSizes }).notNull().default("normal"),
    theme: text("theme", { enum: themes }).notNull().default("system"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [oneOf(table.languageCode, languages), oneOf(table.textSize, textSizes), oneOf(table.theme, themes)],
);

/**
 * Sign-in attempts per e-mail and client address (IPv6: its /64) that have not succeeded, counted before the
 * password is checked; past FAILED_SIGN_IN_MAX that address is refused for that e-mail until the window ends.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    email: text("email").notNull(),
    address: text("address").notNull(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.address] })],
);

/**
 * Failed sign-ins per e-mail from any address. Past FAILED_SIGN_IN_DELAY_AFTER of them, attempts on that e-mail
 * are spaced out by a growing delay, capped at FAILED_SIGN_IN_MAX_DELAY_SECONDS: slowed down, never locked.
 */
export const signInDelays = pgTable("sign_in_delays", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  /** The earliest time the next attempt may start (taken by each attempt while delays apply). */
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
});

export type Profile = typeof profiles.$inferSelect;

/** Fixed-window request counters for our own rate limits (chat sends), shared by every server process. */
export const requestCounters = pgTable("request_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
