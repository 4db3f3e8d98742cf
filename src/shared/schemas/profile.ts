import * as z from "zod/mini";
import { type Language, languages } from "../values";

export { type Language, languages };
export const languageSchema = z.enum(languages);

export const updateLanguageSchema = z.strictObject({ languageCode: languageSchema });

export const profileSchema = z.object({
  languageCode: languageSchema,
  email: z.string(),
  /** Whether the user opened the confirmation link; optional for the public, required for operators. */
  emailVerified: z.boolean(),
  isOperator: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileSchema>;
