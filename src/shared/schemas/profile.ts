import { z } from "zod";
import { languages } from "../values";

export { languages };
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const updateLanguageSchema = z.object({ languageCode: languageSchema }).strict();

export const profileSchema = z.object({ languageCode: languageSchema, email: z.string(), isOperator: z.boolean() });
export type ProfileResponse = z.infer<typeof profileSchema>;
