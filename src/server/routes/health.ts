import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client";
import type { ChatProvider } from "../llm/types";

/** GET /api/health: 200 when the database answers, 503 when it does not; the model's reachability is reported. */
export function healthRoutes({ db, provider }: { db: Database; provider: ChatProvider }) {
  return new Hono().get("/", async (c) => {
    const database = await db
      .execute(sql`select 1`)
      .then(() => "ok" as const)
      .catch(() => "unreachable" as const);
    const model = provider.kind === "offline" ? "not-configured" : (await provider.ping()) ? "ok" : "unreachable";
    c.header("Cache-Control", "no-store");
    return c.json({ status: database === "ok" ? "ok" : "unavailable", database, model }, database === "ok" ? 200 : 503);
  });
}
