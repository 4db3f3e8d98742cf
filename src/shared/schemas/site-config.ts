import { z } from "zod";

/** Operator-configured texts and links the web app shows (GET /api/site-config). */
export const siteConfigSchema = z.object({
  siteName: z.string(),
  surveyUrls: z.object({ en: z.string().optional(), de: z.string().optional() }),
  appDownloadUrl: z.string().optional(),
  authors: z.string().optional(),
  privacyContactEmail: z.string().optional(),
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
