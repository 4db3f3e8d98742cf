import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { languageSchema } from "../../src/shared/schemas/profile";
import { redFlagCategories } from "../../src/shared/values";

const corpusDir = join(import.meta.dirname, "../../tests/safety/corpus");

/** How a message is written; the held-out part has at least 40 emergencies per style and language (plain: none of these). */
export const corpusStyles = [
  "texting",
  "buried",
  "formal-elderly",
  "non-native",
  "dialect",
  "euphemism",
  "understatement",
  "numbers-readings",
  "question-framed",
  "third-person",
  "plain",
] as const;

export const corpusEntrySchema = z.object({
  id: z.string(),
  text: z.string().min(1),
  lang: languageSchema,
  /** For an emergency, its category; for a non-emergency, the category it resembles, or "none". */
  category: z.enum([...redFlagCategories, "none"]),
  emergency: z.boolean(),
  style: z.enum(corpusStyles),
  tags: z.array(z.string()),
});
export type CorpusEntry = z.infer<typeof corpusEntrySchema>;

/**
 * The development part (tuned and trained on), the held-out part (written first, never tuned against), everyday
 * messages and short everyday questions of 1–12 words (no emergencies; never trained on; they measure false alarms).
 */
export type CorpusPart = "dev" | "heldout" | "everyday" | "short";

/** Every entry of the files `${prefix}-*.jsonl` in dir. */
function loadFiles(dir: string, prefix: string): CorpusEntry[] {
  return readdirSync(dir)
    .filter((file) => file.startsWith(`${prefix}-`) && file.endsWith(".jsonl"))
    .sort()
    .flatMap((file) =>
      readFileSync(join(dir, file), "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => corpusEntrySchema.parse(JSON.parse(line))),
    );
}

/** Every message of a part: the files `${part}-en*.jsonl` and `${part}-de*.jsonl`. */
export const loadCorpus = (part: CorpusPart): CorpusEntry[] => loadFiles(corpusDir, part);

/** Extra training lines that are not part of the labelled corpus (tests/safety/training/NAME-*.jsonl). */
export const loadTrainingSupplement = (name: string): CorpusEntry[] => loadFiles(join(corpusDir, "../training"), name);

/** Long benign messages (200–600 characters) that the embedding test hides emergencies in; never trained on. */
export const loadCarriers = (): CorpusEntry[] => loadFiles(join(corpusDir, "../carriers"), "carriers");

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
  /** Keyed "category lang" and "style lang". */
  byCategoryLanguage: Record<string, Counts>;
  byStyleLanguage: Record<string, Counts>;
  /** Emergencies not flagged and non-emergencies flagged. */
  misses: CorpusEntry[];
  falseAlarms: CorpusEntry[];
}

const empty = (): Counts => ({ emergencies: 0, caught: 0, negatives: 0, falseAlarms: 0 });

/** The counts of `key` in `groups`, created when missing. */
function group(groups: Record<string, Counts>, key: string): Counts {
  groups[key] ??= empty();
  return groups[key];
}

/** Recall, precision and false-positive rate of a verdict over labelled messages, overall and per group. */
export function evaluate(entries: CorpusEntry[], flags: (entry: CorpusEntry) => boolean): Evaluation {
  const result: Evaluation = {
    overall: empty(),
    byLanguage: {},
    byCategory: {},
    byCategoryLanguage: {},
    byStyleLanguage: {},
    misses: [],
    falseAlarms: [],
  };
  for (const entry of entries) {
    const flagged = flags(entry);
    const groups = [
      result.overall,
      group(result.byLanguage, entry.lang),
      group(result.byCategory, entry.category),
      group(result.byCategoryLanguage, `${entry.category} ${entry.lang}`),
      group(result.byStyleLanguage, `${entry.style} ${entry.lang}`),
    ];
    for (const counts of groups) {
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
