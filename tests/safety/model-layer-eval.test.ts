import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/env";
import { createOpenAiProvider } from "../../src/server/llm/openai-provider";
import type { ChatProvider } from "../../src/server/llm/types";
import { classifyRedFlags } from "../../src/server/safety/red-flags";
import { redactionFor } from "../../src/server/safety/redact";
import { askModelLayer, evaluateLayers, type ModelLayerOptions } from "../../tools/lib/model-layer";
import type { CorpusEntry } from "../../tools/lib/safety-corpus";
import { fakeModelForFile } from "../helpers/fake-model-suite";

// The fake model answers the emergency check by the markers in the message (see tests/fake-model/server.ts):
// #model-emergency[:category] an emergency after classifyDelayMs, #model-timeout never, #model-error 500,
// #model-garbage no verdict; anything else "no emergency" at once.
const fakeModel = fakeModelForFile({ classifyDelayMs: 60 });

const entry = (id: string, text: string, emergency: boolean, category: CorpusEntry["category"], lang: "en" | "de" = "en"): CorpusEntry => ({
  id,
  text,
  lang,
  category,
  style: "plain",
  emergency,
  tags: [],
});

const offline = (e: CorpusEntry) => classifyRedFlags(e.text, e.lang).categories.length > 0;

function options(overrides: Partial<ModelLayerOptions> = {}): ModelLayerOptions {
  const env = loadEnv({ OPENAI_BASE_URL: fakeModel().url, OPENAI_API_KEY: "test" });
  return { provider: createOpenAiProvider(env), timeoutMs: 1500, concurrency: 3, redact: redactionFor(env), ...overrides };
}

describe("safety-eval's model layer against the fake model", () => {
  it("scores the offline layer, the model layer and either-fires, and counts timeouts, errors and unparseable answers", async () => {
    const entries = [
      // Caught by the rules; the model says no.
      entry("rules-only", "I have crushing chest pain spreading to my left arm", true, "cardiac"),
      // Missed by the rules, caught by the model.
      entry("model-only", "#model-emergency:stroke what helps against a cold?", true, "stroke"),
      // Missed by both.
      entry("missed", "what helps against a cold?", true, "breathing", "de"),
      // A false alarm of the model only.
      entry("model-alarm", "#model-emergency wie lange dauert eine Erkältung?", false, "none", "de"),
      // The model fails on these three; they count as not flagged by it.
      entry("timeout", "#model-timeout is it ok to take ibuprofen with food", false, "none"),
      entry("error", "#model-error wie lange dauert eine Erkältung", false, "none", "de"),
      entry("garbage", "#model-garbage how much water should i drink", true, "poisoning"),
    ];
    expect(entries.map(offline)).toEqual([true, false, false, false, false, false, false]);

    const result = await evaluateLayers(entries, offline, options({ timeoutMs: 800 }));

    expect(result.offline.overall).toEqual({ emergencies: 4, caught: 1, negatives: 3, falseAlarms: 0 });
    expect(result.model.overall).toEqual({ emergencies: 4, caught: 1, negatives: 3, falseAlarms: 1 });
    expect(result.combined.overall).toEqual({ emergencies: 4, caught: 2, negatives: 3, falseAlarms: 1 });
    expect(result.combined.misses.map((e) => e.id)).toEqual(["missed", "garbage"]);
    expect(result.combined.byCategory.stroke).toEqual({ emergencies: 1, caught: 1, negatives: 0, falseAlarms: 0 });
    expect(result.model.byLanguage.de).toEqual({ emergencies: 1, caught: 0, negatives: 2, falseAlarms: 1 });
    expect(result.failures).toEqual({
      all: { timeout: 1, error: 1, unparseable: 1 },
      en: { timeout: 1, error: 0, unparseable: 1 },
      de: { timeout: 0, error: 1, unparseable: 0 },
      none: { timeout: 1, error: 1, unparseable: 0 },
      poisoning: { timeout: 0, error: 0, unparseable: 1 },
    });
    // Asked as the chat asks: the emergency-check prompt and the message alone, once each (no retry after the 500).
    const asked = fakeModel().classifications.filter((record) => entries.some((e) => e.text === record.lastUser));
    expect(asked.map((record) => record.lastUser).sort()).toEqual(entries.map((e) => e.text).sort());
    expect(asked.every((record) => record.request.messages.map((m) => m.role).join() === "system,user")).toBe(true);
  });

  it("keeps at most `concurrency` requests in flight, and uses them", async () => {
    const base = options();
    const real = base.provider;
    let inFlight = 0;
    let most = 0;
    const counted: Pick<ChatProvider, "classify"> = {
      classify: async (input) => {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return (await real.classify?.(input)) ?? "";
        } finally {
          inFlight--;
        }
      },
    };
    const entries = Array.from({ length: 10 }, (_, i) => entry(`e${i}`, `#model-emergency:cardiac message ${i}`, true, "cardiac"));
    const result = await evaluateLayers(entries, () => false, { ...base, provider: counted, concurrency: 3 });
    expect(result.model.overall.caught).toBe(10);
    expect(most).toBe(3);
  });

  it("gives up on a provider that ignores the timeout's signal", async () => {
    const deaf: Pick<ChatProvider, "classify"> = { classify: () => new Promise<string>(() => {}) };
    const started = performance.now();
    expect(await askModelLayer("anything", { ...options(), provider: deaf, timeoutMs: 100 })).toEqual({ outcome: "timeout" });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
