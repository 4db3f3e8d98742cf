import { describe, expect, it } from "vitest";
import { evaluate, falsePositiveRate, loadCorpus, loadTrainingSupplement, recall } from "../../scripts/lib/safety-corpus";
import { classifyRedFlags } from "../../src/server/safety/red-flags";
import { redFlagCategories } from "../../src/shared/values";

const flagged = (entry: { text: string; lang: "en" | "de" }) => classifyRedFlags(entry.text, entry.lang).categories.length > 0;

describe("the labelled corpus", () => {
  it("has at least 800 messages, 400 per language, a held-out part of at least 30%, every category in both", () => {
    const dev = loadCorpus("dev");
    const heldOut = loadCorpus("heldout");
    const all = [...dev, ...heldOut];
    expect(all.length).toBeGreaterThanOrEqual(800);
    for (const lang of ["en", "de"]) expect(all.filter((e) => e.lang === lang).length).toBeGreaterThanOrEqual(400);
    expect(heldOut.length / all.length).toBeGreaterThanOrEqual(0.3);
    for (const part of [dev, heldOut]) {
      for (const lang of ["en", "de"]) {
        for (const category of redFlagCategories) {
          const n = part.filter((e) => e.lang === lang && e.category === category && e.emergency).length;
          expect(n, `${category} ${lang}`).toBeGreaterThanOrEqual(10);
        }
      }
    }
    // No message of the held-out part is also in the development part.
    const devTexts = new Set(dev.map((e) => e.text.toLowerCase()));
    expect(heldOut.filter((e) => devTexts.has(e.text.toLowerCase()))).toEqual([]);
  });
});

describe("the offline layer on the held-out part (never trained or tuned on)", () => {
  const result = evaluate(loadCorpus("heldout"), flagged);
  const hard = evaluate(
    loadCorpus("heldout").filter((e) => !e.emergency && e.category !== "none"),
    flagged,
  );

  it("finds at least 97% of the emergencies in each language", () => {
    for (const [lang, counts] of Object.entries(result.byLanguage)) expect(recall(counts), lang).toBeGreaterThanOrEqual(0.97);
  });

  it("finds at least 97% of the emergencies in every category", () => {
    for (const category of redFlagCategories) {
      expect(
        recall(result.byCategory[category] ?? { emergencies: 0, caught: 0, negatives: 0, falseAlarms: 0 }),
        category,
      ).toBeGreaterThanOrEqual(0.97);
    }
  });

  it("raises a false alarm on at most 10% of the hard negatives", () => {
    expect(falsePositiveRate(hard.overall)).toBeLessThanOrEqual(0.1);
  });
});

describe("the offline layer on everyday messages (tests/safety/corpus/everyday-*.jsonl, never trained on)", () => {
  const everyday = loadCorpus("everyday");

  it("has at least 60 per language, none an emergency, none also in what the model is trained on", () => {
    for (const lang of ["en", "de"]) expect(everyday.filter((e) => e.lang === lang).length, lang).toBeGreaterThanOrEqual(60);
    expect(everyday.filter((e) => e.emergency)).toEqual([]);
    const trained = new Set(
      [...loadCorpus("dev"), ...loadTrainingSupplement("everyday"), ...loadTrainingSupplement("smalltalk")].map((e) =>
        e.text.toLowerCase(),
      ),
    );
    expect(everyday.filter((e) => trained.has(e.text.toLowerCase()))).toEqual([]);
  });

  it("raises a false alarm on at most 5% of them", () => {
    expect(falsePositiveRate(evaluate(everyday, flagged).overall)).toBeLessThanOrEqual(0.05);
  });
});

describe("the offline layer on what it was trained on", () => {
  it("finds every emergency", () => {
    const result = evaluate(loadCorpus("dev"), flagged);
    expect(result.misses.map((e) => e.id)).toEqual([]);
  });
});
