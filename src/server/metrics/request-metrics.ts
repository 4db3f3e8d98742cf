import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppMetrics } from "./metrics";

/**
 * Times every request into the request histogram, labelled by the pattern of the route that answered
 * (`/api/chats/:id`, never a path with an id in it), so the number of series stays bounded.
 */
export function requestMetrics(metrics: AppMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), Hono's route index points at the last handler that ran: the one that answered.
    metrics.requestFinished({
      method: c.req.method,
      route: routePath(c),
      status: c.res.status,
      seconds: (performance.now() - started) / 1000,
    });
  };
}
