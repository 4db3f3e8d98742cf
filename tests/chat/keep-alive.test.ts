import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 5 });
});
afterAll(() => fake.close());

describeEachDatabase("a reply stream keeps its connection alive while the model is slow to start", ({ createApp }) => {
  it("sends an SSE comment after STREAM_KEEPALIVE_SECONDS without events, then the reply as usual", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, STREAM_KEEPALIVE_SECONDS: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    fake.queue({ kind: "reply", headersDelayMs: 3500 });
    const sent = await sendMessage(alice, "a model that thinks first");
    const beforeReply = sent.response.text.slice(0, sent.response.text.indexOf('"type":"delta"'));
    expect(beforeReply.match(/^: keep-alive$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(eventOf(sent.events, "done")?.message.text).toBe(replyTo("a model that thinks first"));
  });

  it("sends none while events flow", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, STREAM_KEEPALIVE_SECONDS: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    fake.queue({ kind: "reply", delayMs: 300, text: "One two three four five six seven eight" });
    const sent = await sendMessage(alice, "a steady model");
    expect(sent.response.text).not.toContain("keep-alive");
    expect(eventOf(sent.events, "done")?.message.text).toBe("One two three four five six seven eight");
  });
});
