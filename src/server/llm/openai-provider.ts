import OpenAI from "openai";
import type { Env } from "../env";
import { cleanTitle, replySampling, titleSampling } from "./sampling";
import type { ChatProvider } from "./types";

/** Any OpenAI-compatible Chat Completions endpoint, through the official SDK. */
export function createOpenAiProvider(env: Env): ChatProvider {
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK insists on one.
    apiKey: env.OPENAI_API_KEY ?? "no-key",
    baseURL: env.OPENAI_BASE_URL,
    maxRetries: env.LLM_MAX_RETRIES,
    timeout: env.LLM_TIMEOUT_MS,
  });
  const model = env.LLM_MODEL;

  return {
    kind: "openai",
    model,
    async *streamReply({ messages, signal }) {
      // The SDK's timeout stops once headers arrive, so a stalled stream is cut by our own idle timer.
      const idle = new AbortController();
      const combined = AbortSignal.any([signal, idle.signal]);
      let timer = setTimeout(() => idle.abort(new IdleTimeoutError()), env.LLM_IDLE_TIMEOUT_MS);
      try {
        const stream = await client.chat.completions.create({ model, messages, stream: true, ...replySampling }, { signal: combined });
        for await (const chunk of stream) {
          clearTimeout(timer);
          timer = setTimeout(() => idle.abort(new IdleTimeoutError()), env.LLM_IDLE_TIMEOUT_MS);
          const text = chunk.choices.at(-1)?.delta?.content;
          if (text) yield text;
        }
        if (idle.signal.aborted) throw new IdleTimeoutError();
      } catch (error) {
        if (idle.signal.aborted) throw new IdleTimeoutError();
        if (signal.aborted) return;
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async ping() {
      try {
        await client.models.list({ timeout: 3000, maxRetries: 0 });
        return true;
      } catch (error) {
        // An HTTP error still proves the endpoint is there (some servers have no /models).
        return error instanceof OpenAI.APIError && error.status !== undefined;
      }
    },
    async generateTitle({ messages, signal }) {
      const completion = await client.chat.completions.create({ model, messages, ...titleSampling }, { signal });
      return cleanTitle(completion.choices.at(-1)?.message?.content ?? "");
    },
  };
}

export class IdleTimeoutError extends Error {
  constructor() {
    super("The model stopped sending");
    this.name = "IdleTimeoutError";
  }
}
