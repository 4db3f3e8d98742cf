import OpenAI from "openai";
import type { ReplyErrorCode } from "../../shared/values";
import { IdleTimeoutError } from "./sse-content";

/**
 * Sorts a failed model request into the few kinds the user is told about. It lives beside the provider, so the
 * chat layer never needs to know which SDK (or which error classes) stand behind a reply.
 */
export function classifyProviderError(error: unknown): ReplyErrorCode {
  if (error instanceof IdleTimeoutError || error instanceof OpenAI.APIConnectionTimeoutError) return "provider-timeout";
  if (error instanceof OpenAI.RateLimitError) return "provider-rate-limited";
  if (error instanceof OpenAI.APIConnectionError) return "provider-unavailable";
  if (error instanceof OpenAI.APIError && (error.status ?? 0) >= 500) return "provider-unavailable";
  // A connection dropped mid-stream surfaces from fetch as TypeError("terminated"), not as an SDK error.
  if (
    error instanceof TypeError &&
    /terminated|socket|ECONNRESET/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`)
  ) {
    return "provider-unavailable";
  }
  return "provider-error";
}
