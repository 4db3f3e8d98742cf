import * as z from "zod/mini";

/** A crisis line for people thinking of suicide: its name and the number to call. */
export const crisisLineSchema = z.object({ name: z.string(), number: z.string() });
export type CrisisLine = z.infer<typeof crisisLineSchema>;

/** The emergency number and crisis line of one region; `null` where the table knows no crisis line. */
export const emergencyNumbersSchema = z.object({
  region: z.string(),
  number: z.string(),
  crisisLine: z.nullable(crisisLineSchema),
});
export type EmergencyNumbers = z.infer<typeof emergencyNumbersSchema>;

/** Operator-configured texts and links the web app shows (GET /api/site-config). */
export const siteConfigSchema = z.object({
  siteName: z.string(),
  surveyUrls: z.object({ en: z.optional(z.string()), de: z.optional(z.string()) }),
  appDownloadUrl: z.optional(z.string()),
  authors: z.optional(z.string()),
  privacyContactEmail: z.optional(z.string()),
  /** No language model is configured: the assistant only explains how to set one up. */
  demoMode: z.boolean(),
  /** Personal identifiers are replaced before a conversation goes to the model provider. */
  redactsPersonalData: z.boolean(),
  /** The deployment's numbers (EMERGENCY_REGION and its overrides): the card, the disclaimer and the prompt use them. */
  emergency: emergencyNumbersSchema,
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
