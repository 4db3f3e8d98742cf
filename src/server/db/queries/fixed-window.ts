import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** A fixed-window counter's columns: the count in its window, and when that window began. */
interface CounterColumns {
  count: AnyColumn;
  windowStartedAt: AnyColumn;
}

/**
 * The ON CONFLICT update of a fixed-window counter whose insert is (count 1, window starting now): a row whose
 * window began before `cutoff` starts over at 1 in the new window; any other counts one more, up to `cap`.
 * One statement, so concurrent requests on one key never lose a count. Used by every counter we keep (request
 * limits, sign-in failures).
 */
export function countInWindow(columns: CounterColumns, { cutoff, cap }: { cutoff: SQL | Date; cap?: number }) {
  const expired = sql`${columns.windowStartedAt} < ${cutoff}`;
  const more = cap === undefined ? sql`${columns.count} + 1` : sql`least(${columns.count} + 1, ${cap}::integer)`;
  return {
    count: sql`case when ${expired} then 1 else ${more} end`,
    windowStartedAt: sql`case when ${expired} then excluded.${sql.identifier(columns.windowStartedAt.name)} else ${columns.windowStartedAt} end`,
  };
}

/** Seconds until a window that began at `startedAt` ends; at least 1, as a Retry-After of 0 invites an instant retry. */
export function secondsLeftInWindow(startedAt: Date, windowSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((startedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
}
