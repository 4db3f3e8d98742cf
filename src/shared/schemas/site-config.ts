import * as z from "zod/mini";

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
  /** Numbers shown on the emergency card; the browser picks US numbers for en-US. */
  emergency: z.object({
    number: z.string(),
    numberUs: z.string(),
    crisisLineDe: z.string(),
    crisisLineEn: z.string(),
    crisisLineUs: z.string(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
