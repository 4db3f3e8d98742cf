import { asc, eq } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { messages } from "../../src/server/db/schema";
import { type StreamEvent, streamEventSchema } from "../../src/shared/schemas/chat";
import type { Agent } from "./agent";

/** Parses a whole server-sent-events body into validated stream events. */
export function parseEvents(text: string): StreamEvent[] {
  return text
    .split("\n\n")
    .map((frame) => frame.trim())
    .filter((frame) => frame.startsWith("data:"))
    .map((frame) => streamEventSchema.parse(JSON.parse(frame.slice(5).trim())));
}

/** Sends a message and returns the HTTP status and the stream's events. */
export async function sendMessage(
  agent: Agent,
  text: string,
  { chatId, language = "en" }: { chatId?: string; language?: "en" | "de" } = {},
) {
  const response = await agent.post("/api/chats/messages", { text, language, ...(chatId ? { chatId } : {}) });
  const events = response.status === 200 ? parseEvents(response.text) : [];
  const start = events.find((e) => e.type === "start");
  return {
    response,
    events,
    chatId: start?.type === "start" ? start.chatId : undefined,
    replyText: events.map((e) => (e.type === "delta" ? e.text : "")).join(""),
  };
}

export function eventOf<T extends StreamEvent["type"]>(events: StreamEvent[], type: T): Extract<StreamEvent, { type: T }> | undefined {
  return events.find((e): e is Extract<StreamEvent, { type: T }> => e.type === type);
}

/** A chat's message rows in order, read straight from the database. */
export function messageRows(db: Database, chatId: string | undefined) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chatId ?? ""))
    .orderBy(asc(messages.position));
}
