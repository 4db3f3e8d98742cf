import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { countRequest } from "../db/queries/request-counters";
import { apiError } from "./api-error";

export interface RateRule {
  /** Names the limit and who it counts (e.g. the user id or the client address); undefined skips it. */
  key: (c: Context) => string | undefined;
  max: number;
  windowSeconds: number;
}

/**
 * Refuses a request with 429 and Retry-After once any rule's count passes its max (state in the database).
 * `details` adds fields to the refusal's body (a chat send carries its emergency check there).
 */
export function rateLimit({
  db,
  enabled,
  rules,
  details,
}: {
  db: Database;
  enabled: boolean;
  rules: RateRule[];
  details?: (c: Context) => Record<string, unknown>;
}): MiddlewareHandler {
  return async (c, next) => {
    if (enabled) {
      for (const rule of rules) {
        const key = rule.key(c);
        if (!key) continue;
        const { count, retryAfterSeconds } = await countRequest({ db, key, windowSeconds: rule.windowSeconds });
        if (count > rule.max) {
          c.header("Retry-After", String(retryAfterSeconds));
          return apiError(c, "too-many-requests", undefined, details?.(c));
        }
      }
    }
    await next();
  };
}
