import type { Context, MiddlewareHandler } from "hono";
import { apiError } from "./api-error";
import type { AuthedEnv } from "./session";
import type { SessionLookup } from "./session-lookup";

/** Whether this e-mail belongs to an operator (OPERATOR_EMAILS, compared case-insensitively). */
export function isOperator(operatorEmails: string[], email: string): boolean {
  return operatorEmails.includes(email.trim().toLowerCase());
}

/**
 * Lets only operators through. Everyone else, signed in or not, gets the same 404 as for a path that does
 * not exist, so the research tools do not announce themselves.
 */
export function requireOperator(sessions: SessionLookup, operatorEmails: string[]): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const session = await sessions.get(c.req.raw.headers);
    if (!session || !isOperator(operatorEmails, session.user.email)) return apiError(c as unknown as Context, "not-found");
    c.set("session", session);
    await next();
  };
}
