import * as z from "zod/mini";
import { type Language, languages, type TextSize, type Theme, textSizes, themes } from "../values";

export { type Language, languages, type TextSize, type Theme, textSizes, themes };
export const languageSchema = z.enum(languages);
export const textSizeSchema = z.enum(textSizes);
export const themeSchema = z.enum(themes);

/** PUT /api/profile/display: how the app looks for this user, on every device. */
export const displaySettingsSchema = z.strictObject({ textSize: textSizeSchema, theme: themeSchema });
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

export const updateLanguageSchema = z.strictObject({ languageCode: languageSchema });

export const profileSchema = z.object({
  languageCode: languageSchema,
  textSize: textSizeSchema,
  theme: themeSchema,
  email: z.string(),
  /** Whether the user opened the confirmation link; optional for the public, required for operators. */
  emailVerified: z.boolean(),
  isOperator: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileSchema>;
