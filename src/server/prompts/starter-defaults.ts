import { type Language, type StarterQuestionPromptId, starterQuestionPromptIds } from "../../shared/values";

/** The starter questions seeded at first start: everyday questions, one per line, 4 per language. */
export const defaultStarterQuestions: Record<Language, string[]> = {
  en: [
    "How can I sleep better when I'm stressed?",
    "What helps with a sore throat?",
    "How much exercise do I need each week?",
    "When should I see a doctor about a headache?",
  ],
  de: [
    "Wie viel sollte ich am Tag trinken?",
    "Was hilft gegen Rückenschmerzen vom Sitzen?",
    "Wie kann ich besser schlafen, wenn ich gestresst bin?",
    "Wann sollte ich mit Fieber zum Arzt gehen?",
  ],
};

/** The default starter-question prompts, by prompt id: one question per line. */
export const defaultStarterQuestionPrompts: Record<StarterQuestionPromptId, string> = {
  [starterQuestionPromptIds.en]: defaultStarterQuestions.en.join("\n"),
  [starterQuestionPromptIds.de]: defaultStarterQuestions.de.join("\n"),
};
