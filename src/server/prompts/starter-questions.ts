import * as z from "zod/mini";
import { type StarterQuestionsAnswer, starterQuestionsSchema } from "../../shared/schemas/starter-questions";
import { type Language, starterQuestionPromptIds } from "../../shared/values";
import type { Database } from "../db/client";
import { getPrompt } from "../db/queries/prompts";
import { defaultStarterQuestions } from "./starter-defaults";

/** The starter questions of every language, from their prompts (kept in memory); a missing or unreadable one gives the defaults. */
export async function readStarterQuestions({ db }: { db: Database }): Promise<StarterQuestionsAnswer> {
  const read = async (language: Language) => {
    const stored = await getPrompt({ db, id: starterQuestionPromptIds[language] });
    // Plain SQL can store what the dashboard and the command refuse; the chat screen still gets a valid list.
    const parsed = z.safeParse(starterQuestionsSchema, stored?.prompt ?? "");
    return parsed.success ? parsed.data : defaultStarterQuestions[language];
  };
  const [en, de] = await Promise.all([read("en"), read("de")]);
  return { en, de };
}
