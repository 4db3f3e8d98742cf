// Measures emergency detection on the labelled corpus (tests/safety/corpus): recall, precision and false-positive
// rate per language and category, for the development part (trained and tuned on), the held-out part (never), and
// false alarms on the everyday messages (never trained on). With a model configured (OPENAI_BASE_URL /
// OPENAI_API_KEY, LLM_MODEL, RED_FLAG_MODEL_TIMEOUT_MS as for the server) it also measures the model layer and the
// combined verdict (the card shows when either fires), counting the model's timeouts, errors and unparseable answers.
import { parseCommandLine } from "../src/cli/lib/args";
import { loadEnv } from "../src/server/env";
import { createChatProvider, isDemoMode } from "../src/server/llm/provider";
import { classifyRedFlags } from "../src/server/safety/red-flags";
import { redactionFor } from "../src/server/safety/redact";
import { embeddingCounts } from "./lib/embedding";
import { evaluateLayers, type LayerEvaluation, type ModelFailure, type ModelLayerOptions, modelFailures } from "./lib/model-layer";
import {
  type CorpusEntry,
  type CorpusPart,
  type Counts,
  type Evaluation,
  evaluate,
  falsePositiveRate,
  loadCarriers,
  loadCorpus,
  precision,
  recall,
} from "./lib/safety-corpus";
import { figuresFile, measureFigures, writeFigures } from "./lib/safety-figures";

const usage = `Usage: npm run safety-eval -- [--misses] [--no-model] [--concurrency=N] [--write-figures]

Measures emergency detection on the labelled corpus (tests/safety/corpus), and the model layer when a model is
configured (OPENAI_BASE_URL, LLM_MODEL, … as for the server).

Options:
  --misses           also list the development part's misses and false alarms (offline layer)
  --no-model         measure the offline layer only
  --concurrency=N    model requests at a time (4)
  --write-figures    record the offline layer's held-out figures as the floor corpus.test.ts holds it to
  -h, --help         show this help`;
const { values: options } = parseCommandLine(usage, {
  misses: { type: "boolean" },
  "no-model": { type: "boolean" },
  concurrency: { type: "string", default: "4" },
  "write-figures": { type: "boolean" },
});

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const isHardNegative = (entry: CorpusEntry) => !entry.emergency && entry.category !== "none";
export const isExplicitSelfHarm = (entry: CorpusEntry) =>
  entry.emergency && entry.category === "self-harm" && (entry.tags.includes("explicit-plan") || entry.tags.includes("attempt"));

/** False alarms on the hard negatives among `entries` (optionally one language), from an evaluation of them all. */
function hardCounts(result: Evaluation, entries: readonly CorpusEntry[], lang?: string): Counts {
  const inGroup = (entry: CorpusEntry) => isHardNegative(entry) && (lang === undefined || entry.lang === lang);
  return {
    emergencies: 0,
    caught: 0,
    negatives: entries.filter(inGroup).length,
    falseAlarms: result.falseAlarms.filter(inGroup).length,
  };
}

function row(label: string, counts: Counts, extra: string[] = []): string {
  const cells = [
    label.padEnd(11),
    `${counts.caught}/${counts.emergencies}`.padStart(7),
    percent(recall(counts)).padStart(6),
    percent(precision(counts)).padStart(9),
    `${counts.falseAlarms}/${counts.negatives}`.padStart(6),
    percent(falsePositiveRate(counts)).padStart(5),
    ...extra,
  ];
  return `| ${cells.join(" | ")} |`;
}

const failureCells = (failures: Record<string, Record<ModelFailure, number>> | undefined, group: string) =>
  failures ? [modelFailures.map((kind) => failures[group]?.[kind] ?? 0).join("/")] : [];

