import type { Hono } from "hono";
import { inspectRoutes } from "hono/dev";
import { exposedAuthRoutes } from "../../src/server/http/exposed-auth-routes";

/** better-auth's passthrough (its routes are listed in src/server/http/exposed-auth-routes.ts) and the 404 catch-all. */
const notOurRoutes = new Set(["GET /api/auth/*", "POST /api/auth/*", "ALL /api/*"]);

/**
 * Every API route the app registered, as `METHOD /path` (the pattern, e.g. `GET /api/chats/:id`), once each.
 * Middleware (`use`, and the guards before a handler) is left out, and so are the better-auth passthrough and
 * the catch-all; a route added with `app.all` counts like any other.
 */
export function apiRoutesOf(app: Hono): string[] {
  const routes = inspectRoutes(app)
    .filter((route) => route.path.startsWith("/api/") && !(route.method === "ALL" && route.isMiddleware))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].filter((route) => !notOurRoutes.has(route));
}

/** The better-auth routes the app lets through (its allowlist), as `METHOD /api/auth/…`. */
export const exposedAuthApiRoutes: string[] = exposedAuthRoutes.map((route) => route.replace(" /", " /api/auth/"));
