import type { StreamEvent } from "../../shared/schemas/chat";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import type { ReplySlot } from "./active-replies";

const encoder = new TextEncoder();
const keepAlive = encoder.encode(": keep-alive\n\n");

/**
 * Sends events as server-sent events. When the client goes away (or presses Stop), `abort` fires so the
 * model request is cancelled too; the generator then saves what it has and ends. After `keepAliveMs` without
 * an event (a model slow to start), a comment line goes out, so proxies and browsers keep the connection.
 */
export function sseResponse(
  events: (signal: AbortSignal) => AsyncGenerator<StreamEvent>,
  { requestSignal, logger, slot, keepAliveMs }: { requestSignal: AbortSignal; logger: Logger; slot: ReplySlot; keepAliveMs: number },
): Response {
  const abort = new AbortController();
  const untrack = slot.use(abort);
  const signal = AbortSignal.any([requestSignal, abort.signal]);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Events that arrive together (a fast model sends many tokens per network read) leave in one write; a
      // lone event leaves at the end of the current turn of the event loop, so nothing waits for a timer.
      let pending: string[] = [];
      const idle = setTimeout(function sendKeepAlive() {
        if (!signal.aborted) controller.enqueue(keepAlive);
        idle.refresh();
      }, keepAliveMs);
      const flush = () => {
        if (pending.length === 0) return;
        const text = pending.join("");
        pending = [];
        if (!signal.aborted) controller.enqueue(encoder.encode(text));
        idle.refresh();
      };
      try {
        for await (const event of events(signal)) {
          if (signal.aborted) continue;
          if (pending.length === 0) setImmediate(flush);
          pending.push(`data: ${JSON.stringify(event)}\n\n`);
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
      abort.abort();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
