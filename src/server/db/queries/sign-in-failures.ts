import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { signInFailures } from "../schema";

interface Window {
  db: Database;
  email: string;
  windowSeconds: number;
}

/** Counts one failed sign-in atomically; a window older than windowSeconds starts over. */
export async function recordSignInFailure({ db, email, windowSeconds }: Window) {
  const now = new Date();
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  await db
    .insert(signInFailures)
    .values({ email, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} < ${cutoff} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} < ${cutoff} then ${now} else ${signInFailures.windowStartedAt} end`,
      },
    });
}

/** Seconds until sign-in is allowed again, or 0 when it is allowed now. */
export async function signInLockSeconds({ db, email, windowSeconds, maxFailures }: Window & { maxFailures: number }) {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email)).limit(1);
  if (!row || row.failures < maxFailures) return 0;
  const endsAt = row.windowStartedAt.getTime() + windowSeconds * 1000;
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

export async function clearSignInFailures({ db, email }: { db: Database; email: string }) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}

/** Drops failure windows that have ended (failures against made-up e-mails would otherwise pile up). */
export async function pruneSignInFailures({ db, olderThanSeconds }: { db: Database; olderThanSeconds: number }) {
  await db.delete(signInFailures).where(lt(signInFailures.windowStartedAt, new Date(Date.now() - olderThanSeconds * 1000)));
}
