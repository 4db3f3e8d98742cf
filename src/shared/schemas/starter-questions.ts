import * as z from "zod/mini";
import { languages } from "../values";

export const MAX_STARTER_QUESTIONS = 6;
export const MAX_STARTER_QUESTION_CHARS = 120;

/** The questions in an operator's text: one per line, trimmed; blank lines are left out. */
export const starterQuestionLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** An operator's starter-question text (a prompt's text), read into its questions: 1 to 6, each at most 120 characters. */
export const starterQuestionsSchema = z.pipe(
  z.pipe(z.string(), z.transform(starterQuestionLines)),
  z
    .array(z.string().check(z.maxLength(MAX_STARTER_QUESTION_CHARS, `At most ${MAX_STARTER_QUESTION_CHARS} characters a question.`)))
    .check(
      z.minLength(1, "Give at least one question."),
      z.maxLength(MAX_STARTER_QUESTIONS, `Give at most ${MAX_STARTER_QUESTIONS} questions.`),
    ),
);

/** What is wrong with a starter-question text, for a message in the reader's language. */
export type StarterQuestionsProblem = { kind: "none" } | { kind: "too-many"; count: number } | { kind: "too-long"; line: number };

/** The first problem of a starter-question text (a too-long line by its number in the text, from 1). */
export function starterQuestionsProblem(text: string): StarterQuestionsProblem | null {
  const result = z.safeParse(starterQuestionsSchema, text);
  if (result.success) return null;
  const lines = starterQuestionLines(text);
  if (lines.length === 0) return { kind: "none" };
  if (lines.length > MAX_STARTER_QUESTIONS) return { kind: "too-many", count: lines.length };
  const rawLines = text.split(/\r?\n/);
  return { kind: "too-long", line: rawLines.findIndex((line) => line.trim().length > MAX_STARTER_QUESTION_CHARS) + 1 };
}

/** GET /api/starter-questions: the questions an empty chat offers, for every interface language. */
export const starterQuestionsAnswerSchema = z.record(z.enum(languages), z.array(z.string()));
export type StarterQuestionsAnswer = z.infer<typeof starterQuestionsAnswerSchema>;
