import { MAX_CHAT_TITLE_CHARS } from "../../shared/values";

/** Sampling of spec section 9: the same for replies and titles. */
export const specSampling = {
  temperature: 0.2,
  top_p: 0.7,
  frequency_penalty: 0.5,
  presence_penalty: 0.4,
} as const;

/** The emergency check wants the same answer every time. */
const classifySpecSampling = { temperature: 0 } as const;

/** `spec` sends the values above; `provider-default` sends none, for endpoints that refuse them (newer OpenAI models). */
export type SamplingMode = "spec" | "provider-default";

/** The sampling values each kind of request sends under LLM_SAMPLING. */
export function samplingFor(mode: SamplingMode) {
  const spec = mode === "spec";
  return { reply: spec ? specSampling : {}, title: spec ? specSampling : {}, classify: spec ? classifySpecSampling : {} };
}

/** Token caps of the short completions: a title is a few words, a JSON verdict needs only a few tokens. */
export const TITLE_MAX_TOKENS = 20;
export const CLASSIFY_MAX_TOKENS = 100;

/** Titles are made after the 1st, 2nd, 4th, 8th … exchange: when the message count is a power of two. */
export function isTitleTurn(messageCount: number): boolean {
  return messageCount >= 2 && (messageCount & (messageCount - 1)) === 0;
}

/** Trims quotes, a "Title:" prefix and whitespace the model may add, and caps the length. */
export function cleanTitle(raw: string): string | null {
  const title = raw
    .replace(/^\s*(title|titel)\s*:\s*/i, "")
    .replace(/^["'„“”«»\s]+|["'„“”«».\s]+$/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_CHAT_TITLE_CHARS);
  return title || null;
}
