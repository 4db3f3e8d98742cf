import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { auditActions } from "../../../shared/values";
import { users } from "./auth";

/**
 * What operators (and operator commands) did: exports, user administration, prompt and role changes.
 * Rows outlive the accounts they name: the ids are set to null and the labels pseudonymised on deletion.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action", { enum: auditActions }).notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The operator's e-mail, "command line" or "OPERATOR_EMAILS"; a pseudonym once that account is deleted. */
    actorLabel: text("actor_label").notNull(),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetLabel: text("target_label"),
    /** Which range, kind and format was exported; which prompt and version; never message text. */
    details: jsonb("details").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_events_created_idx").on(table.createdAt.desc()),
    index("audit_events_actor_idx").on(table.actorUserId),
    index("audit_events_target_idx").on(table.targetUserId),
    check("audit_events_action_check", sql.raw(`"action" in (${auditActions.map((a) => `'${a}'`).join(", ")})`)),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
