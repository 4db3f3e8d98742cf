import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { signInDelays, signInFailures } from "../schema";
import { countInWindow, secondsLeftInWindow } from "./fixed-window";
import { clearSignInDelay } from "./sign-in-delays";

interface Pair {
  db: Database;
  email: string;
  /** The client's address key (IPv6: its /64). */
  address: string;
}

/**
 * Counts a sign-in attempt for (e-mail, address) before its password is checked, in one statement (the same
 * fixed window as the request limits), and returns the new count with the seconds left in the window. The count
 * stops one past maxFailures: refused attempts change nothing more.
 */
export async function countSignInAttempt({
  db,
  email,
  address,
  windowSeconds,
  maxFailures,
}: Pair & { windowSeconds: number; maxFailures: number }) {
  const now = new Date();
  const next = countInWindow(
    { count: signInFailures.failures, windowStartedAt: signInFailures.windowStartedAt },
    { cutoff: new Date(now.getTime() - windowSeconds * 1000), cap: maxFailures + 1 },
  );
  const [row] = await db
    .insert(signInFailures)
    .values({ email, address, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: [signInFailures.email, signInFailures.address],
      set: { failures: next.count, windowStartedAt: next.windowStartedAt },
    })
    .returning();
  return { failures: row?.failures ?? 1, retryAfterSeconds: secondsLeftInWindow(row?.windowStartedAt ?? now, windowSeconds, now) };
}

/** Takes back an attempt counted by countSignInAttempt that never reached the password check. */
export async function uncountSignInAttempt({ db, email, address }: Pair) {
  await db
    .update(signInFailures)
    .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
    .where(and(eq(signInFailures.email, email), eq(signInFailures.address, address)));
}

/** After a successful sign-in: that address starts again from zero for that e-mail (other addresses keep theirs). */
export async function clearSignInAttempts({ db, email, address }: Pair) {
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.address, address)));
}

/** Lifts every lock and delay on the e-mail (a password reset, or the account's deletion). */
export async function clearSignInFailures({ db, email }: { db: Database; email: string }) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
  await clearSignInDelay({ db, email });
}

/** Drops windows and delays that have ended (failures against made-up e-mails would otherwise pile up). */
export async function pruneSignInFailures({
  db,
  olderThanSeconds,
  now = new Date(),
}: {
  db: Database;
  olderThanSeconds: number;
  now?: Date;
}) {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000);
  await db.delete(signInFailures).where(lt(signInFailures.windowStartedAt, cutoff));
  await db.delete(signInDelays).where(and(lt(signInDelays.lastFailedAt, cutoff), lt(signInDelays.nextAttemptAt, now)));
}
