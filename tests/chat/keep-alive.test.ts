import { expect, it } from "vitest";
import { replyTo } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

const model = fakeModelForFile({ tokenDelayMs: 5 });

describeEachDatabase("a reply stream keeps its connection alive while the model is slow to start", ({ createApp }) => {
  it("sends an SSE comment after STREAM_KEEPALIVE_SECONDS without events, then the reply as usual", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, STREAM_KEEPALIVE_SECONDS: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    model().queue({ kind: "reply", headersDelayMs: 3500 });
    const sent = await sendMessage(alice, "a model that thinks first");
    const beforeReply = sent.response.text.slice(0, sent.response.text.indexOf('"type":"delta"'));
    expect(beforeReply.match(/^: keep-alive$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(eventOf(sent.events, "done")?.message.text).toBe(replyTo("a model that thinks first"));
  });

  it("sends none while events flow", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, STREAM_KEEPALIVE_SECONDS: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    model().queue({ kind: "reply", delayMs: 300, text: "One two three four five six seven eight" });
    const sent = await sendMessage(alice, "a steady model");
    expect(sent.response.text).not.toContain("keep-alive");
    expect(eventOf(sent.events, "done")?.message.text).toBe("One two three four five six seven eight");
  });
});
