/**
 * How the fake model plays a reasoning model (Qwen3, DeepSeek-R1 behind Ollama, vLLM or LM Studio) and an
 * endpoint that refuses parameters (OpenAI's reasoning models).
 */

/** How the reasoning reaches the client. */
export const reasoningStyles = [
  /** `<think>…</think>` before the answer, each tag in a chunk of its own. */
  "tags",
  /** The same text cut into 3-character chunks, so the tags are split across chunks. */
  "split-tags",
  /** The server strips the opening tag: the reply begins with the reasoning, then `</think>`. */
  "headless",
  /** `<think>` and reasoning, and the reply ends before `</think>` (cut off by a token limit). */
  "unterminated",
  /** Reasoning in `reasoning_content` deltas (vLLM, LM Studio, DeepSeek's API), then the answer in `content`. */
  "reasoning_content",
  /** Reasoning in `reasoning` deltas (Ollama, OpenRouter). */
  "reasoning",
] as const;
export type ReasoningStyle = (typeof reasoningStyles)[number];

/** A marker in any user message of a request makes the model reason in that style (replies, titles, checks). */
const markers: Record<string, ReasoningStyle> = {
  "#think-tags": "tags",
  "#think-split": "split-tags",
  "#think-headless": "headless",
  "#think-unterminated": "unterminated",
  "#think-reasoning-content": "reasoning_content",
  "#think-reasoning-field": "reasoning",
};

export function reasoningMarkedIn(userTexts: string[]): ReasoningStyle | undefined {
  const marker = Object.keys(markers).find((key) => userTexts.some((text) => text.includes(key)));
  return marker ? markers[marker] : undefined;
}

/** The reasoning the model writes before answering: ~25 words, with braces to mislead a JSON reader. */
export function reasoningFor(question: string): string {
  return `Okay, the user asks about "${question.replace(/#[\w:-]+/g, "").trim()}". Let me weigh this {carefully} before I answer, step by step, and not jump to any conclusion.`;
}

type Delta = { content?: string; reasoning_content?: string; reasoning?: string };

/** The deltas of a streamed reasoning reply, in order, and how it finishes. */
export function reasoningDeltas(style: ReasoningStyle, reasoning: string, answer: string): { deltas: Delta[]; finish: "stop" | "length" } {
  const words = (text: string) => text.split(/(?<=\s)/);
  if (style === "reasoning_content" || style === "reasoning")
    return {
      deltas: [...words(reasoning).map((token) => ({ [style]: token })), ...words(answer).map((content) => ({ content }))],
      finish: "stop",
    };
  if (style === "split-tags") {
    const text = `<think>\n${reasoning}\n</think>\n\n${answer}`;
    return { deltas: (text.match(/[\s\S]{1,3}/g) ?? []).map((content) => ({ content })), finish: "stop" };
  }
  const thought = words(reasoning).map((content) => ({ content }));
  if (style === "unterminated") return { deltas: [{ content: "<think>" }, { content: "\n" }, ...thought], finish: "length" };
  const opening = style === "tags" ? [{ content: "<think>" }, { content: "\n" }] : [];
  return {
    deltas: [
      ...opening,
      ...thought,
      { content: "\n" },
      { content: "</think>" },
      { content: "\n\n" },
      ...words(answer).map((content) => ({ content })),
    ],
    finish: "stop",
  };
}

/**
 * The message of a non-streamed reasoning completion. Like a real model, the reasoning counts against the token
 * cap (a token is a word here): past the cap the text is cut, and the finish reason is `length`.
 */
export function reasoningMessage(style: ReasoningStyle, reasoning: string, answer: string, cap: number | undefined) {
  const { deltas } = reasoningDeltas(style === "split-tags" ? "tags" : style, reasoning, answer);
  const limit = cap ?? Number.POSITIVE_INFINITY;
  const fields: Required<Delta> = { content: "", reasoning_content: "", reasoning: "" };
  let tokens = 0;
  for (const delta of deltas) {
    const [field, text] = Object.entries(delta)[0] as [keyof Delta, string];
    if (text.trim()) tokens += 1;
    if (tokens > limit) break;
    fields[field] += text;
  }
  const finish: "stop" | "length" = tokens > limit || style === "unterminated" ? "length" : "stop";
  const message: Record<string, string> = { role: "assistant", content: fields.content };
  if (style === "reasoning_content" || style === "reasoning") message[style] = fields[style];
  return { message, finish };
}

/** What an endpoint may refuse: `max_tokens` (it wants `max_completion_tokens`), or any sampling value. */
export type Refusable = "max_tokens" | "sampling";
const samplingParameters = ["temperature", "top_p", "frequency_penalty", "presence_penalty"];

/** The 400 body OpenAI sends for a parameter its reasoning models refuse, or undefined when the request is fine. */
export function refusalOf(request: Record<string, unknown>, refuses: readonly Refusable[]) {
  if (refuses.includes("max_tokens") && request.max_tokens !== undefined)
    return openAiError(
      "max_tokens",
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    );
  const sampling = refuses.includes("sampling") ? samplingParameters.find((name) => request[name] !== undefined) : undefined;
  if (sampling)
    return openAiError(
      sampling,
      `Unsupported value: '${sampling}' does not support ${request[sampling]} with this model. Only the default value is supported.`,
    );
  return undefined;
}

function openAiError(param: string, message: string) {
  return { error: { message, type: "invalid_request_error", param, code: "unsupported_parameter" } };
}
