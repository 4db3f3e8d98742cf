import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classifyRedFlags } from "../../src/server/safety/red-flags";
import { embeddingCounts } from "./embedding";
import { type CorpusEntry, type Counts, evaluate, loadCarriers, loadCorpus } from "./safety-corpus";

/** The offline layer's recorded figures: what tests/safety/corpus.test.ts holds the detector to (never below). */
export const figuresFile = join(import.meta.dirname, "../../tests/safety/heldout-figures.json");

export type Figures = Record<string, Counts>;

const offline = (entry: CorpusEntry) => classifyRedFlags(entry.text, entry.lang).categories.length > 0;

/** Per language, category × language and style × language on the held-out part; short questions, carriers, embedding. */
export function measureFigures(): Figures {
  const heldOut = evaluate(loadCorpus("heldout"), offline);
  const prefixed = (prefix: string, groups: Record<string, Counts>) =>
    Object.fromEntries(Object.entries(groups).map(([key, counts]) => [`${prefix} ${key}`, counts]));
  const explicit = evaluate(
    loadCorpus("heldout").filter((e) => e.category === "self-harm" && (e.tags.includes("explicit-plan") || e.tags.includes("attempt"))),
    offline,
  );
  return {
    ...prefixed("heldout", heldOut.byLanguage),
    ...prefixed("heldout", heldOut.byCategoryLanguage),
    ...prefixed("heldout style", heldOut.byStyleLanguage),
    ...prefixed("explicit-self-harm", explicit.byLanguage),
    ...prefixed("short", evaluate(loadCorpus("short"), offline).byLanguage),
    ...prefixed("everyday", evaluate(loadCorpus("everyday"), offline).byLanguage),
    ...prefixed("carriers", evaluate(loadCarriers(), offline).byLanguage),
    ...Object.fromEntries(
      (["en", "de"] as const).map((lang) => {
        const { lost: _, ...counts } = embeddingCounts(lang, (text) => classifyRedFlags(text, lang).categories.length > 0);
        return [`embedded ${lang}`, counts];
      }),
    ),
  };
}

export const readFigures = (): Figures => JSON.parse(readFileSync(figuresFile, "utf8")) as Figures;
export const writeFigures = (figures: Figures) => writeFileSync(figuresFile, `${JSON.stringify(figures, null, 2)}\n`);
