import { Hono } from "hono";
import { z } from "zod";
import { feedbackRequestSchema } from "../../shared/schemas/chat";
import type { Auth } from "../auth/auth";
import { toChatMessage } from "../chat/reply";
import type { Database } from "../db/client";
import { toggleFeedback } from "../db/queries/messages";
import { apiError } from "../http/api-error";
import { parseJson } from "../http/parse-json";
import { type AuthedEnv, requireSession } from "../http/session";

export function messageRoutes({ auth, db }: { auth: Auth; db: Database }) {
  return new Hono<AuthedEnv>().use(requireSession(auth)).put("/:id/feedback", async (c) => {
    const messageId = z.uuid().safeParse(c.req.param("id")).data;
    const parsed = await parseJson(c, feedbackRequestSchema);
    if (!parsed.ok) return parsed.response;
    const updated = messageId && (await toggleFeedback({ db, userId: c.var.session.user.id, messageId, kind: parsed.data.kind }));
    if (!updated) return apiError(c, "not-found", "Message not found.");
    return c.json(toChatMessage(updated));
  });
}
