import { type Context, Hono } from "hono";
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
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { listAuditEvents } from "../db/queries/audit";
import { listPrompts, listPromptVersions, setPrompt } from "../db/queries/prompts";
import { dailyStats } from "../db/queries/research";
import { findUsers, setUserDisabled } from "../db/queries/users";
import { apiError } from "../http/api-error";
import { requireOperator, requireRecentLogin } from "../http/operator";
import { containsNul, parseJson } from "../http/parse-json";
import { parseQuery } from "../http/parse-query";
import type { AuthedEnv } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";
import type { Logger } from "../logger";
import { PROMPT_IDS } from "../prompts/defaults";
import { ratedRepliesForResearch, researchExport } from "../research/exports";

const DISLIKED_TABLE_ROWS = 200;
const AUDIT_TABLE_ROWS = 500;
const promptIds: string[] = Object.values(PROMPT_IDS);

interface OperatorDeps {
  sessions: SessionLookup;
  db: Database;
  logger: Logger;
  operatorEmails: readonly string[];
  recentLoginSeconds: number;
}

/** The research team's tools: statistics, disliked replies, exports, users, prompts and the audit log. Operators only. */
export function operatorRoutes({ sessions, db, logger, operatorEmails, recentLoginSeconds }: OperatorDeps) {
  const recentLogin = requireRecentLogin(recentLoginSeconds);
  const actor = (c: Context<AuthedEnv>) => ({ actorUserId: c.var.session.user.id, actorLabel: c.var.session.user.email });
  return new Hono<AuthedEnv>()
    .use(requireOperator({ sessions, db, operatorEmails }))
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
    .get("/audit", async (c) => {
      const query = parseQuery(c, dateRangeSchema);
      if (!query.ok) return query.response;
      return c.json(await listAuditEvents({ db, range: query.data, limit: AUDIT_TABLE_ROWS }));
    })
    .get("/export/:kind", recentLogin, async (c) => {
      const kind = exportKindSchema.safeParse(c.req.param("kind")).data;
      if (!kind) return apiError(c, "not-found");
      const query = parseQuery(c, exportQuerySchema);
      if (!query.ok) return query.response;
      const { from, to, format } = query.data;
      const body = await researchExport({ db, kind, range: { from, to }, format });
      await recordAudit({ db, logger, event: { action: "export", ...actor(c), details: { kind, format, from, to } } });
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
      if (!user) return apiError(c, "not-found", "User not found.");
      const action = user.disabled ? "user-disabled" : "user-enabled";
      await recordAudit({ db, logger, event: { action, ...actor(c), targetUserId: user.id, targetLabel: user.email } });
      return c.json(user);
    })
    .get("/prompts", async (c) => c.json(await listPrompts({ db })))
    .get("/prompts/:id/versions", async (c) => {
      const id = z.enum(promptIds as [string, ...string[]]).safeParse(c.req.param("id")).data;
      if (!id) return apiError(c, "not-found", "Prompt not found.");
      return c.json(await listPromptVersions({ db, id }));
    })
    .put("/prompts/:id", recentLogin, async (c) => {
      const id = z.enum(promptIds as [string, ...string[]]).safeParse(c.req.param("id")).data;
      if (!id) return apiError(c, "not-found", "Prompt not found.");
      const parsed = await parseJson(c, updatePromptSchema);
      if (!parsed.ok) return parsed.response;
      const row = await setPrompt({ db, id, prompt: parsed.data.prompt, changedBy: c.var.session.user.email });
      await recordAudit({ db, logger, event: { action: "prompt-changed", ...actor(c), details: { prompt: id, version: row.version } } });
      return c.json(row);
    });
}
