import { beforeEach, describe, expect, it } from "vitest";
import { parseVerdict } from "../../src/server/chat/emergency-verdict";
import { loadEnv } from "../../src/server/env";
import { SamplingRefusedError } from "../../src/server/llm/endpoint-quirks";
import { createOpenAiProvider, EmptyReplyError } from "../../src/server/llm/openai-provider";
import { REASONING_ALLOWANCE_TOKENS } from "../../src/server/llm/short-completion";
import type { PromptMessage, ReplyPiece } from "../../src/server/llm/types";
import { defaultPrompts, PROMPT_IDS } from "../../src/server/prompts/defaults";
import { replyTo } from "../fake-model/server";
import { fakeModelForFile } from "../helpers/fake-model-suite";

// Paced a little, so that a reply arrives over several reads (tags split across them).
const thinker = fakeModelForFile({ tokenDelayMs: 2 });
const refuser = fakeModelForFile({ tokenDelayMs: 0, refuses: ["max_tokens", "sampling"] });
beforeEach(() => {
  for (const fake of [thinker(), refuser()]) {
    fake.requests.length = 0;
    fake.classifications.length = 0;
  }
});

const provider = (url: string, extra: Record<string, string> = {}) =>
  createOpenAiProvider(loadEnv({ OPENAI_BASE_URL: url, OPENAI_API_KEY: "sk-test", LLM_MODEL: "test-model", ...extra }));

const ask = (text: string): PromptMessage[] => [{ role: "user", content: text }];
const check = (text: string): PromptMessage[] => [{ role: "system", content: defaultPrompts[PROMPT_IDS.emergencyCheck] }, ...ask(text)];
/** A phrase of the fake model's reasoning, which must never reach the answer. */
const REASONING = "Let me weigh this";

async function pieces(stream: AsyncIterable<ReplyPiece>) {
  const all: ReplyPiece[] = [];
  for await (const piece of stream) all.push(piece);
  return all;
}
const shownAfterLastReset = (all: ReplyPiece[]) =>
  all
    .slice(all.findLastIndex((piece) => piece.type === "reset") + 1)
    .map((piece) => (piece.type === "text" ? piece.text : ""))
    .join("");
const reply = (p: ReturnType<typeof provider>, text: string) =>
  pieces(p.streamReply({ messages: ask(text), language: "en", signal: new AbortController().signal }));

describe("replies of reasoning models", () => {
  it.each(["#think-tags", "#think-split", "#think-reasoning-content", "#think-reasoning-field"])(
    "%s: only the answer is yielded, never the reasoning",
    async (marker) => {
      const all = await reply(provider(thinker().url), `knee pain ${marker}`);
      expect(all.some((piece) => piece.type === "reset")).toBe(false);
      expect(shownAfterLastReset(all)).toBe(replyTo("knee pain"));
      expect(all.some((piece) => piece.type === "text" && piece.text.includes(REASONING))).toBe(false);
    },
  );

  it("a reply without its opening tag is reset at </think>; the provider then holds the next one's reasoning back", async () => {
    const p = provider(thinker().url);
    // Paced, so that the reasoning arrives over many reads (all at once, it would be dropped before any is passed on).
    thinker().queue({ kind: "reasoning", style: "headless", delayMs: 5 }, { times: 2 });
    const first = await reply(p, "fever #think-headless");
    const reset = first.findIndex((piece) => piece.type === "reset");
    expect(reset).toBeGreaterThan(0);
    expect(shownAfterLastReset(first)).toBe(replyTo("fever"));

    const second = await reply(p, "cough #think-headless");
    expect(second.some((piece) => piece.type === "reset")).toBe(false);
    expect(second.some((piece) => piece.type === "text" && piece.text.includes(REASONING))).toBe(false);
    expect(shownAfterLastReset(second)).toBe(replyTo("cough"));
  });

  it("a reply that is all reasoning (cut off inside its think block) is an empty reply", async () => {
    await expect(reply(provider(thinker().url), "rash #think-unterminated")).rejects.toBeInstanceOf(EmptyReplyError);
  });

  it("reasoning tokens keep the idle timer from firing, though nothing is yielded for them", async () => {
    thinker().queue({ kind: "reasoning", style: "reasoning_content", delayMs: 40 });
    const started = Date.now();
    const all = await reply(provider(thinker().url, { LLM_IDLE_TIMEOUT_MS: "200" }), "slow thinker");
    expect(Date.now() - started, "the reasoning alone outlasts the idle timeout").toBeGreaterThan(800);
    expect(shownAfterLastReset(all)).toBe(replyTo("slow thinker"));
  });
});

