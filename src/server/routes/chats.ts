import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  type ChatDetail,
  type ChatPage,
  type ChatSummary,
  chatIdSchema,
  chatListQuerySchema,
  chatMessagesQuerySchema,
  type EditMessageRequest,
  editMessageSchema,
  regenerateSchema,
  type SendMessageRequest,
  type SendRefusal,
  type StreamEvent,
  sendMessageSchema,
  updateChatSchema,
} from "../../shared/schemas/chat";
import type { ActiveReplies, ReplySlot } from "../chat/active-replies";
import { chatDetail } from "../chat/chat-detail";
import { toChatMessage } from "../chat/chat-message";
import { startEmergencyCheck, withEmergencyCheck } from "../chat/emergency-check";
import { loadPromptHistory, redactedTextOf } from "../chat/history";
import { decodeHistoryCursor, encodeHistoryCursor } from "../chat/history-cursor";
import { type ReplyDeps, type RequestedReply, requestReply, streamReply } from "../chat/reply";
import { withSnippet } from "../chat/snippet";
import { replyAbortController, sseResponse } from "../chat/sse";
import { deleteAllChats, deleteChat, listChatPage, updateChat } from "../db/queries/chats";
import {
  appendMessage,
  ChatGoneError,
  createChatWithMessage,
  NotLastQuestionError,
  replaceLastQuestion,
  supersedeReply,
} from "../db/queries/messages";
import type { Env } from "../env";
import { apiError } from "../http/api-error";
import { clientAddressKey } from "../http/client-ip";
import { jsonBody, type ValidatedInput } from "../http/parse-json";
import { queryOf } from "../http/parse-query";
import { rateLimiter, tooManyRequests } from "../http/rate-limit";
import { type AuthedEnv, requireSession } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";
import { classifyRedFlags, type RedFlagCategory } from "../safety/red-flags";

type ReplyEnv = { Variables: AuthedEnv["Variables"] & { replySlot: ReplySlot } };
/** A new or edited message, parsed once; `redFlags` runs the offline rules on it the first time it is called. */
type ParsedSend<R = SendMessageRequest> = R & { redFlags: () => RedFlagCategory[] };
type SendEnv<R = SendMessageRequest> = { Variables: { send: ParsedSend<R> } };

function parsedSend<R extends { text: string; language: SendMessageRequest["language"] }>(send: R): ParsedSend<R> {
  let verdict: RedFlagCategory[] | undefined;
  return { ...send, redFlags: () => (verdict ??= classifyRedFlags(send.text, send.language).categories) };
}

/** A new message (jsonBody checked it). Its red-flag rules run when it is saved, or for a refusal. */
const withSend = createMiddleware<SendEnv, string, ValidatedInput<"json", typeof sendMessageSchema>>(async (c, next) => {
  c.set("send", parsedSend(c.req.valid("json")));
  await next();
});

/** An edited question: checked by the same rules as a new one, and its refusal carries their verdict too. */
const withEdit = createMiddleware<SendEnv<EditMessageRequest>, string, ValidatedInput<"json", typeof editMessageSchema>>(
  async (c, next) => {
    c.set("send", parsedSend(c.req.valid("json")));
    await next();
  },
);

/**
 * What a refusal adds for a new message: the rules' verdict on it (sendRefusalSchema), so that a send refused
 * for the rate limit or a busy server still tells the screen to show the emergency card. Nothing for a regenerate.
 */
function refusalDetails(c: Context): Partial<Pick<SendRefusal, "redFlags">> {
  const send = (c as Context<Partial<SendEnv>>).var.send;
  return send ? { redFlags: send.redFlags() } : {};
}

/**
 * Takes a place for one more live reply before anything is saved, or answers 429 with Retry-After when the
 * user already has MAX_LIVE_CHATS_PER_USER replies streaming (`too-many-live-replies`) or the process streams
 * its maximum (`server-busy`): new chats wait a little rather than every live one slowing down.
 */
