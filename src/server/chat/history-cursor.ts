import { z } from "zod";
import type { HistoryCursor } from "../db/queries/chats";

/**
 * Where a page of the chat history ends: the last chat's time (as PostgreSQL keeps it, to the microsecond, so
 * it compares exactly) and its id (which orders chats touched in the same microsecond).
 */
const historyCursorSchema = z.tuple([z.iso.datetime({ precision: 6 }), z.uuid()]);

/** The opaque string the client gets back as `nextCursor`. */
export function encodeHistoryCursor({ updatedAt, id }: HistoryCursor): string {
  return Buffer.from(JSON.stringify([updatedAt, id])).toString("base64url");
}

/** The cursor in `text`, or undefined when it is not one this server made (a 400 for the caller). */
export function decodeHistoryCursor(text: string): HistoryCursor | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = historyCursorSchema.safeParse(value);
  return parsed.success ? { updatedAt: parsed.data[0], id: parsed.data[1] } : undefined;
}
