import { and, eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { signInDelays } from "../schema";

export interface DelayRule {
  /** Failures on the e-mail, from any address, before attempts are spaced out. */
  delayAfter: number;
  maxDelaySeconds: number;
  /** A failure this old, with none since, ends the streak: the count starts over. */
  windowSeconds: number;
}

/** Seconds between attempts after `failures` failures: none below delayAfter, then 2, 4, 8, … up to the cap. */
const delaySeconds = (failures: SQL, rule: DelayRule) =>
  // The exponent is capped too: a long attack must not overflow power().
  sql`case when ${failures} >= ${rule.delayAfter}::integer
    then least(${rule.maxDelaySeconds}::float8, power(2, least(${failures} - ${rule.delayAfter}::integer + 1, 20)))
    else 0 end`;
const secondsAfter = (now: Date, seconds: SQL) => sql`${now}::timestamptz + ${seconds} * interval '1 second'`;

/**
 * Before the password is checked: while delays apply to the e-mail, lets an attempt through only once the
 * delay has passed, and takes the next slot in that same statement so parallel attempts cannot share it.
 * Returns the seconds to wait before trying again, or 0 when the attempt may go ahead.
 */
export async function claimSignInSlot({ db, email, rule }: { db: Database; email: string; rule: DelayRule }): Promise<number> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000);
  const delaying = and(eq(signInDelays.email, email), gte(signInDelays.failures, rule.delayAfter), gte(signInDelays.lastFailedAt, cutoff));
  const claimed = await db
    .update(signInDelays)
    .set({ nextAttemptAt: secondsAfter(now, delaySeconds(sql`${signInDelays.failures}`, rule)) })
    .where(and(delaying, lte(signInDelays.nextAttemptAt, now)))
    .returning({ email: signInDelays.email });
  if (claimed.length > 0) return 0;
  const [waiting] = await db
    .select({ nextAttemptAt: signInDelays.nextAttemptAt })
    .from(signInDelays)
    .where(and(delaying, gt(signInDelays.nextAttemptAt, now)));
  return waiting ? Math.max(1, Math.ceil((waiting.nextAttemptAt.getTime() - now.getTime()) / 1000)) : 0;
}

/** Counts a wrong password against the e-mail (atomically) and sets when the next attempt may start. */
export async function recordWrongPassword({ db, email, rule }: { db: Database; email: string; rule: DelayRule }) {
  const now = new Date();
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000);
  const failures = sql`case when ${signInDelays.lastFailedAt} < ${cutoff} then 1 else ${signInDelays.failures} + 1 end`;
  await db
    .insert(signInDelays)
    .values({ email, failures: 1, lastFailedAt: now, nextAttemptAt: secondsAfter(now, delaySeconds(sql`1`, rule)) })
    .onConflictDoUpdate({
      target: signInDelays.email,
      set: { failures, lastFailedAt: now, nextAttemptAt: secondsAfter(now, delaySeconds(failures, rule)) },
    });
}

/** After a successful sign-in the e-mail's streak is over. */
export async function clearSignInDelay({ db, email }: { db: Database; email: string }) {
  await db.delete(signInDelays).where(eq(signInDelays.email, email));
}
