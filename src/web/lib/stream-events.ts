import { type StreamEvent, streamEventSchema } from "../../shared/schemas/chat";
import { ApiError } from "./api";

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
        const parsed = streamEventSchema.safeParse(JSON.parse(data));
        if (parsed.success) onEvent(parsed.data);
      }
      boundary = buffer.indexOf("\n\n");
    }
  }
}
