import type { Context, MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth";
import { apiError } from "./api-error";

type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type AuthedEnv = { Variables: { session: Session } };

/** Lets only signed-in users through and puts their session on the context. */
export function requireSession(auth: Auth): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return apiError(c as unknown as Context, "unauthorized");
    c.set("session", session);
    await next();
  };
}
