import { Hono } from "hono";
import { z } from "zod";
import { feedbackReasonRequestSchema, feedbackRequestSchema } from "../../shared/schemas/chat";
import { toChatMessage } from "../chat/chat-message";
import type { Database } from "../db/client";
import { setFeedbackReason, toggleFeedback } from "../db/queries/messages";
import { apiError } from "../http/api-error";
import { jsonBody } from "../http/parse-json";
import { type AuthedEnv, requireSession } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";

export function messageRoutes({ sessions, db }: { sessions: SessionLookup; db: Database }) {
  return new Hono<AuthedEnv>()
    .use(requireSession(sessions))
    .put("/:id/feedback", jsonBody(feedbackRequestSchema), async (c) => {
      const messageId = z.uuid().safeParse(c.req.param("id")).data;
      const { kind } = c.req.valid("json");
      const updated = messageId && (await toggleFeedback({ db, userId: c.var.session.user.id, messageId, kind }));
      if (!updated) return apiError(c, "not-found", "Message not found.");
      return c.json(toChatMessage(updated));
    })
    .put("/:id/feedback-reason", jsonBody(feedbackReasonRequestSchema), async (c) => {
      const messageId = z.uuid().safeParse(c.req.param("id")).data;
      const { reason, comment } = c.req.valid("json");
      const updated = messageId && (await setFeedbackReason({ db, userId: c.var.session.user.id, messageId, reason, comment }));
      // Also when the message is not rated (any more): there is nothing of the user's to add a reason to.
      if (!updated) return apiError(c, "not-found", "Message not found.");
      return c.json(toChatMessage(updated));
    });
}
