import { expect, it } from "vitest";
import type { StreamEvent } from "../../src/shared/schemas/chat";
import { replyTo } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, messageRows, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

const thinker = fakeModelForFile({ tokenDelayMs: 3, classifyDelayMs: 0 });
const refuser = fakeModelForFile({ tokenDelayMs: 0, classifyDelayMs: 0, refuses: ["max_tokens", "sampling"] });

/** A phrase of the fake model's reasoning, which must never reach the screen or the database. */
const REASONING = "Let me weigh this";
const types = (events: StreamEvent[]) => events.map((event) => event.type);

describeEachDatabase("reasoning models in a chat", ({ createApp }) => {
  const setup = async (url: string, extra: Record<string, string> = {}) => {
    const t = await createApp({ OPENAI_BASE_URL: url, RATE_LIMITS: "off", ...extra });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    return { t, alice };
  };

  it("split think tags: the reasoning is neither streamed nor stored, and the title has none either", async () => {
    const { t, alice } = await setup(thinker().url);
    const sent = await sendMessage(alice, "knee pain when running #think-split");
    expect(types(sent.events)).not.toContain("reset");
    expect(sent.replyText).toBe(replyTo("knee pain when running"));
    const [, reply] = await messageRows(t.db, sent.chatId);
    expect(reply).toMatchObject({ status: "complete", text: replyTo("knee pain when running") });
    expect(eventOf(sent.events, "title")?.title).toBe("knee pain when running");
  });

  it("a missing opening tag: what was streamed is reset at </think>, only the answer is stored; the next reply streams no reasoning", async () => {
    const { t, alice } = await setup(thinker().url);
    const first = await sendMessage(alice, "fever since yesterday #think-headless");
    const order = types(first.events);
    const reset = order.indexOf("reset");
    expect(order.slice(0, reset)).toContain("delta");
    const afterReset = first.events
      .slice(reset)
      .map((e) => (e.type === "delta" ? e.text : ""))
      .join("");
    expect(afterReset).toBe(replyTo("fever since yesterday"));
    expect(eventOf(first.events, "done")?.message.text).toBe(replyTo("fever since yesterday"));

    const second = await sendMessage(alice, "and a cough #think-headless", { chatId: first.chatId });
    expect(types(second.events)).not.toContain("reset");
    expect(second.replyText).toBe(replyTo("and a cough"));
    const texts = (await messageRows(t.db, first.chatId)).map((row) => row.text);
    expect(texts.filter((text) => text.includes(REASONING))).toEqual([]);
  });

  it("while the model only thinks, the stream is kept alive and the idle timeout does not fire", async () => {
    const { alice } = await setup(thinker().url, { STREAM_KEEPALIVE_SECONDS: "1", LLM_IDLE_TIMEOUT_MS: "300" });
    thinker().queue({ kind: "reasoning", style: "reasoning_content", delayMs: 60 }, { when: "slow thinker" });
    const sent = await sendMessage(alice, "slow thinker");
    const beforeReply = sent.response.text.slice(0, sent.response.text.indexOf('"type":"delta"'));
    expect(beforeReply.match(/^: keep-alive$/gm)?.length).toBeGreaterThanOrEqual(1);
    expect(eventOf(sent.events, "done")?.message.text).toBe(replyTo("slow thinker"));
  });

  it("the emergency check reads the verdict past the model's reasoning", async () => {
    const { t, alice } = await setup(thinker().url);
    const sent = await sendMessage(alice, "#model-emergency what helps against a cold? #think-headless");
    const userMessage = eventOf(sent.events, "start")?.userMessage;
    expect(eventOf(sent.events, "red-flags")).toEqual({ type: "red-flags", messageId: userMessage?.id, redFlags: ["other-acute"] });
    const [row] = await messageRows(t.db, sent.chatId);
    expect(row).toMatchObject({ redFlagModelOutcome: "emergency", redFlagModelCategory: "other-acute" });
  });

  it("an endpoint refusing max_tokens and sampling values works with LLM_SAMPLING=provider-default: reply, title and check", async () => {
    const { t, alice } = await setup(refuser().url, { LLM_SAMPLING: "provider-default" });
    const sent = await sendMessage(alice, "#model-emergency what helps against a cold?");
    expect(eventOf(sent.events, "done")?.message.text).toBe(replyTo("what helps against a cold?"));
    expect(eventOf(sent.events, "title")?.title).toBe("#model-emergency what helps against");
    expect(eventOf(sent.events, "red-flags")?.redFlags).toEqual(["other-acute"]);
    const [row] = await messageRows(t.db, sent.chatId);
    expect(row?.redFlagModelOutcome).toBe("emergency");
  });

  it("with the spec's sampling, such an endpoint's refusal is a failed reply (the user's message is kept), not a server error", async () => {
    const { t, alice } = await setup(refuser().url);
    const sent = await sendMessage(alice, "what helps against a cold?");
    expect(sent.response.status).toBe(200);
    expect(eventOf(sent.events, "error")?.code).toBe("provider-error");
    expect((await messageRows(t.db, sent.chatId)).map((row) => [row.sender, row.status])).toEqual([
      ["user", "complete"],
      ["assistant", "error"],
    ]);
  });
});
