import type { Database } from "./db/client";
import { pruneRequestCounters } from "./db/queries/request-counters";
import { deleteChatsOlderThan } from "./db/queries/retention";
import { pruneSignInFailures } from "./db/queries/sign-in-failures";
import type { Logger } from "./logger";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping at start-up and then daily: with CHAT_RETENTION_DAYS > 0, deletes older chats; always
 * prunes stale rate-limit counters and sign-in failure windows. Returns a function that stops the timer.
 */
export function startHousekeeping({
  db,
  retentionDays,
  signInWindowSeconds,
  logger,
}: {
  db: Database;
  retentionDays: number;
  signInWindowSeconds: number;
  logger: Logger;
}) {
  const run = async () => {
    try {
      if (retentionDays > 0) {
        const deleted = await deleteChatsOlderThan({ db, days: retentionDays });
        logger.info("retention: old chats deleted", { deleted, retentionDays });
      }
      await pruneRequestCounters({ db, olderThanSeconds: DAY_MS / 1000 });
      await pruneSignInFailures({ db, olderThanSeconds: signInWindowSeconds });
    } catch (error) {
      logger.error("housekeeping failed", { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const first = run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return { ready: first, stop: () => clearInterval(timer) };
}
