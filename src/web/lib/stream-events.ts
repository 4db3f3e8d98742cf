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
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let boundary = buffer.indexOf("\n\n");
    while (boundary >= 0) {
      const frame = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = frame
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) {
        // An event this client does not know is skipped.
        const event = streamEventSchema.safeParse(JSON.parse(data));
        if (event.success) onEvent(event.data);
      }
      boundary = buffer.indexOf("\n\n");
    }
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
