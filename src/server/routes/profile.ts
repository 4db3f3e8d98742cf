import { Hono } from "hono";
import { type DisplaySettings, displaySettingsSchema, type ProfileResponse, updateLanguageSchema } from "../../shared/schemas/profile";
import { getAccountRole } from "../db/queries/operators";
import { getProfile, saveDisplaySettings, saveLanguage } from "../db/queries/profiles";
import { isOperator, type RoleDeps } from "../http/operator";
import { jsonBody } from "../http/parse-json";
import { type AuthedEnv, requireSession } from "../http/session";

export function profileRoutes({ sessions, db, operatorEmails }: RoleDeps) {
  return new Hono<AuthedEnv>()
    .use(requireSession(sessions))
    .get("/", async (c) => {
      const userId = c.var.session.user.id;
      // Read fresh, not from the cached session: a verification or role change shows at once.
      const [profile, account] = await Promise.all([getProfile({ db, userId }), getAccountRole({ db, userId })]);
      return c.json({
        languageCode: profile?.languageCode ?? "en",
        textSize: profile?.textSize ?? "normal",
        theme: profile?.theme ?? "system",
        email: c.var.session.user.email,
        emailVerified: account?.emailVerified ?? false,
        isOperator: isOperator(operatorEmails, account),
      } satisfies ProfileResponse);
    })
    .put("/language", jsonBody(updateLanguageSchema), async (c) => {
      const { languageCode } = c.req.valid("json");
      const profile = await saveLanguage({ db, userId: c.var.session.user.id, languageCode });
      return c.json({ languageCode: profile?.languageCode ?? languageCode });
    })
    .put("/display", jsonBody(displaySettingsSchema), async (c) => {
      const settings = c.req.valid("json");
      const profile = await saveDisplaySettings({ db, userId: c.var.session.user.id, settings });
      return c.json({
        textSize: profile?.textSize ?? settings.textSize,
        theme: profile?.theme ?? settings.theme,
      } satisfies DisplaySettings);
    });
}
