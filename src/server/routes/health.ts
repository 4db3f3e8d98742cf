import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client";
import type { ChatProvider } from "../llm/types";

/** How long one check of the model endpoint answers every health request (monitors poll every few seconds). */
export const MODEL_CHECK_CACHE_MS = 30_000;

type ModelState = "ok" | "unreachable" | "not-configured";

/**
 * The model endpoint's reachability, asked at most once per `ttlMs`: a health request must not become a request
 * to the provider (a paid API, with rate limits of its own). Requests that arrive during a check share it.
 */
function cachedModelCheck(provider: ChatProvider, ttlMs: number): () => Promise<ModelState> {
  let cached: { state: Promise<ModelState>; until: number } | undefined;
  return () => {
    if (provider.kind === "offline") return Promise.resolve("not-configured");
    if (cached && cached.until > Date.now()) return cached.state;
    const entry = {
      state: provider.ping().then(
        (reachable): ModelState => (reachable ? "ok" : "unreachable"),
        (): ModelState => "unreachable",
      ),
      until: Number.POSITIVE_INFINITY,
    };
    // The time counts from the answer, so a slow check is not repeated as soon as it ends.
    void entry.state.finally(() => {
      entry.until = Date.now() + ttlMs;
    });
    cached = entry;
    return entry.state;
  };
}

/** GET /api/health: 200 when the database answers, 503 when it does not; the model's reachability is reported. */
export function healthRoutes({ db, provider }: { db: Database; provider: ChatProvider }) {
  const modelState = cachedModelCheck(provider, MODEL_CHECK_CACHE_MS);
  return new Hono().get("/", async (c) => {
    const database = await db
      .execute(sql`select 1`)
      .then(() => "ok" as const)
      .catch(() => "unreachable" as const);
    const model = await modelState();
    c.header("Cache-Control", "no-store");
    return c.json({ status: database === "ok" ? "ok" : "unavailable", database, model }, database === "ok" ? 200 : 503);
  });
}
