import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, messageRows, parseEvents, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 5 });
});
afterAll(() => fake.close());

describeEachDatabase("reply failures never lose the user's message", ({ createApp }) => {
  const setup = async (extra: Record<string, string> = {}) => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: "0", ...extra });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const rows = (chatId: string | undefined) => messageRows(t.db, chatId);
    return { t, alice, rows };
  };

  it("a provider error: the user's message is saved, the reply is marked as failed", async () => {
    const { alice, rows } = await setup();
    fake.queue({ kind: "status", status: 500 });
    const sent = await sendMessage(alice, "my long description of symptoms");
    const error = eventOf(sent.events, "error");
    expect(error?.code).toBe("provider-unavailable");
    expect((await rows(sent.chatId)).map((r) => [r.sender, r.status, r.text])).toEqual([
      ["user", "complete", "my long description of symptoms"],
      ["assistant", "error", ""],
    ]);
  });

  it("a NUL character from the model is dropped, not the whole reply", async () => {
    const { alice, rows } = await setup();
    fake.queue({ kind: "reply", text: "Drink water\u0000 and rest." });
    const sent = await sendMessage(alice, "what helps with a cold?");
    expect(eventOf(sent.events, "done")?.message.text).toBe("Drink water and rest.");
    expect((await rows(sent.chatId)).map((r) => [r.sender, r.status, r.text])).toEqual([
      ["user", "complete", "what helps with a cold?"],
      ["assistant", "complete", "Drink water and rest."],
    ]);
  });

  it("a rate-limited provider is reported as such", async () => {
    const { alice } = await setup();
    fake.queue({ kind: "status", status: 429, retryAfter: 0 });
    expect(eventOf((await sendMessage(alice, "hello")).events, "error")?.code).toBe("provider-rate-limited");
  });

  it("a stream cut midway keeps the partial reply", async () => {
    const { alice, rows } = await setup();
    fake.queue({ kind: "cut", afterTokens: 4 });
    const sent = await sendMessage(alice, "tell me about vitamins");
    expect(eventOf(sent.events, "error")?.code).toBe("provider-unavailable");
    const [, reply] = await rows(sent.chatId);
    expect(reply?.status).toBe("error");
    expect(reply?.text).toBe(sent.replyText);
    expect(reply?.text.length).toBeGreaterThan(0);
  });

  it("a stalled stream times out with the idle timer", async () => {
    const { alice } = await setup({ LLM_IDLE_TIMEOUT_MS: "300" });
    fake.queue({ kind: "stall", afterTokens: 3 });
    expect(eventOf((await sendMessage(alice, "hello")).events, "error")?.code).toBe("provider-timeout");
  });

  it("Retry replaces the failed reply with a new one", async () => {
    const { alice, rows } = await setup();
    fake.queue({ kind: "status", status: 502 });
    const sent = await sendMessage(alice, "retry me");
    const retry = await alice.post(`/api/chats/${sent.chatId}/regenerate`, { language: "en" });
    expect(retry.status).toBe(200);
    const events = parseEvents(retry.text);
    expect(eventOf(events, "start")?.userMessage).toBeNull();
    expect(eventOf(events, "done")?.message.text).toBe(replyTo("retry me"));
    expect((await rows(sent.chatId)).map((r) => [r.position, r.sender, r.status])).toEqual([
      [0, "user", "complete"],
      [1, "assistant", "complete"],
    ]);
  });

  it("Stop (the client going away) aborts the model request and saves what was written as incomplete", async () => {
    const { t, alice, rows } = await setup();
    fake.queue({ kind: "reply", delayMs: 40, text: Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ") });
    const response = await t.request("/api/chats/messages", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie: alice.cookieHeader() },
      body: JSON.stringify({ text: "stop me", language: "en" }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = "";
    while ((received.match(/"delta"/g) ?? []).length < 3) received += decoder.decode((await reader.read()).value, { stream: true });
    await reader.cancel();
    const chatId = received.match(/"chatId":"([^"]+)"/)?.[1];
    const saved = await waitFor("the stopped reply to be saved", async () => (await rows(chatId)).find((r) => r.sender === "assistant"));
    expect(saved.status).toBe("incomplete");
    expect(saved.text).toMatch(/^word0 word1/);
    expect(saved.text.split(" ").length).toBeLessThan(60);
  });
});
