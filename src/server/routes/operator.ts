import { Hono } from "hono";
import { z } from "zod";
import {
  dateRangeSchema,
  dislikedQuerySchema,
  exportKindSchema,
  exportQuerySchema,
  setDisabledSchema,
  updatePromptSchema,
  userSearchSchema,
} from "../../shared/schemas/research";
import type { Database } from "../db/client";
import { listPrompts, listPromptVersions, setPrompt } from "../db/queries/prompts";
import { dailyStats } from "../db/queries/research";
import { findUsers, setUserDisabled } from "../db/queries/users";
import { apiError } from "../http/api-error";
import { requireOperator } from "../http/operator";
import { containsNul, parseJson } from "../http/parse-json";
import { parseQuery } from "../http/parse-query";
import type { AuthedEnv } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";
import { PROMPT_IDS } from "../prompts/defaults";
import { ratedRepliesForResearch, researchExport } from "../research/exports";

const DISLIKED_TABLE_ROWS = 200;
const promptIds: string[] = Object.values(PROMPT_IDS);

/** The research team's tools: statistics, disliked replies, exports, users and prompts. Operators only. */
export function operatorRoutes({ sessions, db, operatorEmails }: { sessions: SessionLookup; db: Database; operatorEmails: string[] }) {
  return new Hono<AuthedEnv>()
    .use(requireOperator(sessions, operatorEmails))
    .get("/stats", async (c) => {
      const query = parseQuery(c, dateRangeSchema);
      if (!query.ok) return query.response;
      return c.json(await dailyStats({ db, range: query.data }));
    })
    .get("/disliked", async (c) => {
      const query = parseQuery(c, dislikedQuerySchema);
      if (!query.ok) return query.response;
      const { from, to, language } = query.data;
      return c.json(await ratedRepliesForResearch({ db, range: { from, to }, language, onlyDislikes: true, limit: DISLIKED_TABLE_ROWS }));
    })
    .get("/export/:kind", async (c) => {
      const kind = exportKindSchema.safeParse(c.req.param("kind")).data;
      if (!kind) return apiError(c, "not-found");
      const query = parseQuery(c, exportQuerySchema);
      if (!query.ok) return query.response;
      const { from, to, format } = query.data;
      const body = await researchExport({ db, kind, range: { from, to }, format });
      c.header("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="health-chat-${kind}-${from}-to-${to}.${format}"`);
      c.header("Cache-Control", "no-store");
      return c.body(body);
    })
    .get("/users", async (c) => {
      const query = parseQuery(c, userSearchSchema);
      if (!query.ok) return query.response;
      return c.json(await findUsers({ db, email: query.data.email }));
    })
    .put("/users/:id/disabled", async (c) => {
      const parsed = await parseJson(c, setDisabledSchema);
      if (!parsed.ok) return parsed.response;
      const userId = c.req.param("id");
      if (userId === c.var.session.user.id) return apiError(c, "bad-request", "You cannot disable your own account.");
      // No user id holds NUL, and PostgreSQL refuses it in a parameter (a 500).
      if (containsNul(userId)) return apiError(c, "not-found", "User not found.");
      const user = await setUserDisabled({ db, userId, disabled: parsed.data.disabled });
      return user ? c.json(user) : apiError(c, "not-found", "User not found.");
    })
    .get("/prompts", async (c) => c.json(await listPrompts({ db })))
    .get("/prompts/:id/versions", async (c) => {
      const id = z.enum(promptIds as [string, ...string[]]).safeParse(c.req.param("id")).data;
      if (!id) return apiError(c, "not-found", "Prompt not found.");
      return c.json(await listPromptVersions({ db, id }));
    })
    .put("/prompts/:id", async (c) => {
      const id = z.enum(promptIds as [string, ...string[]]).safeParse(c.req.param("id")).data;
      if (!id) return apiError(c, "not-found", "Prompt not found.");
      const parsed = await parseJson(c, updatePromptSchema);
      if (!parsed.ok) return parsed.response;
      return c.json(await setPrompt({ db, id, prompt: parsed.data.prompt, changedBy: c.var.session.user.email }));
    });
}
