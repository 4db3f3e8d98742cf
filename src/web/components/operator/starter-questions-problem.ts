import { useTranslation } from "react-i18next";
import { MAX_STARTER_QUESTION_CHARS, MAX_STARTER_QUESTIONS, starterQuestionsProblem } from "../../../shared/schemas/starter-questions";

/** Says, in the dashboard's language, what is wrong with a starter-question text (the server's own rule); null if nothing. */
export function useStarterQuestionsProblemText() {
  const { t } = useTranslation();
  return (text: string): string | null => {
    const problem = starterQuestionsProblem(text);
    if (!problem) return null;
    if (problem.kind === "none") return t("operator.prompts.starterNone");
    if (problem.kind === "too-many") return t("operator.prompts.starterTooMany", { count: problem.count, max: MAX_STARTER_QUESTIONS });
    return t("operator.prompts.starterTooLong", { line: problem.line, chars: MAX_STARTER_QUESTION_CHARS });
  };
}