function liveReplyCap(activeReplies: ActiveReplies, retryAfterSeconds: number) {
  return createMiddleware<ReplyEnv>(async (c, next) => {
    const slot = activeReplies.reserve(c.var.session.user.id);
    if (typeof slot === "string") {
      c.header("Retry-After", String(retryAfterSeconds));
      return apiError(c as unknown as Context, slot, undefined, refusalDetails(c as unknown as Context));
    }
    c.set("replySlot", slot);
    try {
      await next();
    } finally {
      slot.releaseUnused();
    }
  });
}

const ipKey = (ip: string | undefined) => (ip ? `chat:ip:${ip}` : undefined);

/** A chat id from the path, or undefined when it is not one (answered as not found, never a 500). */
const chatIdParam = (value: string | undefined) => chatIdSchema.safeParse(value).data;

export function chatRoutes({
  sessions,
  env,
  activeReplies,
  ...deps
}: ReplyDeps & { sessions: SessionLookup; env: Env; activeReplies: ActiveReplies }) {
  const { db, logger } = deps;
  const windowSeconds = env.CHAT_RATE_LIMIT_WINDOW_SECONDS;
  const countSend = rateLimiter({
    db,
    enabled: env.RATE_LIMITS === "on",
    rules: [
      { key: (c) => `chat:user:${(c as Context<AuthedEnv>).var.session.user.id}`, max: env.CHAT_RATE_LIMIT_PER_USER, windowSeconds },
      { key: (c) => ipKey(clientAddressKey(c, env.TRUST_PROXY)), max: env.CHAT_RATE_LIMIT_PER_IP, windowSeconds },
    ],
  });
  /**
   * Counts the send against its limits (one statement) before anything else: a refused send answers 429 with
   * Retry-After (and the rules' verdict), having read no history and asked no model.
   */
  async function refusedByLimit(c: Context): Promise<Response | undefined> {
    const verdict = await countSend(c);
    return verdict.allowed ? undefined : tooManyRequests(c, verdict.retryAfterSeconds, refusalDetails(c));
  }
  /**
   * What must hold before the user sees a token, done while the model's request is already under way: `commit`
   * (saving the user's message, or setting aside the reply a regenerate replaces). A failed commit aborts the model
   * request and is thrown on (the screen keeps the typed text). The whole path: docs/architecture.md.
   */
  async function beforeFirstToken<T>(
    c: Context,
    reply: AbortController,
    requested: Promise<RequestedReply>,
    commit: () => Promise<T>,
  ): Promise<{ model: RequestedReply; committed: T } | Response> {
    // Both settle before the answer, so a save still running never outlives a failed request (or the reverse).
    const [model, committed] = await Promise.allSettled([requested, commit()]);
    if (model.status === "fulfilled" && committed.status === "fulfilled") return { model: model.value, committed: committed.value };
    reply.abort();
    const error = committed.status === "rejected" ? committed.reason : (model as PromiseRejectedResult).reason;
    // Deleted (in another tab) between the owner check and the save.
    if (error instanceof ChatGoneError) return apiError(c, "not-found", "Chat not found.");
    // Another tab sent or edited a question meanwhile: this one is no longer the last.
    if (error instanceof NotLastQuestionError) return apiError(c, "bad-request", error.message);
    throw error;
  }
  const historyOf = (userId: string, chatId: string) =>
    loadPromptHistory({ db, redact: deps.redact, maxTokens: deps.maxPromptTokens }, { userId, chatId });
  const liveCap = liveReplyCap(activeReplies, env.LIVE_CHATS_RETRY_AFTER_SECONDS);
  const keepAliveMs = env.STREAM_KEEPALIVE_SECONDS * 1000;
  return new Hono<AuthedEnv>()
    .use(requireSession(sessions))
    .get("/", queryOf(chatListQuerySchema), async (c) => {
      const query = c.req.valid("query");
      const after = query.cursor === undefined ? undefined : decodeHistoryCursor(query.cursor);
      if (query.cursor !== undefined && !after) return apiError(c, "bad-request", "The cursor is not valid.");
      const page = await listChatPage({ db, userId: c.var.session.user.id, search: query.q || undefined, after });
      const snippets = (list: typeof page.chats) => list.map((chat) => withSnippet(chat, query.q));
      const nextCursor = page.next ? encodeHistoryCursor(page.next) : null;
      return c.json({ chats: snippets(page.chats), pinned: snippets(page.pinned), nextCursor } satisfies ChatPage);
    })
    .delete("/", async (c) => c.json({ deleted: await deleteAllChats({ db, userId: c.var.session.user.id }) }))
    .get("/:id", queryOf(chatMessagesQuerySchema), async (c) => {
      const chatId = chatIdParam(c.req.param("id"));
      if (!chatId) return apiError(c, "not-found", "Chat not found.");
      const { before } = c.req.valid("query");
      const chat = await chatDetail({ db, userId: c.var.session.user.id, chatId, before });
      if (!chat) return apiError(c, "not-found", "Chat not found.");
      return c.json(chat satisfies ChatDetail);
    })
    .patch("/:id", jsonBody(updateChatSchema), async (c) => {
      const chatId = chatIdParam(c.req.param("id"));
      const chat = chatId && (await updateChat({ db, userId: c.var.session.user.id, chatId, ...c.req.valid("json") }));
      if (!chat) return apiError(c, "not-found", "Chat not found.");
      return c.json(chat satisfies ChatSummary);
    })
    .delete("/:id", async (c) => {
      const chatId = chatIdParam(c.req.param("id"));
      const deleted = chatId && (await deleteChat({ db, userId: c.var.session.user.id, chatId }));
      if (!deleted) return apiError(c, "not-found", "Chat not found.");
      return c.json({ deleted: true });
    })
    .post("/messages", jsonBody(sendMessageSchema), withSend, liveCap, async (c) => {
      const refused = await refusedByLimit(c);
      if (refused) return refused;
      const userId = c.var.session.user.id;
      const { chatId: requestedId, text, language, redFlags } = c.var.send;
      // An existing chat's newest turns are read with its owner check, in one bounded query; a new chat's history
      // is this message alone. The model is asked at once; saving the message runs beside it.
      const earlier = requestedId ? await historyOf(userId, requestedId) : { turns: [], storeRedactions: async () => {} };
      if (!earlier) return apiError(c, "not-found", "Chat not found.");
      const reply = replyAbortController(c.req.raw.signal);
      // Redacted once, here: the prompt sends it, and the message keeps it for every later prompt.
      const redactedText = redactedTextOf(deps, text);
      const history = [...earlier.turns, { sender: "user" as const, content: redactedText ?? text, status: "complete" as const }];
      const requested = requestReply(deps, { history, language, signal: reply.signal });
      const ready = await beforeFirstToken(c, reply, requested, async () => {
        const message = { sender: "user" as const, text, redactedText, redFlags: redFlags(), language };
        const [saved] = await Promise.all([
          requestedId
            ? appendMessage({ db, message: { ...message, chatId: requestedId } })
            : createChatWithMessage({ db, userId, message }),
          earlier.storeRedactions(),
        ]);
        return saved;
      });
      if (ready instanceof Response) return ready;
      // Only now, with the user's message committed, may the reply reach the screen.
      const { model, committed: saved } = ready;
      const chatId = saved.chatId;
      // The model's second opinion runs beside the reply; it is not stopped with the reply, so that its verdict
      // is stored (and the card shown when the chat is opened again) even if the user leaves at once.
      const check = startEmergencyCheck({ ...deps, timeoutMs: env.RED_FLAG_MODEL_TIMEOUT_MS }, saved);
      const events = async function* (): AsyncGenerator<StreamEvent> {
        yield { type: "start", chatId, userMessage: toChatMessage(saved) };
        yield* withEmergencyCheck(streamReply(deps, { chatId, questionId: saved.id, versions: false }, model), check);
      };
      return sseResponse(events(), { reply, logger, slot: c.var.replySlot, keepAliveMs });
    })
    .post("/:id/edit", jsonBody(editMessageSchema), withEdit, liveCap, async (c) => {
      const refused = await refusedByLimit(c);
      if (refused) return refused;
      const { messageId, text, language, redFlags } = c.var.send;
      const chatId = chatIdParam(c.req.param("id"));
      const earlier = chatId && (await historyOf(c.var.session.user.id, chatId));
      if (!chatId || !earlier) return apiError(c, "not-found", "Chat not found.");
      // The turns before the question: it is the last one, followed by its reply at most.
      const at = earlier.turns.findLastIndex((turn) => turn.sender === "user");
      if (earlier.turns[at]?.id !== messageId) return apiError(c, "bad-request", "Only the last question can be edited.");
      const reply = replyAbortController(c.req.raw.signal);
      const redactedText = redactedTextOf(deps, text);
      const history = [
        ...earlier.turns.slice(0, at),
        { sender: "user" as const, content: redactedText ?? text, status: "complete" as const },
      ];
      const requested = requestReply(deps, { history, language, signal: reply.signal });
      const ready = await beforeFirstToken(c, reply, requested, async () => {
        const message = { chatId, sender: "user" as const, text, redactedText, redFlags: redFlags(), language };
        const [saved] = await Promise.all([replaceLastQuestion({ db, questionId: messageId, message }), earlier.storeRedactions()]);
        return saved;
      });
      if (ready instanceof Response) return ready;
      const { model, committed: saved } = ready;
      // The same second opinion as on a new message: an edit can add the detail that makes it an emergency.
      const check = startEmergencyCheck({ ...deps, timeoutMs: env.RED_FLAG_MODEL_TIMEOUT_MS }, saved);
      const events = async function* (): AsyncGenerator<StreamEvent> {
        yield { type: "start", chatId, userMessage: toChatMessage(saved) };
        yield* withEmergencyCheck(streamReply(deps, { chatId, questionId: saved.id, versions: true }, model), check);
      };
      return sseResponse(events(), { reply, logger, slot: c.var.replySlot, keepAliveMs });
    })
    .post("/:id/regenerate", jsonBody(regenerateSchema), liveCap, async (c) => {
      const refused = await refusedByLimit(c);
      if (refused) return refused;
      const chatId = chatIdParam(c.req.param("id"));
      const earlier = chatId && (await historyOf(c.var.session.user.id, chatId));
      if (!chatId || !earlier) return apiError(c, "not-found", "Chat not found.");
      const last = earlier.turns.at(-1);
      const replaced = last?.sender === "assistant" ? last : undefined;
      const history = replaced ? earlier.turns.slice(0, -1) : earlier.turns;
      const question = history.at(-1);
      if (question?.sender !== "user") return apiError(c, "bad-request", "There is no message to answer.");
      const reply = replyAbortController(c.req.raw.signal);
      const requested = requestReply(deps, { history, language: c.req.valid("json").language, signal: reply.signal });
      const ready = await beforeFirstToken(c, reply, requested, async () => {
        await Promise.all([replaced && supersedeReply({ db, messageId: replaced.id }), earlier.storeRedactions()]);
      });
      if (ready instanceof Response) return ready;
      const { model } = ready;
      const events = async function* (): AsyncGenerator<StreamEvent> {
        yield { type: "start", chatId, userMessage: null };
        yield* streamReply(deps, { chatId, questionId: question.id, versions: true }, model);
      };
      return sseResponse(events(), { reply, logger, slot: c.var.replySlot, keepAliveMs });
    });
}
