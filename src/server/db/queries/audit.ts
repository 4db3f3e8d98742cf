import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { DateRange } from "../../../shared/schemas/research";
import type { Database } from "../client";
import { type AuditEvent, auditEvents, promptVersions } from "../schema";

export type NewAuditEvent = Pick<AuditEvent, "action" | "actorLabel"> &
  Partial<Pick<AuditEvent, "actorUserId" | "targetUserId" | "targetLabel" | "details">>;

export async function insertAuditEvent({ db, event }: { db: Database; event: NewAuditEvent }) {
  const [row] = await db.insert(auditEvents).values(event).returning();
  return row as AuditEvent;
}

/** The events of a range of whole UTC days, newest first. */
export async function listAuditEvents({ db, range, limit }: { db: Database; range: DateRange; limit: number }) {
  const from = new Date(`${range.from}T00:00:00Z`);
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000);
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      actorLabel: auditEvents.actorLabel,
      targetLabel: auditEvents.targetLabel,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(and(gte(auditEvents.createdAt, from), lt(auditEvents.createdAt, until)))
    .orderBy(desc(auditEvents.createdAt))
    .limit(limit);
}

/**
 * Replaces a deleted account's e-mail in the audit log (and in the prompt history it wrote) by a pseudonym
 * that is the same for all its rows but not derived from the e-mail. Runs inside the deletion's transaction,
 * before the user row goes (its foreign keys then become null).
 */
export async function pseudonymiseAuditActor({ db, userId, email }: { db: Database; userId: string; email: string }) {
  const pseudonym = `deleted account ${crypto.randomUUID().slice(0, 8)}`;
  await db.update(auditEvents).set({ actorLabel: pseudonym }).where(eq(auditEvents.actorUserId, userId));
  await db.update(auditEvents).set({ targetLabel: pseudonym }).where(eq(auditEvents.targetUserId, userId));
  await db.update(promptVersions).set({ changedBy: pseudonym }).where(eq(promptVersions.changedBy, email));
  return pseudonym;
}
