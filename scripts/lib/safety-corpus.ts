import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { languageSchema } from "../../src/shared/schemas/profile";
import { redFlagCategories } from "../../src/shared/values";

const corpusDir = join(import.meta.dirname, "../../tests/safety/corpus");

export const corpusEntrySchema = z.object({
  id: z.string(),
  text: z.string().min(1),
  lang: languageSchema,
  /** For an emergency, its category; for a non-emergency, the category it resembles, or "none". */
  category: z.enum([...redFlagCategories, "none"]),
  emergency: z.boolean(),
  tags: z.array(z.string()),
});
export type CorpusEntry = z.infer<typeof corpusEntrySchema>;

/**
 * The development part (tuned and trained on), the held-out part (written first, never tuned against), and everyday
 * messages (no emergencies; never trained on; they measure false alarms on ordinary symptom talk).
 */
export type CorpusPart = "dev" | "heldout" | "everyday";

/** Every message of a part: the files `${part}-en*.jsonl` and `${part}-de*.jsonl`. */
export function loadCorpus(part: CorpusPart): CorpusEntry[] {
  const files = readdirSync(corpusDir)
    .filter((file) => file.startsWith(`${part}-`) && file.endsWith(".jsonl"))
    .sort();
  return files.flatMap((file) =>
    readFileSync(join(corpusDir, file), "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => corpusEntrySchema.parse(JSON.parse(line))),
  );
}

/** Extra training lines that are not part of the labelled corpus (tests/safety/training/NAME-*.jsonl). */
export function loadTrainingSupplement(name: string): CorpusEntry[] {
  const dir = join(corpusDir, "../training");
  return readdirSync(dir)
    .filter((file) => file.startsWith(`${name}-`) && file.endsWith(".jsonl"))
    .sort()
    .flatMap((file) =>
      readFileSync(join(dir, file), "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => corpusEntrySchema.parse(JSON.parse(line))),
    );
}

export interface Counts {
  emergencies: number;
  caught: number;
  negatives: number;
  falseAlarms: number;
}

export interface Evaluation {
  overall: Counts;
  byLanguage: Record<string, Counts>;
  byCategory: Record<string, Counts>;
  /** Emergencies not flagged and non-emergencies flagged. */
  misses: CorpusEntry[];
  falseAlarms: CorpusEntry[];
}

const empty = (): Counts => ({ emergencies: 0, caught: 0, negatives: 0, falseAlarms: 0 });

/** Recall, precision and false-positive rate of a verdict over labelled messages, overall, per language and category. */
export function evaluate(entries: CorpusEntry[], flags: (entry: CorpusEntry) => boolean): Evaluation {
  const result: Evaluation = { overall: empty(), byLanguage: {}, byCategory: {}, misses: [], falseAlarms: [] };
  for (const entry of entries) {
    const flagged = flags(entry);
    const language = result.byLanguage[entry.lang] ?? empty();
    const category = result.byCategory[entry.category] ?? empty();
    result.byLanguage[entry.lang] = language;
    result.byCategory[entry.category] = category;
    for (const counts of [result.overall, language, category]) {
      if (entry.emergency) {
        counts.emergencies++;
        if (flagged) counts.caught++;
      } else {
        counts.negatives++;
        if (flagged) counts.falseAlarms++;
      }
    }
    if (entry.emergency && !flagged) result.misses.push(entry);
    if (!entry.emergency && flagged) result.falseAlarms.push(entry);
  }
  return result;
}

export const recall = (c: Counts) => (c.emergencies ? c.caught / c.emergencies : 1);
export const falsePositiveRate = (c: Counts) => (c.negatives ? c.falseAlarms / c.negatives : 0);
export const precision = (c: Counts) => (c.caught + c.falseAlarms ? c.caught / (c.caught + c.falseAlarms) : 1);
