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
import type { ExportFormat } from "../../shared/values";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { listAuditEvents } from "../db/queries/audit";
import { getAccountRole } from "../db/queries/operators";
import { listPrompts, listPromptVersions, setPrompt } from "../db/queries/prompts";
import { dailyStats } from "../db/queries/research";
import { findUsers, setUserDisabled } from "../db/queries/users";
import { apiError } from "../http/api-error";
import { hasOperatorGrant, requireOperator, requireRecentLogin } from "../http/operator";
import { containsNul, jsonBody } from "../http/parse-json";
import { paramsOf } from "../http/parse-params";
import { queryOf } from "../http/parse-query";
import type { AuthedEnv } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";
import type { Logger } from "../logger";
import { PROMPT_IDS } from "../prompts/defaults";
import { promptTextFor } from "../prompts/prompt-text";
import { ratedRepliesForResearch, researchExport } from "../research/exports";

const DISLIKED_TABLE_ROWS = 200;
const AUDIT_TABLE_ROWS = 500;
const promptIds: string[] = Object.values(PROMPT_IDS);
const exportContentTypes: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
};

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
    .get("/stats", queryOf(dateRangeSchema), async (c) => c.json(await dailyStats({ db, range: c.req.valid("query") })))
    .get("/disliked", queryOf(dislikedQuerySchema), async (c) => {
      const { from, to, language } = c.req.valid("query");
      const rows = await ratedRepliesForResearch({ db, range: { from, to }, language, onlyDislikes: true, limit: DISLIKED_TABLE_ROWS });
      // Health text read by a person: recorded like an export, with what was asked for and how much came back.
      const details = { from, to, ...(language ? { language } : {}), rows: rows.length };
      await recordAudit({ db, logger, event: { action: "feedback-read", ...actor(c), details } });
      return c.json(rows);
    })
    .get("/audit", queryOf(dateRangeSchema), async (c) =>
      c.json(await listAuditEvents({ db, range: c.req.valid("query"), limit: AUDIT_TABLE_ROWS })),
    )
    .get("/export/:kind", recentLogin, paramsOf(z.object({ kind: exportKindSchema })), queryOf(exportQuerySchema), async (c) => {
      const { kind } = c.req.valid("param");
      const { from, to, format } = c.req.valid("query");
      const body = await researchExport({ db, kind, range: { from, to }, format });
      await recordAudit({ db, logger, event: { action: "export", ...actor(c), details: { kind, format, from, to } } });
      c.header("Content-Type", exportContentTypes[format]);
      c.header("Content-Disposition", `attachment; filename="health-chat-${kind}-${from}-to-${to}.${format}"`);
      c.header("Cache-Control", "no-store");
      return c.body(body);
    })
    .get("/users", queryOf(userSearchSchema), async (c) => {
      const { email } = c.req.valid("query");
      const found = await findUsers({ db, email });
      await recordAudit({ db, logger, event: { action: "users-searched", ...actor(c), details: { query: email, found: found.length } } });
      return c.json(found);
    })
    .put("/users/:id/disabled", jsonBody(setDisabledSchema), async (c) => {
      const userId = c.req.param("id");
      if (userId === c.var.session.user.id) return apiError(c, "bad-request", "You cannot disable your own account.");
      // No user id holds NUL, and PostgreSQL refuses it in a parameter (a 500).
      if (containsNul(userId)) return apiError(c, "not-found", "User not found.");
      // One operator must not be able to lock the others out: operators are changed only with `npm run users`.
      if (hasOperatorGrant(operatorEmails, await getAccountRole({ db, userId }))) return apiError(c, "operator-protected");
      const user = await setUserDisabled({ db, userId, disabled: c.req.valid("json").disabled });
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
    .put("/prompts/:id", recentLogin, jsonBody(updatePromptSchema), async (c) => {
      const id = z.enum(promptIds as [string, ...string[]]).safeParse(c.req.param("id")).data;
      if (!id) return apiError(c, "not-found", "Prompt not found.");
      const text = promptTextFor(id, c.req.valid("json").prompt);
      if (!text.success) return apiError(c, "bad-request", "The starter questions are not valid.", { issues: text.issues });
      const row = await setPrompt({ db, id, prompt: text.prompt, changedBy: c.var.session.user.email });
      await recordAudit({ db, logger, event: { action: "prompt-changed", ...actor(c), details: { prompt: id, version: row.version } } });
      return c.json(row);
    });
}
