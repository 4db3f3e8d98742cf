import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "../../src/server/db/schema";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import type { Agent } from "../helpers/agent";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

/**
 * Issue "Reliability": two tabs sending to the same chat at once lose no message and keep a consistent order.
 * Every append to a chat takes the next position; on PostgreSQL concurrent writers are serialised by a lock on
 * the chat row (src/server/db/queries/messages.ts), with the unique (chat, position) index as the safety net.
 */

const SENDS = 8;
const ROUNDS = 2;

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

/** A second tab: another client with the same session cookie. */
function secondTab(agent: Agent, newAgent: () => Agent): Agent {
  const tab = newAgent();
  for (const [name, value] of agent.cookies) tab.cookies.set(name, value);
  return tab;
}

describeEachDatabase("concurrent sends to one chat", ({ createApp }) => {
  it(`stores each of ${SENDS} concurrent messages once, every reply, at contiguous positions`, { timeout: 60_000 }, async () => {
    const t = await createApp({
      OPENAI_BASE_URL: fake.url,
      CHAT_RATE_LIMIT_PER_USER: "1000",
      CHAT_RATE_LIMIT_PER_IP: "1000",
      MAX_LIVE_CHATS_PER_USER: String(SENDS),
    });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "first question");
    const chatId = first.chatId as string;
    expect(chatId).toBeTruthy();
    const tabs = [alice, secondTab(alice, t.client)];

    const sent: { text: string; userMessageId?: string; replyId?: string; replyText?: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(
        Array.from({ length: SENDS }, (_, i) => {
          const text = `round ${round} tab ${i % 2} message ${i}`;
          return sendMessage(tabs[i % 2] as Agent, text, { chatId }).then((result) => ({ text, result }));
        }),
      );
      for (const { text, result } of results) {
        expect(result.response.status, `${text}: ${result.response.text.slice(0, 300)}`).toBe(200);
        expect(eventOf(result.events, "error"), text).toBeUndefined();
        const done = eventOf(result.events, "done");
        expect(done, `${text}: the reply did not finish`).toBeDefined();
        sent.push({
          text,
          userMessageId: eventOf(result.events, "start")?.userMessage?.id,
          replyId: done?.message.id,
          replyText: done?.message.text,
        });
      }
    }

    const rows = await t.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.position));
    const total = 2 + ROUNDS * SENDS * 2;
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: total }, (_, i) => i));
    for (const message of sent) {
      const userRows = rows.filter((row) => row.sender === "user" && row.text === message.text);
      expect(
        userRows.map((row) => row.id),
        message.text,
      ).toEqual([message.userMessageId]);
      const reply = rows.find((row) => row.id === message.replyId);
      expect(reply?.sender, message.text).toBe("assistant");
      expect(reply?.status, message.text).toBe("complete");
      expect(reply?.text, message.text).toBe(message.replyText);
    }
    expect(rows.filter((row) => row.sender === "assistant")).toHaveLength(total / 2);

    // Both tabs read the same conversation, in the stored order.
    const detail = (await tabs[1]?.get(`/api/chats/${chatId}`))?.json as { messages: { id: string }[] };
    expect(detail.messages.map((message) => message.id)).toEqual(rows.map((row) => row.id));
  });
});
