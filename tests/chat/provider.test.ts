import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/env";
import { createOpenAiProvider } from "../../src/server/llm/openai-provider";
import type { ReplyPiece } from "../../src/server/llm/types";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const provider = (extra: Record<string, string> = {}) =>
  createOpenAiProvider(loadEnv({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "sk-test", LLM_MODEL: "test-model", ...extra }));

const conversation = [
  { role: "system" as const, content: "SYSTEM PROMPT" },
  { role: "user" as const, content: "first question" },
  { role: "assistant" as const, content: "first answer" },
  { role: "user" as const, content: "second question" },
];

async function collect(stream: AsyncIterable<ReplyPiece>) {
  let text = "";
  for await (const piece of stream) text = piece.type === "reset" ? "" : text + piece.text;
  return text;
}

describe("OpenAI-compatible provider (real SDK against the fake model)", () => {
  it("streams the reply and sends the system prompt first, the conversation in order and section 9's sampling", async () => {
    const text = await collect(provider().streamReply({ messages: conversation, language: "en", signal: new AbortController().signal }));
    expect(text).toBe(replyTo("second question"));
    const [request] = fake.requests;
    expect(request?.model).toBe("test-model");
    expect(request?.stream).toBe(true);
    expect(request?.messages).toEqual(conversation);
    expect(request).toMatchObject({ temperature: 0.2, top_p: 0.7, frequency_penalty: 0.5, presence_penalty: 0.4 });
    expect(request?.max_tokens).toBeUndefined();
  });

  it("asks for titles with the same sampling and at most 20 tokens", async () => {
    const title = await provider().generateTitle({ messages: [{ role: "user", content: "knee pain when running" }], language: "en" });
    expect(title).toBe("knee pain when running");
    expect(fake.requests[0]).toMatchObject({ temperature: 0.2, top_p: 0.7, frequency_penalty: 0.5, presence_penalty: 0.4, max_tokens: 20 });
  });

  it("retries a 500 twice (the SDK's default) and then succeeds", async () => {
    fake.queue({ kind: "status", status: 500 });
    fake.queue({ kind: "status", status: 503 });
    const text = await collect(provider().streamReply({ messages: conversation, language: "en", signal: new AbortController().signal }));
    expect(text).toBe(replyTo("second question"));
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after the retries with an error", async () => {
    for (let i = 0; i < 3; i++) fake.queue({ kind: "status", status: 429, retryAfter: 0 });
    await expect(
      collect(provider().streamReply({ messages: conversation, language: "en", signal: new AbortController().signal })),
    ).rejects.toThrow();
    expect(fake.requests).toHaveLength(3);
  });

  it("ends a stalled stream with its own idle timer", async () => {
    fake.queue({ kind: "stall", afterTokens: 2 });
    const stream = provider({ LLM_IDLE_TIMEOUT_MS: "300" }).streamReply({
      messages: conversation,
      language: "en",
      signal: new AbortController().signal,
    });
    await expect(collect(stream)).rejects.toThrow("The model stopped sending");
  });

  it("stops without an error when the caller aborts", async () => {
    const controller = new AbortController();
    fake.queue({ kind: "reply", delayMs: 50 });
    let text = "";
    for await (const piece of provider().streamReply({ messages: conversation, language: "en", signal: controller.signal })) {
      if (piece.type === "text") text += piece.text;
      controller.abort();
    }
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(replyTo("second question").length);
  });
});
