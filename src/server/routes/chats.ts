import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { chatIdSchema, regenerateSchema, type SendMessageRequest, type SendRefusal, sendMessageSchema } from "../../shared/schemas/chat";
import type { ActiveReplies, ReplySlot } from "../chat/active-replies";
import { startEmergencyCheck, withEmergencyCheck } from "../chat/emergency-check";
import { type ReplyDeps, streamReply, toChatMessage } from "../chat/reply";
import { sseResponse } from "../chat/sse";
import { chatBelongsTo, deleteAllChats, deleteChat, getChatWithMessages, listChats } from "../db/queries/chats";
import { appendMessage, createChatWithMessage, deleteTrailingReply, listMessages } from "../db/queries/messages";
import { getPrompt } from "../db/queries/prompts";
import type { Env } from "../env";
import { apiError } from "../http/api-error";
import { clientAddressKey } from "../http/client-ip";
import { parseJson } from "../http/parse-json";
import { rateLimit } from "../http/rate-limit";
import { type AuthedEnv, requireSession } from "../http/session";
import type { SessionLookup } from "../http/session-lookup";
import { PROMPT_IDS } from "../prompts/defaults";
import { classifyRedFlags, type RedFlagCategory } from "../safety/red-flags";

type ReplyEnv = { Variables: AuthedEnv["Variables"] & { replySlot: ReplySlot } };
/** A new message, parsed once, with the offline rules' verdict on it. */
type CheckedSend = SendMessageRequest & { redFlags: RedFlagCategory[] };
type SendEnv = { Variables: { send: CheckedSend } };

/**
 * Parses a new message and runs the red-flag rules on it before anything may refuse it: a send refused for
 * the rate limit or a busy server still tells the screen to show the emergency card.
 */
const checkSend = createMiddleware<SendEnv>(async (c, next) => {
  const parsed = await parseJson(c, sendMessageSchema);
  if (!parsed.ok) return parsed.response;
  const { categories } = classifyRedFlags(parsed.data.text, parsed.data.language);
  c.set("send", { ...parsed.data, redFlags: categories });
  await next();
});

/** What a refusal adds for a new message: the rules' verdict on it (sendRefusalSchema). Nothing for a regenerate. */
function refusalDetails(c: Context): Partial<Pick<SendRefusal, "redFlags">> {
  const send = (c as Context<Partial<SendEnv>>).var.send;
  return send ? { redFlags: send.redFlags } : {};
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
  const sendLimit = rateLimit({
    db,
    enabled: env.RATE_LIMITS === "on",
    rules: [
      { key: (c) => `chat:user:${(c as Context<AuthedEnv>).var.session.user.id}`, max: env.CHAT_RATE_LIMIT_PER_USER, windowSeconds },
      { key: (c) => ipKey(clientAddressKey(c, env.TRUST_PROXY)), max: env.CHAT_RATE_LIMIT_PER_IP, windowSeconds },
    ],
    details: refusalDetails,
  });
  const liveCap = liveReplyCap(activeReplies, env.LIVE_CHATS_RETRY_AFTER_SECONDS);
  const keepAliveMs = env.STREAM_KEEPALIVE_SECONDS * 1000;
  return new Hono<AuthedEnv>()
    .use(requireSession(sessions))
    .get("/", async (c) => {
      // NUL cannot be stored, so it cannot match either (and PostgreSQL refuses it in a parameter).
      const search = c.req.query("q")?.replaceAll("\u0000", "").trim().slice(0, 200) || undefined;
      return c.json(await listChats({ db, userId: c.var.session.user.id, search }));
    })
    .delete("/", async (c) => c.json({ deleted: await deleteAllChats({ db, userId: c.var.session.user.id }) }))
    .get("/:id", async (c) => {
      const chatId = chatIdParam(c.req.param("id"));
      const chat = chatId && (await getChatWithMessages({ db, userId: c.var.session.user.id, chatId }));
      if (!chat) return apiError(c, "not-found", "Chat not found.");
      return c.json({ ...chat, messages: chat.messages.map(toChatMessage) });
    })
    .delete("/:id", async (c) => {
      const chatId = chatIdParam(c.req.param("id"));
      const deleted = chatId && (await deleteChat({ db, userId: c.var.session.user.id, chatId }));
      if (!deleted) return apiError(c, "not-found", "Chat not found.");
      return c.json({ deleted: true });
    })
    .post("/messages", checkSend, liveCap, sendLimit, async (c) => {
      const userId = c.var.session.user.id;
      const { chatId: requestedId, text, language, redFlags } = c.var.send;
      if (requestedId && !(await chatBelongsTo({ db, userId, chatId: requestedId }))) return apiError(c, "not-found", "Chat not found.");
      // The user's message is saved before the model is called, so it survives any failure that follows.
      const message = { sender: "user" as const, text, redFlags, language };
      // The system prompt is read alongside (on PostgreSQL, in parallel on another connection).
      const [saved, systemPrompt] = await Promise.all([
        requestedId ? appendMessage({ db, message: { ...message, chatId: requestedId } }) : createChatWithMessage({ db, userId, message }),
        getPrompt({ db, id: PROMPT_IDS.system }),
      ]);
      const chatId = saved.chatId;
      // A chat created just now holds only this message; an existing one is read back with it.
      const history = requestedId ? undefined : [saved];
      // The model's second opinion runs beside the reply; it is not stopped with the reply, so that its verdict
      // is stored (and the card shown when the chat is opened again) even if the user leaves at once.
      const check = startEmergencyCheck({ ...deps, timeoutMs: env.RED_FLAG_MODEL_TIMEOUT_MS }, saved);
      return sseResponse(
        async function* (signal) {
          yield { type: "start", chatId, userMessage: toChatMessage(saved) };
          yield* withEmergencyCheck(streamReply(deps, { chatId, language, signal, history, systemPrompt }), check);
        },
        { requestSignal: c.req.raw.signal, logger, slot: c.var.replySlot, keepAliveMs },
      );
    })
    .post("/:id/regenerate", liveCap, sendLimit, async (c) => {
      const chatId = chatIdParam(c.req.param("id"));
      if (!chatId || !(await chatBelongsTo({ db, userId: c.var.session.user.id, chatId })))
        return apiError(c, "not-found", "Chat not found.");
      const parsed = await parseJson(c, regenerateSchema);
      if (!parsed.ok) return parsed.response;
      await deleteTrailingReply({ db, chatId });
      const history = await listMessages({ db, chatId });
      if (history.at(-1)?.sender !== "user") return apiError(c, "bad-request", "There is no message to answer.");
      return sseResponse(
        async function* (signal) {
          yield { type: "start", chatId, userMessage: null };
          yield* streamReply(deps, { chatId, language: parsed.data.language, signal, history });
        },
        { requestSignal: c.req.raw.signal, logger, slot: c.var.replySlot, keepAliveMs },
      );
    });
}
