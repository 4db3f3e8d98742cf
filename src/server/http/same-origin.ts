import type { MiddlewareHandler } from "hono";
import { apiError } from "./api-error";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses state-changing requests whose Origin is not this site (cross-site request forgery). */
export function sameOrigin(allowedOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method) && c.req.header("origin") !== allowedOrigin) {
      return apiError(c, "forbidden-origin");
    }
    await next();
  };
}
