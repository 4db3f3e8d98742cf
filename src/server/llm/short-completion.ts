import type OpenAI from "openai";
import { type EndpointMemory, explained, refusesMaxTokens } from "./endpoint-quirks";
import { stripThinking } from "./think-filter";
import type { PromptMessage } from "./types";

/**
 * Room for a reasoning model's thinking on top of a short completion's own cap. Its reasoning counts against
 * the cap, and 20 tokens end it mid-thought, with no answer at all.
 */
export const REASONING_ALLOWANCE_TOKENS = 2048;

export interface ShortCompletionInput {
  model: string;
  messages: PromptMessage[];
  sampling: Record<string, number>;
  maxTokens: number;
  signal?: AbortSignal;
  maxRetries?: number;
}

/**
 * A non-streamed completion with a small token cap (a title, the emergency verdict), without the reasoning. Asked
 * again with `max_completion_tokens`, or with room to think when cut off; `memory` keeps what was learned for later
 * calls (docs/architecture.md, "Reasoning models").
 */
export async function shortCompletion(client: OpenAI, memory: EndpointMemory, input: ShortCompletionInput): Promise<string> {
  const hadRoom = memory.thinks;
  const first = await askWithTokenLimit(client, memory, input, hadRoom);
  if (!first.cutShort || hadRoom) return first.answer;
  const second = await askWithTokenLimit(client, memory, input, true);
  if (!first.answer || second.reasoned) memory.thinks = true;
  return second.answer;
}

async function askWithTokenLimit(client: OpenAI, memory: EndpointMemory, input: ShortCompletionInput, roomToThink: boolean) {
  const cap = input.maxTokens + (roomToThink ? REASONING_ALLOWANCE_TOKENS : 0);
  const create = (tokenLimit: EndpointMemory["tokenLimit"]) =>
    client.chat.completions.create(
      { model: input.model, messages: input.messages, ...input.sampling, [tokenLimit]: cap },
      { signal: input.signal, maxRetries: input.maxRetries },
    );
  // Read once: another completion running at the same time may learn the other name meanwhile.
  const tokenLimit = memory.tokenLimit;
  let completion: OpenAI.ChatCompletion;
  try {
    completion = await create(tokenLimit);
  } catch (error) {
    if (tokenLimit !== "max_tokens" || !refusesMaxTokens(error)) throw explained(error);
    memory.tokenLimit = "max_completion_tokens";
    completion = await create("max_completion_tokens").catch((retryError: unknown) => Promise.reject(explained(retryError)));
  }
  const choice = completion.choices.at(-1);
  const message = choice?.message as (OpenAI.ChatCompletionMessage & { reasoning_content?: unknown; reasoning?: unknown }) | undefined;
  const { answer, sawThinking, startedInside } = stripThinking(message?.content ?? "");
  const reasoned = sawThinking || Boolean(message?.reasoning_content || message?.reasoning);
  if (startedInside) memory.startsInsideThink = true;
  return { answer, cutShort: choice?.finish_reason === "length", reasoned };
}
