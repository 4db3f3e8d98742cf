import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import { requestContext } from "../request-context";

const forwardedIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (X-Request-Id; a proxy's own id is kept when TRUST_PROXY is set), runs the
 * request in a context so every log line carries it, and logs method, route, status and time; never bodies.
 */
export function requestLog(logger: Logger, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const forwarded = trustProxy ? c.req.header("X-Request-Id") : undefined;
    const requestId = forwarded && forwardedIdPattern.test(forwarded) ? forwarded : crypto.randomUUID();
    const started = performance.now();
    await requestContext.run({ requestId }, next);
    // After the handler: a route that returns its own Response (the reply stream) keeps the header too.
    c.header("X-Request-Id", requestId);
    if (c.req.path.startsWith("/api/")) {
      logger.debug("request", {
        requestId,
        method: c.req.method,
        path: c.req.routePath,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}
