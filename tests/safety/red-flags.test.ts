import { describe, expect, it } from "vitest";
import { ruleFindings } from "../../src/server/safety/red-flag-rules";
import { classifyRedFlags, type RedFlagCategory, redFlagCategories } from "../../src/server/safety/red-flags";
import { redFlagCases } from "./red-flag-cases";

type Counts = { tp: number; fp: number; fn: number };
const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)}%`;

/** Message-level and per-category counts of the classifier over the labelled set. */
function evaluate(classify: (text: string, language: "en" | "de") => RedFlagCategory[]) {
  const overall: Counts = { tp: 0, fp: 0, fn: 0 };
  const perCategory = new Map<RedFlagCategory, Counts>(redFlagCategories.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]));
  const mismatches: string[] = [];
  for (const [text, language, expected] of redFlagCases) {
    const found = classify(text, language);
    if (expected.length > 0 && found.length > 0) overall.tp++;
    if (expected.length === 0 && found.length > 0) overall.fp++;
    if (expected.length > 0 && found.length === 0) overall.fn++;
    if ([...found].sort().join() !== [...expected].sort().join())
      mismatches.push(`${text} → ${found.join(",") || "none"} (expected ${expected.join(",") || "none"})`);
    for (const [category, counts] of perCategory) {
      if (expected.includes(category) && found.includes(category)) counts.tp++;
      if (!expected.includes(category) && found.includes(category)) counts.fp++;
      if (expected.includes(category) && !found.includes(category)) counts.fn++;
    }
  }
  return { overall, perCategory, mismatches };
}

describe("emergency red-flag classifier on the labelled set", () => {
  it("has at least 150 messages, both languages near half, every category in both languages", () => {
    expect(redFlagCases.length).toBeGreaterThanOrEqual(150);
    for (const language of ["en", "de"] as const) {
      const cases = redFlagCases.filter(([, lang]) => lang === language);
      expect(cases.length / redFlagCases.length, language).toBeGreaterThan(0.4);
      for (const category of redFlagCategories)
        expect(
          cases.some(([, , expected]) => expected.includes(category)),
          `${language} ${category}`,
        ).toBe(true);
    }
  });

  it("finds every emergency (recall 100%) with precision of at least 90%, and prints both", () => {
    const { overall, perCategory, mismatches } = evaluate((text, language) => ruleFindings(text, language).categories);
    const positives = redFlagCases.filter(([, , expected]) => expected.length > 0).length;
    console.log(
      `red flags: ${redFlagCases.length} messages (${positives} emergencies, ${redFlagCases.length - positives} not), ` +
        `precision ${percent(overall.tp, overall.tp + overall.fp)}, recall ${percent(overall.tp, overall.tp + overall.fn)}`,
    );
    for (const [category, { tp, fp, fn }] of perCategory)
      console.log(`  ${category.padEnd(12)} precision ${percent(tp, tp + fp).padStart(6)}  recall ${percent(tp, tp + fn).padStart(6)}`);
    if (mismatches.length > 0) console.log(`  mismatches:\n    ${mismatches.join("\n    ")}`);
    expect(overall.fn).toBe(0);
    expect(overall.tp / (overall.tp + overall.fp)).toBeGreaterThanOrEqual(0.9);
    for (const [category, { fn }] of perCategory) expect(fn, category).toBe(0);
  });

  it("gives the same answers on the set without a language hint", () => {
    for (const [text, language] of redFlagCases)
      expect(classifyRedFlags(text).categories, text).toEqual(classifyRedFlags(text, language).categories);
  });

  it("is deterministic and reports categories in the declared order", () => {
    const text = "I can't breathe, chest pain, and I took too many pills";
    expect(classifyRedFlags(text).categories).toEqual(["cardiac", "breathing", "poisoning"]);
    expect(classifyRedFlags(text)).toEqual(classifyRedFlags(text));
  });

  // How fast it classifies is measured by `npm run bench -- --only=safety`.
});
