import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../logger";
import { requestContext } from "../request-context";
import { isExposedAuthRoute } from "./exposed-auth-routes";

const forwardedIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (X-Request-Id; a proxy's own id is kept when TRUST_PROXY is set), runs the
 * request in a context so every log line carries it, and writes one access-log line at info level.
 */
export function requestLog(logger: Logger, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const forwarded = trustProxy ? c.req.header("X-Request-Id") : undefined;
    const requestId = forwarded && forwardedIdPattern.test(forwarded) ? forwarded : crypto.randomUUID();
    const started = performance.now();
    await requestContext.run({ requestId }, next);
    // After the handler: a route that returns its own Response (the reply stream) keeps the header too.
    c.header("X-Request-Id", requestId);
    // Never the path or the query: paths hold ids, queries hold chat searches and reset tokens.
    logger.info("request", {
      requestId,
      method: c.req.method,
      route: loggedRoute(c),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

/** The pattern of the route that answered; better-auth's fixed paths are named, as its mount is one pattern. */
function loggedRoute(c: Context): string {
  // After next(), Hono's route index points at the last handler that ran: the one that answered.
  const route = routePath(c);
  if (route === "/api/auth/*" && isExposedAuthRoute(c.req.method, c.req.path)) return c.req.path.replace(/\/$/, "");
  return route;
}
