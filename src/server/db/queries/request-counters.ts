import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { requestCounters } from "../schema";

/**
 * Counts one request for `key` in a fixed window, atomically, and returns the count in the current window
 * with the seconds left in it. A window older than `windowSeconds` starts over at 1.
 */
export async function countRequest({ db, key, windowSeconds }: { db: Database; key: string; windowSeconds: number }) {
  const now = new Date();
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(requestCounters)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: {
        count: sql`case when ${requestCounters.windowStartedAt} < ${cutoff} then 1 else ${requestCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${requestCounters.windowStartedAt} < ${cutoff} then ${now} else ${requestCounters.windowStartedAt} end`,
      },
    })
    .returning();
  const startedAt = row?.windowStartedAt.getTime() ?? now.getTime();
  return { count: row?.count ?? 1, retryAfterSeconds: Math.max(1, Math.ceil((startedAt + windowSeconds * 1000 - now.getTime()) / 1000)) };
}

/** Drops counters whose window ended long ago: the table stays small, and the keys hold client addresses. */
export async function pruneRequestCounters({ db, olderThanSeconds, now }: { db: Database; olderThanSeconds: number; now: Date }) {
  await db.delete(requestCounters).where(sql`${requestCounters.windowStartedAt} < ${new Date(now.getTime() - olderThanSeconds * 1000)}`);
}
