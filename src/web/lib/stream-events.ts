import { EventSourceParserStream } from "eventsource-parser/stream";
import type { ClientRequestOptions, ClientResponse } from "hono/client";
import type { SendRefusalCode } from "../../shared/errors";
import { type StreamEvent, sendRefusalSchema, streamEventSchema } from "../../shared/schemas/chat";
import type { RedFlagCategory } from "../../shared/values";
import { ApiError, apiErrorOf } from "./api";

/** A typed call of a streaming route (the client's send or regenerate), given the options that make it stream. */
export type StreamCall = (options: ClientRequestOptions) => Promise<ClientResponse<unknown, number, string>>;

/**
 * Makes a streaming call and hands each server-sent event to `onEvent` as it arrives. Resolves when the stream
 * ends; rejects with ApiError (RefusedSendError for a refused send) when the server refuses the request.
 */
export async function postEventStream(call: StreamCall, onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void> {
  const response = await call({ headers: { accept: "text/event-stream" }, init: { signal } });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => undefined);
    const refusal = sendRefusalSchema.safeParse(body);
    if (refusal.success) throw new RefusedSendError(refusal.data.code, refusal.data.message, refusal.data.redFlags);
    throw apiErrorOf(body, response.statusText);
  }
  // eventsource-parser splits the frames as the SSE standard does (CRLF, CR or LF line ends, multi-line data).
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const event = streamEventSchema.safeParse(parseJson(value.data));
    // An event this client does not know, or data that is no JSON at all, is skipped.
    if (event.success) onEvent(event.data);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A new message refused (a send limit or a busy server) after the server checked it: the emergency card can still show for it. */
export class RefusedSendError extends ApiError {
  constructor(
    code: SendRefusalCode,
    message: string,
    readonly redFlags: RedFlagCategory[],
  ) {
    super(code, message);
    this.name = "RefusedSendError";
  }
}
