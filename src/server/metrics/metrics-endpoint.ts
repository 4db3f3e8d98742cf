import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import type { AppMetrics } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header carries `Bearer <token>`; compared in constant time (digests, so lengths too). */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/**
 * GET /metrics in Prometheus' text format. Without METRICS_TOKEN there are no metrics: 404, as for any unknown
 * path. With it, a request without the right bearer token gets a bare 401.
 */
export function metricsEndpoint(access: { token: string; metrics: AppMetrics } | undefined): Handler {
  return async (c) => {
    if (!access) return c.notFound();
    if (!bearerTokenMatches(c.req.header("Authorization"), access.token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    const { registry } = access.metrics;
    c.header("Cache-Control", "no-store");
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  };
}
