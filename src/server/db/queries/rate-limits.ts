import { lt } from "drizzle-orm";
import type { Database } from "../client";
import { rateLimits } from "../schema";

/** Deletes better-auth's rate-limit rows not hit for a while: each is keyed by a client address. */
export async function pruneRateLimits({ db, olderThanSeconds, now }: { db: Database; olderThanSeconds: number; now: Date }) {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now.getTime() - olderThanSeconds * 1000))
    .returning({ id: rateLimits.id });
  return deleted.length;
}
