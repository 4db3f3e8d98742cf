import type { StreamEvent } from "../../shared/schemas/chat";
import type { Language } from "../../shared/schemas/profile";
import type { EmergencyNumbers } from "../../shared/schemas/site-config";
import type { Database } from "../db/client";
import { setChatTitle } from "../db/queries/chats";
import { appendMessage, ChatGoneError, listEarlierVersions, restoreNewestAnswer } from "../db/queries/messages";
import { getPrompt } from "../db/queries/prompts";
import type { Message } from "../db/schema";
import { classifyProviderError } from "../llm/provider-errors";
import { isTitleTurn } from "../llm/sampling";
import type { ChatProvider, ReplyPiece } from "../llm/types";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import type { AppMetrics } from "../metrics/metrics";
import { defaultPrompts, PROMPT_IDS } from "../prompts/defaults";
import { fillEmergencyPlaceholders } from "../safety/emergency-numbers";
import { toChatMessage, withAnswerVersions } from "./chat-message";
import { promptContentOf, redactedTextOf } from "./history";
import { buildReplyPrompt, buildTitlePrompt, type PromptTurn, type Redact } from "./prompt";
import { startNow } from "./start-now";

export interface ReplyDeps {
  db: Database;
  provider: ChatProvider;
  logger: Logger;
  /** Applied to every message before it goes to the model provider, once (stored); undefined when that is off. */
  redact: Redact | undefined;
  /** MAX_PROMPT_TOKENS: the newest turns that fit go to the model (see buildReplyPrompt). */
  maxPromptTokens: number;
  /** Set when /metrics is on (METRICS_TOKEN). */
  metrics?: AppMetrics;
  /** The deployment's numbers, filled into the system prompt's placeholders. */
  emergency: EmergencyNumbers;
}

/** The model's reply, asked for before anything is saved; its pieces wait until streamReply reads them. */
export interface RequestedReply {
  pieces: AsyncIterable<ReplyPiece>;
  /** The conversation the model answers (its newest turns), the new user message last. */
  history: PromptTurn[];
  language: Language;
  /** The reply's one abort signal: Stop, a closed connection, a shutdown, or a save that failed. */
  signal: AbortSignal;
  promptVersion: number | null;
  startedAt: number;
}

/**
 * Asks the model for its reply to `history` (the send limits were counted before) at once: the request is under
 * way while the caller saves the user's message, and nothing of it reaches the user until streamReply reads it.
 * Aborting `signal` (say, when the save fails) cancels the request.
 */
export async function requestReply(
  { db, provider, maxPromptTokens, emergency }: Pick<ReplyDeps, "db" | "provider" | "maxPromptTokens" | "emergency">,
  { history, language, signal }: { history: PromptTurn[]; language: Language; signal: AbortSignal },
): Promise<RequestedReply> {
  const stored = await getPrompt({ db, id: PROMPT_IDS.system });
  // The seeded prompt and an operator's alike: whichever is active gets the deployment's numbers.
  const systemPrompt = fillEmergencyPlaceholders(stored?.prompt ?? defaultPrompts.system, emergency);
  const startedAt = performance.now();
  const pieces = startNow(
    provider.streamReply({
      messages: buildReplyPrompt({ systemPrompt, history, language, maxTokens: maxPromptTokens }),
      language,
      signal,
    }),
  );
  return { pieces, history, language, signal, promptVersion: stored?.version ?? null, startedAt };
}

/** Where a reply goes: its chat, the question it answers, and whether its turn may have earlier answers to list. */
export interface ReplyTurn {
  chatId: string;
  questionId: string;
  versions: boolean;
}

/**
 * Streams the model's reply into the chat and saves it once, at the end: complete, incomplete (stopped by the
 * user or the connection) or failed, always keeping what was written. Each delta is passed on as it arrives,
 * with no database write per token.
 */
