import { describe, expect, it } from "vitest";
import { classifyRedFlags } from "../../src/server/safety/red-flags";
import { redFlagCategories } from "../../src/shared/values";
import { corpusStyles, evaluate, falsePositiveRate, loadCorpus, loadTrainingSupplement } from "../../tools/lib/safety-corpus";
import { measureFigures, readFigures } from "../../tools/lib/safety-figures";

const flagged = (entry: { text: string; lang: "en" | "de" }) => classifyRedFlags(entry.text, entry.lang).categories.length > 0;
const languages = ["en", "de"] as const;
const writtenStyles = corpusStyles.filter((style) => style !== "plain");

describe("the labelled corpus", () => {
  const dev = loadCorpus("dev");
  const heldOut = loadCorpus("heldout");

  it("has a held-out part of at least 30%, every category in both parts and languages, no text in both", () => {
    expect(heldOut.length / (dev.length + heldOut.length)).toBeGreaterThanOrEqual(0.3);
    for (const part of [dev, heldOut])
      for (const lang of languages)
        for (const category of redFlagCategories) {
          const n = part.filter((e) => e.lang === lang && e.category === category && e.emergency).length;
          expect(n, `${category} ${lang}`).toBeGreaterThanOrEqual(10);
        }
    const devTexts = new Set(dev.map((e) => e.text.toLowerCase()));
    expect(heldOut.filter((e) => devTexts.has(e.text.toLowerCase()))).toEqual([]);
  });

  it("holds out at least 40 emergencies and 20 hard negatives per style and language", () => {
    for (const lang of languages)
      for (const style of writtenStyles) {
        const ofStyle = heldOut.filter((e) => e.lang === lang && e.style === style);
        expect(ofStyle.filter((e) => e.emergency).length, `${style} ${lang}`).toBeGreaterThanOrEqual(40);
        expect(ofStyle.filter((e) => !e.emergency).length, `${style} ${lang}`).toBeGreaterThanOrEqual(20);
      }
  });

  it("has at least 200 short everyday questions of 1–12 words per language, none trained on", () => {
    const short = loadCorpus("short");
    const trained = new Set([...dev, ...loadTrainingSupplement("short")].map((e) => e.text.toLowerCase()));
    for (const lang of languages) expect(short.filter((e) => e.lang === lang).length, lang).toBeGreaterThanOrEqual(200);
    for (const entry of short) expect(entry.text.split(/\s+/).length, entry.id).toBeLessThanOrEqual(12);
    expect(short.filter((e) => e.emergency || trained.has(e.text.toLowerCase()))).toEqual([]);
  });
});

describe("the offline layer on the held-out part (never trained or tuned on)", () => {
  const measured = measureFigures();
  const recorded = readFigures();

  it("catches no fewer emergencies and raises no more false alarms in any group than recorded", () => {
    const worse = Object.entries(recorded).flatMap(([group, was]) => {
      const now = measured[group];
      if (!now) return [`${group}: missing`];
      const drops = [];
      if (now.caught < was.caught) drops.push(`${group}: caught ${now.caught}/${now.emergencies}, was ${was.caught}`);
      if (now.falseAlarms > was.falseAlarms) drops.push(`${group}: ${now.falseAlarms} false alarms, was ${was.falseAlarms}`);
      return drops;
    });
    expect(worse).toEqual([]);
  });

  it("raises a false alarm on at most 5% of short everyday questions and long benign messages", () => {
    for (const lang of languages) {
      for (const part of ["short", "carriers", "everyday"]) {
        const counts = measured[`${part} ${lang}`];
        expect(counts && falsePositiveRate(counts), `${part} ${lang}`).toBeLessThanOrEqual(0.05);
      }
    }
  });
});

describe("the offline layer on what it was trained on", () => {
  it("finds every emergency", () => {
    const result = evaluate(loadCorpus("dev"), flagged);
    expect(result.misses.map((e) => e.id)).toEqual([]);
  });
});
