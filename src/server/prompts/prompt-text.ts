import * as z from "zod/mini";
import { starterQuestionsSchema } from "../../shared/schemas/starter-questions";
import { isStarterQuestionPromptId } from "../../shared/values";

type PromptText = { success: true; prompt: string } | { success: false; issues: { path: string; message: string }[] };

/** The text to store for a prompt: starter questions must be 1–6 lines of at most 120 characters, stored one per line. */
export function promptTextFor(id: string, prompt: string): PromptText {
  if (!isStarterQuestionPromptId(id)) return { success: true, prompt };
  const parsed = z.safeParse(starterQuestionsSchema, prompt);
  if (parsed.success) return { success: true, prompt: parsed.data.join("\n") };
  return {
    success: false,
    issues: parsed.error.issues.map((issue) => ({ path: ["prompt", ...issue.path].join("."), message: issue.message })),
  };
}