describe("titles and the emergency check of reasoning models", () => {
  it("a title cut off mid-thought is asked once more with room to think, which the provider then keeps", async () => {
    const p = provider(thinker().url);
    const title = await p.generateTitle({ messages: ask("knee pain when running #think-tags"), language: "en" });
    expect(title).toBe("knee pain when running");
    expect(thinker().requests.map((r) => r.max_tokens)).toEqual([20, 20 + REASONING_ALLOWANCE_TOKENS]);

    await p.generateTitle({ messages: ask("sore throat at night #think-tags"), language: "en" });
    expect(thinker().requests.map((r) => r.max_tokens)).toEqual([20, 20 + REASONING_ALLOWANCE_TOKENS, 20 + REASONING_ALLOWANCE_TOKENS]);
  });

  it.each(["#think-headless", "#think-reasoning-content"])("%s: the title has no reasoning in it", async (marker) => {
    const title = await provider(thinker().url).generateTitle({ messages: ask(`back pain after lifting ${marker}`), language: "en" });
    expect(title).toBe("back pain after lifting");
  });

  it("the verdict is read past reasoning with braces in it, also without the opening tag", async () => {
    const p = provider(thinker().url);
    const signal = new AbortController().signal;
    const headless = await p.classify?.({ messages: check("#model-emergency what helps a cold? #think-headless"), signal });
    expect(parseVerdict(headless ?? "")).toEqual({ outcome: "emergency", category: "other-acute" });
    const tagged = await p.classify?.({ messages: check("what helps a cold? #think-tags"), signal });
    expect(parseVerdict(tagged ?? "")).toEqual({ outcome: "clear" });
  });
});

describe("endpoints that refuse parameters", () => {
  it("a refused max_tokens is asked once more as max_completion_tokens, and the provider keeps that name", async () => {
    const p = provider(refuser().url, { LLM_SAMPLING: "provider-default" });
    expect(await p.generateTitle({ messages: ask("knee pain when running"), language: "en" })).toBe("knee pain when running");
    expect(refuser().requests.map((r) => [r.max_tokens, r.max_completion_tokens])).toEqual([
      [20, undefined],
      [undefined, 20],
    ]);
    expect(await p.generateTitle({ messages: ask("sore throat"), language: "en" })).toBe("sore throat");
    const verdict = await p.classify?.({ messages: check("#model-emergency what helps a cold?"), signal: new AbortController().signal });
    expect(parseVerdict(verdict ?? "")).toEqual({ outcome: "emergency", category: "other-acute" });
    expect(refuser().requests).toHaveLength(3);
    expect(refuser().classifications.map((c) => [c.request.max_tokens, c.request.max_completion_tokens])).toEqual([[undefined, 100]]);
  });

  it("LLM_SAMPLING=provider-default sends no sampling values, so such an endpoint answers", async () => {
    const p = provider(refuser().url, { LLM_SAMPLING: "provider-default" });
    expect(shownAfterLastReset(await reply(p, "headache"))).toBe(replyTo("headache"));
    const [request] = refuser().requests;
    for (const name of ["temperature", "top_p", "frequency_penalty", "presence_penalty"]) expect(request).not.toHaveProperty(name);
  });

  it("with the spec's sampling (the default), the refusal is reported as SamplingRefusedError, which names the setting", async () => {
    const p = provider(refuser().url);
    const failed = reply(p, "headache");
    await expect(failed).rejects.toBeInstanceOf(SamplingRefusedError);
    await expect(failed).rejects.toThrow("LLM_SAMPLING=provider-default");
    await expect(p.generateTitle({ messages: ask("headache"), language: "en" })).rejects.toBeInstanceOf(SamplingRefusedError);
    expect(refuser().requests[0]).toMatchObject({ temperature: 0.2, top_p: 0.7 });
  });
});