export async function* streamReply(
  { db, provider, logger, redact, maxPromptTokens, metrics }: ReplyDeps,
  { chatId, questionId, versions }: ReplyTurn,
  { pieces, history, language, signal, promptVersion, startedAt }: RequestedReply,
): AsyncGenerator<StreamEvent> {
  // What generated this reply, stored with it for research (never shown to the user).
  const origin = () => ({ model: provider.model, promptVersion, latencyMs: Math.round(performance.now() - startedAt), questionId });
  // After a regenerate or an edit, the saved reply comes with the earlier answers to its turn.
  const shown = async (saved: Message) =>
    versions
      ? (withAnswerVersions([saved], await listEarlierVersions({ db, chatId, from: saved.position - 1, to: saved.position }))[0] ??
        toChatMessage(saved))
      : toChatMessage(saved);
  // A chat deleted while its reply was written has nowhere to keep it: the user chose that, so it is no failure.
  const save = async (message: Parameters<typeof appendMessage>[0]["message"]) => {
    try {
      return await appendMessage({ db, message });
    } catch (error) {
      if (!(error instanceof ChatGoneError)) throw error;
      logger.info("reply dropped: its chat was deleted", { chatId });
      return undefined;
    }
  };
  let text = "";
  // A reply is redacted once, as it is saved: later prompts send what is stored.
  const redactedReply = () => ({ redactedText: redactedTextOf({ redact }, text) });
  let firstTokenSent = false;
  try {
    for await (const piece of pieces) {
      if (piece.type === "reset") {
        // What was passed on was the model's reasoning, not its answer: it is neither kept nor left on the screen.
        if (text) yield { type: "reset" };
        text = "";
        continue;
      }
      // PostgreSQL text cannot hold NUL: a model that sends one must not cost the user the whole reply.
      const clean = piece.text.includes("\u0000") ? piece.text.replaceAll("\u0000", "") : piece.text;
      if (!clean) continue;
      text += clean;
      if (!firstTokenSent) {
        firstTokenSent = true;
        metrics?.replyFirstToken((performance.now() - startedAt) / 1000);
      }
      yield { type: "delta", text: clean };
    }
  } catch (error) {
    const code = classifyProviderError(error);
    metrics?.providerError(code);
    logger.warn("model reply failed", { chatId, code, error: errorFields(error) });
    const saved = await save({ chatId, sender: "assistant", text, status: "error", errorCode: code, ...origin() });
    if (saved) yield { type: "error", code, message: await shown(saved) };
    return;
  }
  if (signal.aborted) {
    if (text) await save({ chatId, sender: "assistant", text, status: "incomplete", ...redactedReply(), ...origin() });
    // Stopped before its first word: the answer a regenerate set aside is the current one again.
    else if (versions) await restoreNewestAnswer({ db, chatId, questionId });
    return;
  }
  const saved = await save({ chatId, sender: "assistant", text, status: "complete", ...redactedReply(), ...origin() });
  if (!saved) return;
  yield { type: "done", message: await shown(saved) };

  // Positions count the chat's messages from 0 (the history holds only its newest turns).
  if (isTitleTurn(saved.position + 1)) {
    const conversation = [...history, { ...saved, content: promptContentOf({ redact }, saved) }];
    const title = await makeTitle({ db, provider, logger, maxPromptTokens }, { chatId, conversation, language, signal });
    if (title) yield { type: "title", chatId, title };
  }
}

async function makeTitle(
  { db, provider, logger, maxPromptTokens }: Pick<ReplyDeps, "db" | "provider" | "logger" | "maxPromptTokens">,
  input: { chatId: string; conversation: PromptTurn[]; language: Language; signal: AbortSignal },
) {
  try {
    const titlePrompt = (await getPrompt({ db, id: PROMPT_IDS.title }))?.prompt ?? defaultPrompts.title;
    const title = await provider.generateTitle({
      messages: buildTitlePrompt({ titlePrompt, history: input.conversation, maxTokens: maxPromptTokens }),
      language: input.language,
      signal: input.signal,
    });
    if (title) await setChatTitle({ db, chatId: input.chatId, title });
    return title;
  } catch (error) {
    logger.warn("title generation failed", { chatId: input.chatId, error: errorFields(error) });
    return null;
  }
}
