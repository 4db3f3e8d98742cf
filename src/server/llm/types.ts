import type { Language } from "../../shared/schemas/profile";

export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * One step of a streamed reply: more answer text, or `reset` when the text passed on so far was the model's
 * reasoning after all (a server that strips the opening `<think>` tag), so the answer starts again.
 */
export type ReplyPiece = { type: "text"; text: string } | { type: "reset" };

/** What the chat service needs of a language model, whichever one is behind it. */
export interface ChatProvider {
  kind: "openai" | "offline";
  model: string;
  /** Yields the reply's answer piece by piece, never its reasoning; ends early, without throwing, when `signal` aborts. */
  streamReply: (input: { messages: PromptMessage[]; language: Language; signal: AbortSignal }) => AsyncIterable<ReplyPiece>;
  /** Whether the endpoint answers at all (any HTTP response within a few seconds counts). */
  ping: () => Promise<boolean>;
  /** A short title for a conversation, or null when the model gave none. */
  generateTitle: (input: { messages: PromptMessage[]; language: Language; signal?: AbortSignal }) => Promise<string | null>;
  /**
   * A short completion for a classification prompt (the emergency check), made once: no retries, ended when
   * `signal` aborts. Absent when the provider cannot classify (the offline responder).
   */
  classify?: (input: { messages: PromptMessage[]; signal: AbortSignal }) => Promise<string>;
}
