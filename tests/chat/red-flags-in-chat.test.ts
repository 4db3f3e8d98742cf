import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "../../src/server/db/schema";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

describeEachDatabase("red flags in a conversation", ({ createApp }) => {
  it("flags the user's message, stores the flag, still answers, and never tells the model", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    fake.requests.length = 0;
    const sent = await sendMessage(alice, "I have crushing chest pain and I can't breathe");
    expect(eventOf(sent.events, "start")?.userMessage?.redFlags).toEqual(["cardiac", "breathing"]);
    expect(eventOf(sent.events, "done")).toBeDefined();
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, sent.chatId ?? ""), eq(messages.sender, "user")));
    expect(row?.redFlags).toEqual(["cardiac", "breathing"]);
    const sentToModel = JSON.stringify(fake.requests);
    expect(sentToModel).not.toMatch(/cardiac|red.?flag|emergency card/i);

    const calm = await sendMessage(alice, "No chest pain, just a cold", { chatId: sent.chatId });
    expect(eventOf(calm.events, "start")?.userMessage?.redFlags).toEqual([]);
    const reopened = await alice.get(`/api/chats/${sent.chatId}`);
    expect((reopened.json as { messages: { redFlags: string[] }[] }).messages.map((m) => m.redFlags)).toEqual([
      ["cardiac", "breathing"],
      [],
      [],
      [],
    ]);
  });
});
