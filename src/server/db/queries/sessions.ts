import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../client";
import { sessions } from "../schema";

/**
 * Whether the session with this token still exists, has not expired, and was created after `createdAfter` (the
 * absolute session lifetime); one indexed lookup.
 */
export async function sessionIsLive({ db, token, createdAfter }: { db: Database; token: string; createdAfter: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date()), gt(sessions.createdAt, createdAfter)))
    .limit(1);
  return row !== undefined;
}

/** Deletes the session with this token if it was created before `createdBefore`; whether there was one. */
export async function deleteSessionCreatedBefore({ db, token, createdBefore }: { db: Database; token: string; createdBefore: Date }) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.token, token), lt(sessions.createdAt, createdBefore)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Deletes sessions that have expired (they can no longer sign anyone in, but hold a client address). */
export async function pruneExpiredSessions({ db, now }: { db: Database; now: Date }) {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return deleted.length;
}
