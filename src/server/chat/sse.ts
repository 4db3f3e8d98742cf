import type { StreamEvent } from "../../shared/schemas/chat";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import type { ReplySlot } from "./active-replies";

const encoder = new TextEncoder();
const keepAlive = encoder.encode(": keep-alive\n\n");

/**
 * The one abort controller of a reply, made when its request arrives (the model is asked before the response
 * exists): it aborts when the client goes away, and the route, Stop and a shutdown abort it too. Every layer
 * (the stream, the model request) reads its signal; none makes another.
 */
export function replyAbortController(requestSignal: AbortSignal): AbortController {
  const reply = new AbortController();
  if (requestSignal.aborted) reply.abort();
  else requestSignal.addEventListener("abort", () => reply.abort(), { once: true });
  return reply;
}

/**
 * Sends events as server-sent events. When the client goes away (or presses Stop), `reply` aborts so the model
 * request is cancelled too; the generator then saves what it has and ends. After `keepAliveMs` without an event
 * (a model slow to start), a comment line goes out, so proxies and browsers keep the connection.
 */
export function sseResponse(
  events: AsyncGenerator<StreamEvent>,
  { reply, logger, slot, keepAliveMs }: { reply: AbortController; logger: Logger; slot: ReplySlot; keepAliveMs: number },
): Response {
  const untrack = slot.use(reply);
  const { signal } = reply;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Events that arrive together (a fast model sends many tokens per network read) leave in one write; a
      // lone event leaves at the end of the current turn of the event loop, so nothing waits for a timer.
      let pending = "";
      const idle = setTimeout(function sendKeepAlive() {
        if (!signal.aborted) controller.enqueue(keepAlive);
        idle.refresh();
      }, keepAliveMs);
      const flush = () => {
        if (!pending) return;
        const text = pending;
        pending = "";
        if (!signal.aborted) controller.enqueue(encoder.encode(text));
        idle.refresh();
      };
      try {
        for await (const event of events) {
          if (signal.aborted) continue;
          if (!pending) setImmediate(flush);
          pending += `data: ${JSON.stringify(event)}\n\n`;
        }
      } catch (error) {
        logger.error("reply stream failed", { error: errorFields(error) });
      } finally {
        clearTimeout(idle);
        try {
          flush();
          controller.close();
        } catch {
          // Already closed because the client cancelled.
        }
        untrack();
      }
    },
    cancel() {
      reply.abort();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
