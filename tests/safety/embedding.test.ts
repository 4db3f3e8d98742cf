import { describe, expect, it } from "vitest";
import { classifyRedFlags } from "../../src/server/safety/red-flags";
import { embeddingCounts } from "../../tools/lib/embedding";
import { loadCarriers } from "../../tools/lib/safety-corpus";
import { readFigures } from "../../tools/lib/safety-figures";

describe.each(["en", "de"] as const)("emergencies inside long benign messages (%s)", (lang) => {
  const flagged = (text: string) => classifyRedFlags(text, lang).categories.length > 0;
  const carriers = loadCarriers().filter((entry) => entry.lang === lang);

  it("has at least 50 carriers of 200–600 characters about other health topics, none an emergency", () => {
    expect(carriers.length).toBeGreaterThanOrEqual(50);
    for (const carrier of carriers) expect(carrier.text.length, carrier.id).toBeGreaterThanOrEqual(200);
    for (const carrier of carriers) expect(carrier.text.length, carrier.id).toBeLessThanOrEqual(600);
  });

  it("the carriers alone raise at most 2% false alarms", () => {
    const alarms = carriers.filter((carrier) => flagged(carrier.text));
    expect(alarms.length / carriers.length, alarms.map((c) => c.id).join(" ")).toBeLessThanOrEqual(0.02);
  });

  // The target is 99 % (issue 21); docs/safety.md gives the figure reached. This holds the recorded one.
  it("finds the development emergencies inside carriers no less often than recorded", () => {
    const counts = embeddingCounts(lang, flagged);
    const recorded = readFigures()[`embedded ${lang}`];
    expect(counts.emergencies).toBeGreaterThan(900);
    expect(counts.caught, counts.lost.slice(0, 20).join(" ")).toBeGreaterThanOrEqual(recorded?.caught ?? counts.emergencies);
  }, 120_000);
});