/** One table: overall, per language (with hard-negative FPR), per category; with model failures when given. */
function printTable(title: string, result: Evaluation, entries: readonly CorpusEntry[], failures?: LayerEvaluation["failures"]) {
  console.log(`\n${title}\n`);
  const failed = failures ? " Timeout/error/unparseable |" : "";
  console.log(`| Group       |  Caught | Recall | Precision | Alarms |   FPR | Hard-negative FPR |${failed}`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|${failures ? "---:|" : ""}`);
  const hard = (lang?: string) => percent(falsePositiveRate(hardCounts(result, entries, lang)));
  console.log(row("all", result.overall, [hard(), ...failureCells(failures, "all")]));
  for (const [lang, counts] of Object.entries(result.byLanguage))
    console.log(row(lang, counts, [hard(lang), ...failureCells(failures, lang)]));
  for (const [category, counts] of Object.entries(result.byCategory))
    if (category !== "none") console.log(row(category, counts, ["", ...failureCells(failures, category)]));
}

/** Everyday messages are all non-emergencies: only their false alarms count. */
function printEveryday(title: string, layers: [string, Evaluation][], failures?: LayerEvaluation["failures"]) {
  console.log(`\n${title} (never trained on): false alarms\n`);
  console.log(`| Layer | ${["all", "en", "de"].join(" | ")} |${failures ? " Timeout/error/unparseable |" : ""}`);
  console.log(`|---|---:|---:|---:|${failures ? "---:|" : ""}`);
  for (const [name, result] of layers) {
    const cell = (counts: Counts | undefined) =>
      counts ? `${counts.falseAlarms}/${counts.negatives} (${percent(falsePositiveRate(counts))})` : "-";
    const cells = [name, cell(result.overall), cell(result.byLanguage.en), cell(result.byLanguage.de)];
    if (failures) cells.push(name === "model" ? (failureCells(failures, "all")[0] ?? "") : "");
    console.log(`| ${cells.join(" | ")} |`);
  }
}

const partNames: Record<CorpusPart, string> = {
  dev: "development part",
  heldout: "held-out part",
  everyday: "everyday messages",
  short: "short everyday questions",
};

/** Recall per category × language and per style × language, and recall on explicit self-harm plans and attempts. */
function printGroups(result: Evaluation, entries: readonly CorpusEntry[]) {
  for (const [name, groups] of [
    ["category", result.byCategoryLanguage],
    ["style", result.byStyleLanguage],
  ] as const) {
    console.log(`\n| ${name} × language | Caught | Recall | Hard-negative alarms |\n|---|---:|---:|---:|`);
    for (const [key, counts] of Object.entries(groups).sort())
      if (!key.startsWith("none "))
        console.log(
          `| ${key} | ${counts.caught}/${counts.emergencies} | ${percent(recall(counts))} | ${counts.falseAlarms}/${counts.negatives} |`,
        );
  }
  const plans = entries.filter(isExplicitSelfHarm);
  const missed = result.misses.filter(isExplicitSelfHarm).length;
  console.log(`\nExplicit self-harm plans and attempts: ${plans.length - missed}/${plans.length} flagged`);
}
const offline = (entry: CorpusEntry) => classifyRedFlags(entry.text, entry.lang).categories.length > 0;

function modelOptions(): (ModelLayerOptions & { model: string }) | undefined {
  if (options["no-model"]) return undefined;
  const env = loadEnv();
  if (isDemoMode(env)) return undefined;
  const concurrency = Number(options.concurrency);
  const provider = createChatProvider(env);
  return {
    model: provider.model,
    provider,
    timeoutMs: env.RED_FLAG_MODEL_TIMEOUT_MS,
    concurrency: Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 4,
    redact: redactionFor(env),
    onAnswer: (done, total) => {
      if (done % 50 === 0 || done === total) process.stderr.write(`  model layer: ${done}/${total}\r`);
    },
  };
}

/** False alarms on the long benign carriers, and the development emergencies found inside them (offline layer). */
function printEmbedding() {
  const carriers = evaluate(loadCarriers(), offline);
  console.log("\nLong benign messages and emergencies inside them (offline layer)\n");
  console.log("| Language | Carrier false alarms | Found inside / found alone |");
  console.log("|---|---:|---:|");
  for (const lang of ["en", "de"] as const) {
    const alarms = carriers.byLanguage[lang];
    const inside = embeddingCounts(lang, (text) => classifyRedFlags(text, lang).categories.length > 0);
    const alarmCell = alarms ? `${alarms.falseAlarms}/${alarms.negatives} (${percent(falsePositiveRate(alarms))})` : "-";
    console.log(`| ${lang} | ${alarmCell} | ${inside.caught}/${inside.emergencies} (${percent(recall(inside))}) |`);
  }
}

async function main() {
  if (options["write-figures"]) {
    writeFigures(measureFigures());
    console.log(`wrote ${figuresFile}`);
  }
  const model = modelOptions();
  if (!model) console.log("No model configured (OPENAI_BASE_URL / OPENAI_API_KEY): the offline layer alone.");
  else console.log(`Model layer: ${model.model}, default emergency-check prompt, at most ${model.concurrency} requests at once.`);
  let devOffline: Evaluation | undefined;
  for (const part of ["dev", "heldout", "everyday", "short"] as const) {
    const entries = loadCorpus(part);
    const heading = `${partNames[part]} (${entries.length} messages)`;
    if (!model) {
      const result = evaluate(entries, offline);
      devOffline ??= result;
      if (part === "everyday" || part === "short") printEveryday(heading, [["offline", result]]);
      else printTable(`Offline layer (rules + learned model), ${heading}`, result, entries);
      if (part === "heldout") printGroups(result, entries);
      continue;
    }
    const layers = await evaluateLayers(entries, offline, model);
    devOffline ??= layers.offline;
    if (part === "everyday" || part === "short") {
      console.log(`\n${heading}`);
      printEveryday(
        heading,
        [
          ["offline", layers.offline],
          ["model", layers.model],
          ["combined", layers.combined],
        ],
        layers.failures,
      );
      continue;
    }
    printTable(`Offline layer (rules + learned model), ${heading}`, layers.offline, entries);
    if (part === "heldout") printGroups(layers.offline, entries);
    printTable(`Model layer (${model.model}), ${heading}`, layers.model, entries, layers.failures);
    printTable(`Combined (either layer fires), ${heading}`, layers.combined, entries);
  }
  printEmbedding();
  if (options.misses && devOffline) {
    for (const entry of devOffline.misses) console.log(`MISS ${entry.id} ${entry.text}`);
    for (const entry of devOffline.falseAlarms) console.log(`FALSE ALARM ${entry.id} ${entry.text}`);
  }
}

await main();
