import type { Language } from "../../shared/schemas/profile";

export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What the chat service needs of a language model, whichever one is behind it. */
export interface ChatProvider {
  kind: "openai" | "offline";
  model: string;
  /** Yields the reply's text piece by piece; ends early, without throwing, when `signal` aborts. */
  streamReply: (input: { messages: PromptMessage[]; language: Language; signal: AbortSignal }) => AsyncIterable<string>;
  /** A short title for a conversation, or null when the model gave none. */
  /** Whether the endpoint answers at all (any HTTP response within a few seconds counts). */
  ping: () => Promise<boolean>;
  generateTitle: (input: { messages: PromptMessage[]; language: Language; signal?: AbortSignal }) => Promise<string | null>;
  /**
   * A short completion for a classification prompt (the emergency check), made once: no retries, ended when
   * `signal` aborts. Absent when the provider cannot classify (the offline responder).
   */
  classify?: (input: { messages: PromptMessage[]; signal: AbortSignal }) => Promise<string>;
}
