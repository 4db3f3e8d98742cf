import type { SendRefusal, StreamEvent } from "../../shared/schemas/chat";
import { ApiError } from "./api";
import { asSendRefusal, asStreamEvent } from "./wire-schemas";

/**
 * POSTs to a streaming endpoint and hands each server-sent event to `onEvent` as it arrives.
 * Resolves when the stream ends; rejects with ApiError when the server refuses the request.
 */
export async function postEventStream(
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) {
    const info = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const refusal = response.status === 429 ? sendRefusal(info) : undefined;
    if (refusal) throw new RefusedSendError(refusal.code, refusal.message, refusal.redFlags);
    throw new ApiError(response.status, info.code, info.message ?? response.statusText);
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
        const event = knownEvent(JSON.parse(data));
        if (event) onEvent(event);
      }
      boundary = buffer.indexOf("\n\n");
    }
  }
}

/** A new message refused with 429 after the server checked it: the emergency card can still show for it. */
export class RefusedSendError extends ApiError {
  constructor(
    code: SendRefusal["code"],
    message: string,
    readonly redFlags: string[],
  ) {
    super(429, code, message);
    this.name = "RefusedSendError";
  }
}

function sendRefusal(body: unknown): SendRefusal | undefined {
  try {
    return asSendRefusal(body);
  } catch {
    return undefined;
  }
}

/** The event, or undefined for one this client does not know (skipped, as before). */
function knownEvent(data: unknown): StreamEvent | undefined {
  try {
    return asStreamEvent(data);
  } catch {
    return undefined;
  }
}
