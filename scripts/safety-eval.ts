// Measures emergency detection on the labelled corpus (tests/safety/corpus): recall, precision and false-positive
// rate per language and category, for the development part (trained and tuned on), the held-out part (never), and
// false alarms on the everyday messages (never trained on). With a model configured (OPENAI_BASE_URL /
// OPENAI_API_KEY, LLM_MODEL, RED_FLAG_MODEL_TIMEOUT_MS as for the server) it also measures the model layer and the
// combined verdict (the card shows when either fires), counting the model's timeouts, errors and unparseable answers.
// Usage: npm run safety-eval [-- --misses] [-- --no-model] [-- --concurrency=4]
//   --misses: also list the development part's misses and false alarms (offline layer)
import { loadEnv } from "../src/server/env";
import { createChatProvider, isDemoMode } from "../src/server/llm/provider";
import { classifyRedFlags } from "../src/server/safety/red-flags";
import { redactionFor } from "../src/server/safety/redact";
import { evaluateLayers, type LayerEvaluation, type ModelFailure, type ModelLayerOptions, modelFailures } from "./lib/model-layer";
import {
  type CorpusEntry,
  type CorpusPart,
  type Counts,
  type Evaluation,
  evaluate,
  falsePositiveRate,
  loadCorpus,
  precision,
  recall,
} from "./lib/safety-corpus";

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const isHardNegative = (entry: CorpusEntry) => !entry.emergency && entry.category !== "none";

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
function printEveryday(layers: [string, Evaluation][], failures?: LayerEvaluation["failures"]) {
  console.log("\nEveryday messages (never trained on): false alarms\n");
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

const partNames: Record<CorpusPart, string> = { dev: "development part", heldout: "held-out part", everyday: "everyday messages" };
const offline = (entry: CorpusEntry) => classifyRedFlags(entry.text, entry.lang).categories.length > 0;

function modelOptions(): (ModelLayerOptions & { model: string }) | undefined {
  if (process.argv.includes("--no-model")) return undefined;
  const env = loadEnv();
  if (isDemoMode(env)) return undefined;
  const concurrency = Number(process.argv.find((arg) => arg.startsWith("--concurrency="))?.split("=")[1] ?? 4);
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

async function main() {
  const model = modelOptions();
  if (!model) console.log("No model configured (OPENAI_BASE_URL / OPENAI_API_KEY): the offline layer alone.");
  else console.log(`Model layer: ${model.model}, default emergency-check prompt, at most ${model.concurrency} requests at once.`);
  let devOffline: Evaluation | undefined;
  for (const part of ["dev", "heldout", "everyday"] as const) {
    const entries = loadCorpus(part);
    const heading = `${partNames[part]} (${entries.length} messages)`;
    if (!model) {
      const result = evaluate(entries, offline);
      devOffline ??= result;
      if (part === "everyday") printEveryday([["offline", result]]);
      else printTable(`Offline layer (rules + learned model), ${heading}`, result, entries);
      continue;
    }
    const layers = await evaluateLayers(entries, offline, model);
    devOffline ??= layers.offline;
    if (part === "everyday") {
      console.log(`\n${heading}`);
      printEveryday(
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
    printTable(`Model layer (${model.model}), ${heading}`, layers.model, entries, layers.failures);
    printTable(`Combined (either layer fires), ${heading}`, layers.combined, entries);
  }
  if (process.argv.includes("--misses") && devOffline) {
    for (const entry of devOffline.misses) console.log(`MISS ${entry.id} ${entry.text}`);
    for (const entry of devOffline.falseAlarms) console.log(`FALSE ALARM ${entry.id} ${entry.text}`);
  }
}

await main();
