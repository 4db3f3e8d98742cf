// Measures emergency detection on the labelled corpus (tests/safety/corpus): recall, precision and false-positive
// rate per language and category, for the development part (trained and tuned on) and the held-out part (never).
// Usage: npm run safety-eval [-- --misses]   (--misses: also list the development part's misses and false alarms)
import { classifyRedFlags } from "../src/server/safety/red-flags";
import {
  type CorpusEntry,
  type Counts,
  type Evaluation,
  evaluate,
  falsePositiveRate,
  loadCorpus,
  precision,
  recall,
} from "./lib/safety-corpus";

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const hardNegatives = (entries: CorpusEntry[]) => entries.filter((e) => !e.emergency && e.category !== "none");

function row(label: string, counts: Counts, hard?: Counts): string {
  const cells = [
    label.padEnd(14),
    `${counts.caught}/${counts.emergencies}`.padStart(9),
    percent(recall(counts)).padStart(7),
    percent(precision(counts)).padStart(9),
    `${counts.falseAlarms}/${counts.negatives}`.padStart(8),
    percent(falsePositiveRate(counts)).padStart(7),
  ];
  if (hard) cells.push(percent(falsePositiveRate(hard)).padStart(8));
  return `| ${cells.join(" | ")} |`;
}

function report(part: "dev" | "heldout", name: string, flags: (entry: CorpusEntry) => boolean): Evaluation {
  const entries = loadCorpus(part);
  const result = evaluate(entries, flags);
  const hard = evaluate(hardNegatives(entries), flags);
  console.log(`\n${name}, ${part === "dev" ? "development part" : "held-out part"} (${entries.length} messages)\n`);
  console.log(
    "| Group          | Caught    | Recall  | Precision | False alarms | FPR   | Hard-negative FPR |".replace("False alarms", "Alarms  "),
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  console.log(row("all", result.overall, hard.overall));
  for (const [language, counts] of Object.entries(result.byLanguage)) console.log(row(language, counts, hard.byLanguage[language]));
  for (const [category, counts] of Object.entries(result.byCategory)) if (category !== "none") console.log(row(category, counts));
  return result;
}

const offline = (entry: CorpusEntry) => classifyRedFlags(entry.text, entry.lang).categories.length > 0;
const dev = report("dev", "Offline layer (rules + learned model)", offline);
report("heldout", "Offline layer (rules + learned model)", offline);
if (process.argv.includes("--misses")) {
  for (const entry of dev.misses) console.log(`MISS ${entry.id} ${entry.text}`);
  for (const entry of dev.falseAlarms) console.log(`FALSE ALARM ${entry.id} ${entry.text}`);
}
