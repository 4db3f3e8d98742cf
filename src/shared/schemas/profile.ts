import { z } from "zod";
import { languages } from "../values";

export { languages };
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const updateLanguageSchema = z.object({ languageCode: languageSchema }).strict();

export const profileSchema = z.object({
  languageCode: languageSchema,
  email: z.string(),
  /** Whether the user opened the confirmation link; optional for the public, required for operators. */
  emailVerified: z.boolean(),
  isOperator: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileSchema>;
