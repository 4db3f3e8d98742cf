import type { Language } from "../../shared/schemas/profile";
import type { Message } from "../db/schema";
import type { PromptMessage } from "../llm/types";

const languageNames: Record<Language, string> = { en: "English", de: "German" };

/** What leaves the server: a transform applied to every message (personal identifiers replaced). */
export type Redact = (text: string) => string;

/** What the prompt takes of a message: `content` is its text as it goes out (redacted when that is on). */
export type PromptTurn = Pick<Message, "sender" | "status"> & { content: string };

/** What each message adds around its text (role markers and separators of the chat template). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * A text's tokens, estimated as characters / 4 rounded up (no tokenizer: each model has its own). A rule of
 * thumb for English prose; German takes somewhat more, so MAX_PROMPT_TOKENS keeps headroom below the context.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** What one message costs in a prompt. */
export const messageTokens = (content: string) => estimateTokens(content) + MESSAGE_OVERHEAD_TOKENS;

/**
 * The system prompt first, then the newest turns that fit `maxTokens` with it, in order; failed or empty replies
 * are left out. The last turn (the newest user message) is always kept, however long.
 */
export function buildReplyPrompt(input: {
  systemPrompt: string;
  history: PromptTurn[];
  language: Language;
  maxTokens: number;
}): PromptMessage[] {
  const system = `${input.systemPrompt}\n\nThe user's interface language is ${languageNames[input.language]}.`;
  return [
    { role: "system", content: system },
    ...newestTurnsWithin(conversationTurns(input.history), input.maxTokens - messageTokens(system)),
  ];
}

/** The newest turns of the conversation that fit `maxTokens`, followed by the title instruction. */
export function buildTitlePrompt(input: { titlePrompt: string; history: PromptTurn[]; maxTokens: number }): PromptMessage[] {
  const turns = newestTurnsWithin(conversationTurns(input.history), input.maxTokens - messageTokens(input.titlePrompt));
  return [...turns, { role: "user", content: input.titlePrompt }];
}

/**
 * The newest of `turns` whose estimated tokens add up to at most `budget`, in order, stopping at the first that
 * does not fit. The last turn is always kept. A leading reply is dropped: chat templates expect a user turn first.
 */
export function newestTurnsWithin(turns: PromptMessage[], budget: number): PromptMessage[] {
  let first = turns.length;
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const cost = messageTokens((turns[i] as PromptMessage).content);
    if (i < turns.length - 1 && used + cost > budget) break;
    used += cost;
    first = i;
  }
  while (first < turns.length - 1 && turns[first]?.role === "assistant") first++;
  return turns.slice(first);
}

function conversationTurns(history: PromptTurn[]): PromptMessage[] {
  return history
    .filter((turn) => turn.content.trim() !== "" && turn.status !== "error")
    .map((turn) => ({ role: turn.sender, content: turn.content }));
}
