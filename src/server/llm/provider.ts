import type { Env } from "../env";
import { emergencyNumbersFromEnv } from "../safety/emergency-numbers";
import { createOfflineProvider } from "./offline-provider";
import { createOpenAiProvider } from "./openai-provider";
import type { ChatProvider } from "./types";

/** Demo mode: neither a key nor a base URL is configured, so the offline responder answers. */
export function isDemoMode(env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">): boolean {
  return !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL;
}

/** The configured model, or the offline responder when neither a key nor a base URL is set. */
export function createChatProvider(env: Env): ChatProvider {
  if (isDemoMode(env)) return createOfflineProvider({ emergencyNumber: emergencyNumbersFromEnv(env).number });
  return createOpenAiProvider(env);
}
