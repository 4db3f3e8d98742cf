import { Hono } from "hono";
import { updateLanguageSchema } from "../../shared/schemas/profile";
import { getAccountRole } from "../db/queries/operators";
import { getProfile, saveLanguage } from "../db/queries/profiles";
import { isOperator, type RoleDeps } from "../http/operator";
import { parseJson } from "../http/parse-json";
import { type AuthedEnv, requireSession } from "../http/session";

export function profileRoutes({ sessions, db, operatorEmails }: RoleDeps) {
  return new Hono<AuthedEnv>()
    .use(requireSession(sessions))
    .get("/", async (c) => {
      const userId = c.var.session.user.id;
      // Read fresh, not from the cached session: a verification or role change shows at once.
      const [profile, account] = await Promise.all([getProfile({ db, userId }), getAccountRole({ db, userId })]);
      return c.json({
        languageCode: profile?.languageCode === "de" ? "de" : "en",
        email: c.var.session.user.email,
        emailVerified: account?.emailVerified ?? false,
        isOperator: isOperator(operatorEmails, account),
      });
    })
    .put("/language", async (c) => {
      const parsed = await parseJson(c, updateLanguageSchema);
      if (!parsed.ok) return parsed.response;
      const profile = await saveLanguage({ db, userId: c.var.session.user.id, languageCode: parsed.data.languageCode });
      return c.json({ languageCode: profile?.languageCode ?? parsed.data.languageCode });
    });
}
