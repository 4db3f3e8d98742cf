import type { Database } from "./db/client";
import { pruneRateLimits } from "./db/queries/rate-limits";
import { pruneRequestCounters } from "./db/queries/request-counters";
import { deleteChatsOlderThan } from "./db/queries/retention";
import { pruneExpiredSessions } from "./db/queries/sessions";
import { pruneSignInFailures } from "./db/queries/sign-in-failures";
import type { Env } from "./env";
import { errorFields } from "./log-safe-error";
import type { Logger } from "./logger";
import { pruneOutbox } from "./mail/outbox";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Hourly, so an outbox mail outlives the links it may hold by an hour at most. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** Well past the rate-limit windows (a minute by default): the rows hold client addresses, so they go after a day. */
const RATE_LIMIT_ROWS_KEPT_SECONDS = DAY_MS / 1000;

/** How long an outbox mail is kept: as long as the longest-lived link it may hold (a confirmation link, by default). */
export function outboxKeptSecondsOf(env: Pick<Env, "RESET_TOKEN_TTL_SECONDS" | "VERIFICATION_TOKEN_TTL_SECONDS">): number {
  return Math.max(env.RESET_TOKEN_TTL_SECONDS, env.VERIFICATION_TOKEN_TTL_SECONDS);
}

/**
 * Housekeeping at start-up and then hourly: with CHAT_RETENTION_DAYS > 0, deletes older chats; always prunes
 * expired sessions, stale rate-limit rows (ours and better-auth's), sign-in failure windows and outbox mails
 * older than `outboxKeptSeconds` (the longest a link in one lives). `now` is the clock (tests move it). Returns a
 * function that stops the timer.
 */
export function startHousekeeping({
  db,
  retentionDays,
  signInWindowSeconds,
  outboxDir,
  outboxKeptSeconds,
  logger,
  now: clock = () => new Date(),
}: {
  db: Database;
  retentionDays: number;
  signInWindowSeconds: number;
  outboxDir: string;
  outboxKeptSeconds: number;
  logger: Logger;
  now?: () => Date;
}) {
  const run = async () => {
    try {
      const now = clock();
      if (retentionDays > 0) {
        const deleted = await deleteChatsOlderThan({ db, days: retentionDays, now });
        logger.info("retention: old chats deleted", { deleted, retentionDays });
      }
      const expiredSessions = await pruneExpiredSessions({ db, now });
      const rateLimitRows = await pruneRateLimits({ db, olderThanSeconds: RATE_LIMIT_ROWS_KEPT_SECONDS, now });
      const outboxMails = await pruneOutbox({ outboxDir, olderThanSeconds: outboxKeptSeconds, now });
      logger.debug("housekeeping: pruned", { expiredSessions, rateLimitRows, outboxMails });
      await pruneRequestCounters({ db, olderThanSeconds: RATE_LIMIT_ROWS_KEPT_SECONDS, now });
      await pruneSignInFailures({ db, olderThanSeconds: signInWindowSeconds });
    } catch (error) {
      logger.error("housekeeping failed", { error: errorFields(error) });
    }
  };
  const first = run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return { ready: first, stop: () => clearInterval(timer) };
}
