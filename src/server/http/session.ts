import type { Context, MiddlewareHandler } from "hono";
import { apiError } from "./api-error";
import type { Session, SessionLookup } from "./session-lookup";

export type AuthedEnv = { Variables: { session: Session } };

/** Lets only signed-in users through and puts their session on the context. */
export function requireSession(sessions: SessionLookup): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const session = await sessions.get(c.req.raw.headers);
    if (!session) return apiError(c as unknown as Context, "unauthorized");
    c.set("session", session);
    await next();
  };
}
