import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { requestCounters } from "../schema";
import { countInWindow, secondsLeftInWindow } from "./fixed-window";

/** One counter to count a request in: its key and the length of its fixed window. */
export interface CounterWindow {
  key: string;
  windowSeconds: number;
}

/** Where a counter stands after this request: the count in its current window and the seconds left in it. */
export interface CounterState {
  key: string;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one request in each counter, atomically and in one statement (one round trip however many limits
 * apply), in fixed windows: a counter whose window is older than its `windowSeconds` starts over at 1. A key
 * given twice is counted once.
 */
export async function countRequests({ db, counters }: { db: Database; counters: CounterWindow[] }): Promise<CounterState[]> {
  // In key order, so that two requests sharing keys (two users behind one address) lock their rows in one order.
  const windows = new Map(counters.map((counter) => [counter.key, counter.windowSeconds] as const).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (windows.size === 0) return [];
  const now = new Date();
  const cutoffOf = (windowSeconds: number) => new Date(now.getTime() - windowSeconds * 1000);
  // Each row's own window: ON CONFLICT sees only the proposed row (`excluded`), so its key picks the cutoff.
  const branches = [...windows].map(([key, windowSeconds]) => sql`when ${key} then ${cutoffOf(windowSeconds)}::timestamptz`);
  const cutoff = sql`(case excluded.key ${sql.join(branches, sql` `)} end)`;
  const rows = await db
    .insert(requestCounters)
    .values([...windows.keys()].map((key) => ({ key, count: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: countInWindow(requestCounters, { cutoff }),
    })
    .returning();
  return rows.map((row) => ({
    key: row.key,
    count: row.count,
    retryAfterSeconds: secondsLeftInWindow(row.windowStartedAt, windows.get(row.key) ?? 0, now),
  }));
}

/** Drops counters whose window ended long ago: the table stays small, and the keys hold client addresses. */
export async function pruneRequestCounters({ db, olderThanSeconds, now }: { db: Database; olderThanSeconds: number; now: Date }) {
  await db.delete(requestCounters).where(sql`${requestCounters.windowStartedAt} < ${new Date(now.getTime() - olderThanSeconds * 1000)}`);
}
