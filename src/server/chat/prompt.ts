import type { Language } from "../../shared/schemas/profile";
import type { Message } from "../db/schema";
import type { PromptMessage } from "../llm/types";

const languageNames: Record<Language, string> = { en: "English", de: "German" };

/** What leaves the server: a transform applied to every message (personal identifiers replaced). */
export type Redact = (text: string) => string;

/** What the prompt takes of a message. */
export type PromptTurn = Pick<Message, "sender" | "text" | "status">;

/** The system prompt first, then the conversation in order; failed or empty replies are left out. */
export function buildReplyPrompt(input: {
  systemPrompt: string;
  history: PromptTurn[];
  language: Language;
  redact: Redact;
}): PromptMessage[] {
  const system = `${input.systemPrompt}\n\nThe user's interface language is ${languageNames[input.language]}.`;
  return [{ role: "system", content: system }, ...conversationTurns(input.history, input.redact)];
}

/** The conversation followed by the title instruction. */
export function buildTitlePrompt(input: { titlePrompt: string; history: PromptTurn[]; redact: Redact }): PromptMessage[] {
  return [...conversationTurns(input.history, input.redact), { role: "user", content: input.titlePrompt }];
}

function conversationTurns(history: PromptTurn[], redact: Redact): PromptMessage[] {
  return history
    .filter((message) => message.text.trim() !== "" && message.status !== "error")
    .map((message) => ({ role: message.sender, content: redact(message.text) }));
}
