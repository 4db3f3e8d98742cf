import type { Context, MiddlewareHandler } from "hono";

/** An oversized body up to this size is read to its end (and thrown away) before the 413 goes out. */
export const DRAIN_MAX_BYTES = 1024 * 1024;
/** How long the rest of an oversized body may take to arrive before the connection is closed instead. */
export const DRAIN_TIMEOUT_MS = 3000;

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/**
 * Refuses request bodies over `maxBytes` with `onTooLarge` (413) without breaking the connection: the rest is read
 * and dropped first (up to DRAIN_MAX_BYTES, for DRAIN_TIMEOUT_MS), else `Connection: close`. Why:
 * docs/architecture.md, "Refusing large bodies without breaking the connection".
 */
export function bodyLimit({ maxBytes, onTooLarge }: { maxBytes: number; onTooLarge: (c: Context) => Response }): MiddlewareHandler {
  return async (c, next) => {
    // The headers first: reading c.req.raw.body makes @hono/node-server build a whole web Request (its URL, an
    // AbortSignal, the headers again) where its own lighter object would otherwise do, on every request.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const declared = declaredLength(c.req.raw.headers);
    if (declared !== undefined && declared <= maxBytes) return next();
    if (declared !== undefined && declared > DRAIN_MAX_BYTES) return closing(c, onTooLarge);
    const body = c.req.raw.body;
    if (!body) return next();

    const reader = body.getReader();
    let received = 0;
    if (declared === undefined) {
      // No length given (chunked): read up to the limit, and pass a body within it on.
      const chunks: Uint8Array[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          c.req.raw = new Request(c.req.raw, { body: concat(chunks, received) });
          return next();
        }
        received += value.byteLength;
        if (received > maxBytes) break;
        chunks.push(value);
      }
    }
    const drained = await discardRest(reader, DRAIN_MAX_BYTES - received, DRAIN_TIMEOUT_MS);
    return drained ? onTooLarge(c) : closing(c, onTooLarge);
  };
}

function closing(c: Context, onTooLarge: (c: Context) => Response): Response {
  c.header("Connection", "close");
  return onTooLarge(c);
}

/** Content-Length, unless Transfer-Encoding overrides it (or it is not a number). */
function declaredLength(headers: Headers): number | undefined {
  if (headers.has("transfer-encoding")) return undefined;
  const value = headers.get("content-length");
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** Reads the body to its end, throwing it away; false when it is over `budgetBytes`, too slow or broken off. */
async function discardRest(reader: Reader, budgetBytes: number, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timed-out">((resolve) => {
    timer = setTimeout(() => resolve("timed-out"), timeoutMs);
  });
  let left = budgetBytes;
  try {
    for (;;) {
      const read = reader.read();
      const result = await Promise.race([read, timedOut]);
      if (result === "timed-out") {
        // The read left waiting settles (or fails) when the connection closes after the answer; nobody needs it.
        read.catch(() => undefined);
        return false;
      }
      if (result.done) return true;
      left -= result.value.byteLength;
      if (left < 0) return false;
    }
  } catch {
    // The client broke the upload off: there is no connection left to keep.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
