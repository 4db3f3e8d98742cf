import OpenAI from "openai";

/** What one network read of a streamed reply brought: its answer text, and whether reasoning came with it. */
export interface SsePiece {
  content: string;
  /** Reasoning deltas (`reasoning_content`, or `reasoning` as Ollama and OpenRouter name it): progress, not answer. */
  reasoning: boolean;
}

/** The stream sent nothing for longer than the idle timeout. */
export class IdleTimeoutError extends Error {
  constructor() {
    super("The model stopped sending");
    this.name = "IdleTimeoutError";
  }
}

/**
 * The reply text of a streamed Chat Completions body, one piece per network read (cheaper than the SDK's parser:
 * docs/architecture.md, "Reading the model's stream"). Bad JSON or an `error` event fails it after the text before;
 * stops at `[DONE]`. `idleTimeoutMs` bounds each network wait (IdleTimeoutError), never the caller's time.
 */
export async function* sseContent(
  body: ReadableStream<Uint8Array>,
  headers: Headers,
  { idleTimeoutMs }: { idleTimeoutMs?: number } = {},
): AsyncGenerator<SsePiece> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let heldCarriageReturn = false;
  let finished = false;
  let idle = false;
  const onIdle = () => {
    idle = true;
    // Ends the pending read (as done) and closes the connection; a body that already failed has nothing to cancel.
    reader.cancel(new IdleTimeoutError()).catch(() => {});
  };
  try {
    while (!finished) {
      const timer = idleTimeoutMs === undefined ? undefined : setTimeout(onIdle, idleTimeoutMs);
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } finally {
        clearTimeout(timer);
      }
      if (idle) throw new IdleTimeoutError();
      const { value, done } = read;
      let text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (heldCarriageReturn) text = `\r${text}`;
      // A CR at the end of a read may be the first half of a CRLF; decide once the next read is in.
      heldCarriageReturn = !done && text.endsWith("\r");
      if (heldCarriageReturn) text = text.slice(0, -1);
      buffer += text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
      if (done) buffer += "\n\n";

      let collected = "";
      let reasoning = false;
      let start = 0;
      try {
        for (let end = buffer.indexOf("\n\n"); end >= 0 && !finished; end = buffer.indexOf("\n\n", start)) {
          const data = eventData(buffer, start, end);
          start = end + 2;
          if (data === undefined) continue;
          if (data === "[DONE]") finished = true;
          else {
            const delta = deltaOf(JSON.parse(data), headers);
            collected += delta.content;
            reasoning ||= delta.reasoning;
          }
        }
      } catch (error) {
        if (collected) yield { content: collected, reasoning };
        throw error;
      }
      buffer = start === buffer.length ? "" : buffer.slice(start);
      if (collected || reasoning) yield { content: collected, reasoning };
      if (done) finished = true;
    }
  } finally {
    if (!idle) await reader.cancel().catch(() => {});
  }
}

/**
 * The `data:` lines of the event at buffer[start, end), joined, or undefined when it has none (a comment or a
 * keep-alive). The usual event, one `data: ` line, is cut out of the buffer without splitting it.
 */
function eventData(buffer: string, start: number, end: number): string | undefined {
  if (buffer.startsWith("data: ", start) && buffer.indexOf("\n", start) === end) return buffer.slice(start + 6, end);
  let data: string | undefined;
  for (const line of buffer.slice(start, end).split("\n")) {
    if (!line.startsWith("data:")) continue;
    const value = line.startsWith("data: ") ? line.slice(6) : line.slice(5);
    data = data === undefined ? value : `${data}\n${value}`;
  }
  return data;
}

type Chunk = { error?: unknown; choices?: { delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown } }[] };

function deltaOf(chunk: Chunk, headers: Headers): SsePiece {
  if (chunk?.error) throw new OpenAI.APIError(undefined, chunk.error as object, undefined, headers);
  const delta = chunk?.choices?.at(-1)?.delta;
  const content = delta?.content;
  return {
    content: typeof content === "string" ? content : "",
    reasoning: isText(delta?.reasoning_content) || isText(delta?.reasoning),
  };
}

const isText = (value: unknown) => typeof value === "string" && value.length > 0;
