import { type ChatMessage, replyErrorCodeSchema, type StreamEvent } from "../../shared/schemas/chat";
import type { Language } from "../../shared/schemas/profile";
import type { Database } from "../db/client";
import { setChatTitle } from "../db/queries/chats";
import { appendMessage, listMessages } from "../db/queries/messages";
import { getPrompt } from "../db/queries/prompts";
import type { Message } from "../db/schema";
import { isTitleTurn } from "../llm/sampling";
import type { ChatProvider } from "../llm/types";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import type { AppMetrics } from "../metrics/metrics";
import { defaultPrompts, PROMPT_IDS } from "../prompts/defaults";
import { shownRedFlags } from "./emergency-check";
import { buildReplyPrompt, buildTitlePrompt, type Redact } from "./prompt";
import { classifyReplyError } from "./reply-errors";

export interface ReplyDeps {
  db: Database;
  provider: ChatProvider;
  logger: Logger;
  /** Applied to every message before it goes to the model provider. */
  redact: Redact;
  /** Set when /metrics is on (METRICS_TOKEN). */
  metrics?: AppMetrics;
}

export function toChatMessage(row: Message): ChatMessage {
  const errorCode = replyErrorCodeSchema.safeParse(row.errorCode).data ?? (row.status === "error" ? "provider-error" : null);
  return {
    id: row.id,
    position: row.position,
    sender: row.sender,
    text: row.text,
    status: row.status,
    feedback: row.feedback,
    feedbackReason: row.feedbackReason,
    feedbackComment: row.feedbackComment,
    errorCode,
    redFlags: shownRedFlags(row.redFlags, row.redFlagModelCategory),
    createdAt: row.createdAt,
  };
}

/**
 * Streams the model's reply to the chat's conversation and saves it once, at the end: complete, incomplete
 * (stopped by the user or the connection) or failed, always keeping what was written. Each delta is passed
 * on as it arrives, with no database write per token.
 */
export async function* streamReply(
  { db, provider, logger, redact, metrics }: ReplyDeps,
  {
    chatId,
    language,
    signal,
    history: known,
    systemPrompt: prefetched,
  }: {
    chatId: string;
    language: Language;
    signal: AbortSignal;
    /** The chat's messages when the caller has them at hand (a chat it has just created), saving a query. */
    history?: Message[];
    /** The system prompt row when the caller fetched it alongside saving the user's message. */
    systemPrompt?: Awaited<ReturnType<typeof getPrompt>>;
  },
): AsyncGenerator<StreamEvent> {
  const started = performance.now();
  const [history, stored] = await Promise.all([
    known ?? listMessages({ db, chatId }),
    prefetched ?? getPrompt({ db, id: PROMPT_IDS.system }),
  ]);
  const systemPrompt = stored?.prompt ?? defaultPrompts.system;
  // What generated this reply, stored with it for research (never shown to the user).
  const origin = () => ({
    model: provider.model,
    promptVersion: stored?.version ?? null,
    latencyMs: Math.round(performance.now() - started),
  });
  let text = "";
  let firstTokenSent = false;
  try {
    for await (const piece of provider.streamReply({
      messages: buildReplyPrompt({ systemPrompt, history, language, redact }),
      language,
      signal,
    })) {
      if (piece.type === "reset") {
        // What was passed on was the model's reasoning, not its answer: it is neither kept nor left on the screen.
        if (text) yield { type: "reset" };
        text = "";
        continue;
      }
      // PostgreSQL text cannot hold NUL: a model that sends one must not cost the user the whole reply.
      const clean = piece.text.replaceAll("\u0000", "");
      text += clean;
      if (!clean) continue;
      if (!firstTokenSent) {
        firstTokenSent = true;
        metrics?.replyFirstToken((performance.now() - started) / 1000);
      }
      yield { type: "delta", text: clean };
    }
  } catch (error) {
    const code = classifyReplyError(error);
    metrics?.providerError(code);
    logger.warn("model reply failed", { chatId, code, error: errorFields(error) });
    const saved = await appendMessage({
      db,
      message: { chatId, sender: "assistant", text, status: "error", errorCode: code, ...origin() },
    });
    yield { type: "error", code, message: toChatMessage(saved) };
    return;
  }
  if (signal.aborted) {
    if (text) await appendMessage({ db, message: { chatId, sender: "assistant", text, status: "incomplete", ...origin() } });
    return;
  }
  const saved = await appendMessage({ db, message: { chatId, sender: "assistant", text, status: "complete", ...origin() } });
  yield { type: "done", message: toChatMessage(saved) };

  const conversation = [...history, saved];
  if (isTitleTurn(conversation.length)) {
    const title = await makeTitle({ db, provider, logger, redact }, { chatId, conversation, language, signal });
    if (title) yield { type: "title", chatId, title };
  }
}

async function makeTitle(
  { db, provider, logger, redact }: ReplyDeps,
  input: { chatId: string; conversation: Message[]; language: Language; signal: AbortSignal },
) {
  try {
    const titlePrompt = (await getPrompt({ db, id: PROMPT_IDS.title }))?.prompt ?? defaultPrompts.title;
    const title = await provider.generateTitle({
      messages: buildTitlePrompt({ titlePrompt, history: input.conversation, redact }),
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
