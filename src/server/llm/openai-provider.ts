import OpenAI from "openai";
import { Agent, fetch as undiciFetch } from "undici";
import type { Env } from "../env";
import { explained, freshEndpointMemory } from "./endpoint-quirks";
import { CLASSIFY_MAX_TOKENS, cleanTitle, samplingFor, TITLE_MAX_TOKENS } from "./sampling";
import { shortCompletion } from "./short-completion";
import { IdleTimeoutError, sseContent } from "./sse-content";
import { createThinkFilter } from "./think-filter";
import type { ChatProvider } from "./types";

/** Any OpenAI-compatible Chat Completions endpoint, through the official SDK. */
export function createOpenAiProvider(env: Env): ChatProvider {
  // One pool of keep-alive connections for every request to the endpoint, with a cap on how many are open.
  // undici's own fetch goes with its Agent (Node's built-in fetch may bundle another undici major).
  const dispatcher = new Agent({ connections: env.MODEL_MAX_CONNECTIONS });
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK insists on one.
    apiKey: env.OPENAI_API_KEY ?? "no-key",
    baseURL: env.OPENAI_BASE_URL,
    maxRetries: env.LLM_MAX_RETRIES,
    timeout: env.LLM_TIMEOUT_MS,
    fetch: fetchWithRetryAfterCap(dispatcher),
    // The SDK would log a malformed chunk (model output, so health information) to the console.
    logLevel: "off",
  });
  const model = env.LLM_MODEL;
  const sampling = samplingFor(env.LLM_SAMPLING);
  const memory = freshEndpointMemory();

  return {
    kind: "openai",
    model,
    async *streamReply({ messages, signal }) {
      // Until the response headers arrive, the SDK's timeout (per attempt) and retries apply. After them the
      // SDK's timeout no longer counts, so a stream that stalls is cut by our own idle timer, which runs only
      // while we wait for the next chunk (never during the wait for headers or between retries).
      const request = client.chat.completions.create({ model, messages, stream: true, ...sampling.reply }, { signal }).asResponse();
      let response: Response | undefined;
      try {
        // The SDK's wait before a retry ignores the signal: a caller who has gone away is not kept waiting.
        response = await unlessAborted(request, signal);
      } catch (error) {
        if (signal.aborted) return;
        throw explained(error);
      }
      if (!response) return;
      if (!response.body) throw new EmptyReplyError();

      let wrote = false;
      // Reasoning tokens are progress too: they restart the idle timer, while nothing reaches the user.
      const thinking = createThinkFilter({ startsInside: memory.startsInsideThink });
      try {
        for await (const piece of sseContent(response.body, response.headers, { idleTimeoutMs: env.LLM_IDLE_TIMEOUT_MS })) {
          if (piece.reasoning) memory.thinks = true;
          const step = thinking.push(piece.content);
          if (step.reset) {
            memory.startsInsideThink = true;
            wrote = false;
            yield { type: "reset" };
          }
          if (step.text) {
            wrote = true;
            yield { type: "text", text: step.text };
          }
        }
      } catch (error) {
        if (error instanceof IdleTimeoutError) throw error;
        if (signal.aborted) return;
        throw error;
      }
      // An abort can end the body without an error.
      if (signal.aborted) return;
      const rest = thinking.end();
      if (thinking.sawThinking()) memory.thinks = true;
      if (thinking.startedInside()) memory.startsInsideThink = true;
      if (rest) {
        wrote = true;
        yield { type: "text", text: rest };
      }
      // A reply that was all reasoning (cut off before its answer) is no reply.
      if (!wrote) throw new EmptyReplyError();
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
      return cleanTitle(
        await shortCompletion(client, memory, { model, messages, sampling: sampling.title, maxTokens: TITLE_MAX_TOKENS, signal }),
      );
    },
    async classify({ messages, signal }) {
      // No SDK retries: the verdict is only worth having while the reply is still on the screen, and the caller's
      // signal carries its own short timeout (the SDK's would stop counting once the headers arrived).
      const input = { model, messages, sampling: sampling.classify, maxTokens: CLASSIFY_MAX_TOKENS, signal, maxRetries: 0 };
      return shortCompletion(client, memory, input);
    },
  };
}

/**
 * The SDK honours any Retry-After, however long (an hour, or a date next week), while the user waits at a
 * spinner. Longer than this, the error is reported at once instead (the user can press Retry later).
 */
const MAX_RETRY_AFTER_MS = 60_000;

/** The wait a response asks for before a retry, as the SDK reads it (`retry-after-ms`, then `retry-after`). */
function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (!Number.isNaN(ms)) return ms;
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

/**
 * fetch for the SDK, through `dispatcher`: an error response asking for a wait over MAX_RETRY_AFTER_MS is
 * marked not to be retried.
 */
function fetchWithRetryAfterCap(dispatcher: Agent) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // The SDK calls with a URL string and a plain init; undici's types differ from the DOM's only in name.
    const response = (await undiciFetch(input as string | URL, { ...(init as UndiciInit), dispatcher })) as unknown as Response;
    if (response.status < 400) return response;
    const wait = retryAfterMs(response.headers);
    if (wait === undefined || wait <= MAX_RETRY_AFTER_MS) return response;
    const headers = new Headers(response.headers);
    headers.set("x-should-retry", "false");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

/** Resolves as `promise` does, or with undefined as soon as `signal` aborts (the promise is then left to settle). */
function unlessAborted<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The stream ended normally but without any text (e.g. only chunks with an empty choice list). */
export class EmptyReplyError extends Error {
  constructor() {
    super("The model sent no text");
    this.name = "EmptyReplyError";
  }
}
