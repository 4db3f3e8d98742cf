import { Hono } from "hono";
import type { PasswordPolicy } from "../../shared/schemas/password-policy";
import type { SiteConfig } from "../../shared/schemas/site-config";
import { passwordPolicyFromEnv } from "../auth/password-policy";
import type { Env } from "../env";
import { isDemoMode } from "../llm/provider";
import { emergencyNumbersFromEnv } from "../safety/emergency-numbers";

export function siteConfigFromEnv(env: Env): SiteConfig {
  return {
    siteName: env.SITE_NAME,
    surveyUrls: { en: env.SURVEY_URL_EN, de: env.SURVEY_URL_DE },
    appDownloadUrl: env.APP_DOWNLOAD_URL,
    authors: env.AUTHORS,
    privacyContactEmail: env.PRIVACY_CONTACT_EMAIL,
    demoMode: isDemoMode(env),
    redactsPersonalData: env.REDACT_PERSONAL_DATA,
    emergency: emergencyNumbersFromEnv(env),
  };
}

/** Public, cacheable configuration: the password policy and the site's texts and links. */
export function publicConfigRoutes(env: Env) {
  const policy: PasswordPolicy = passwordPolicyFromEnv(env);
  const site = siteConfigFromEnv(env);
  return new Hono().get("/password-policy", (c) => c.json(policy)).get("/site-config", (c) => c.json(site));
}
