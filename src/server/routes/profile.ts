import { Hono } from "hono";
import { updateLanguageSchema } from "../../shared/schemas/profile";
import type { Database } from "../db/client";
import { getProfile, saveLanguage } from "../db/queries/profiles";
import { isOperator } from "../http/operator";
import { parseJson } from "../http/parse-json";
import { type AuthedEnv, requireSession } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";

export function profileRoutes({ sessions, db, operatorEmails }: { sessions: SessionLookup; db: Database; operatorEmails: string[] }) {
  return new Hono<AuthedEnv>()
    .use(requireSession(sessions))
    .get("/", async (c) => {
      const profile = await getProfile({ db, userId: c.var.session.user.id });
      const { email } = c.var.session.user;
      return c.json({ languageCode: profile?.languageCode === "de" ? "de" : "en", email, isOperator: isOperator(operatorEmails, email) });
    })
    .put("/language", async (c) => {
      const parsed = await parseJson(c, updateLanguageSchema);
      if (!parsed.ok) return parsed.response;
      const profile = await saveLanguage({ db, userId: c.var.session.user.id, languageCode: parsed.data.languageCode });
      return c.json({ languageCode: profile?.languageCode ?? parsed.data.languageCode });
    });
}
