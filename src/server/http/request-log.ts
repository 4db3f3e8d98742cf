import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

/** Gives every request an id (X-Request-Id) and logs method, path, status and duration; never bodies. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const requestId = crypto.randomUUID();
    c.header("X-Request-Id", requestId);
    const started = performance.now();
    await next();
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
