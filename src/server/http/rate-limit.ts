import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { countRequests } from "../db/queries/request-counters";
import { apiError } from "./api-error";

export interface RateRule {
  /** Names the limit and who it counts (e.g. the user id or the client address); undefined skips it. */
  key: (c: Context) => string | undefined;
  max: number;
  windowSeconds: number;
}

/** Whether a request may go on, or how long until it may try again (the longest wait of the rules it broke). */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a request against every rule, all in one database statement (state shared by every server process),
 * and says whether any rule's count passed its max. Every rule counts the request, refused or not.
 */
export function rateLimiter({ db, enabled, rules }: { db: Database; enabled: boolean; rules: RateRule[] }) {
  return async (c: Context): Promise<RateVerdict> => {
    if (!enabled) return { allowed: true };
    const keyed = rules.flatMap((rule) => {
      const key = rule.key(c);
      return key ? [{ ...rule, key }] : [];
    });
    const states = new Map((await countRequests({ db, counters: keyed })).map((state) => [state.key, state]));
    let retryAfterSeconds = 0;
    for (const rule of keyed) {
      const state = states.get(rule.key);
      if (state && state.count > rule.max) retryAfterSeconds = Math.max(retryAfterSeconds, state.retryAfterSeconds);
    }
    return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
  };
}

/** The 429 for a refused request, with Retry-After; `details` are added to its body. */
export function tooManyRequests(c: Context, retryAfterSeconds: number, details: Record<string, unknown> = {}) {
  c.header("Retry-After", String(retryAfterSeconds));
  return apiError(c, "too-many-requests", undefined, details);
}

/**
 * Refuses a request with 429 and Retry-After once any rule's count passes its max (state in the database).
 * `details` adds fields to the refusal's body.
 */
export function rateLimit({
  details,
  ...options
}: {
  db: Database;
  enabled: boolean;
  rules: RateRule[];
  details?: (c: Context) => Record<string, unknown>;
}): MiddlewareHandler {
  const limiter = rateLimiter(options);
  return async (c, next) => {
    const verdict = await limiter(c);
    if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds, details?.(c));
    await next();
  };
}
