import { type ModelVerdict, parseVerdict } from "../../src/server/chat/emergency-verdict";
import type { ChatProvider } from "../../src/server/llm/types";
import { defaultPrompts, PROMPT_IDS } from "../../src/server/prompts/defaults";
import type { ModelCheckOutcome } from "../../src/shared/values";
import { type CorpusEntry, type Evaluation, evaluate } from "./safety-corpus";

/** How the model layer is asked: as the chat asks (one attempt, short timeout), at most `concurrency` at once. */
export interface ModelLayerOptions {
  provider: Pick<ChatProvider, "classify">;
  timeoutMs: number;
  concurrency: number;
  /** What the chat applies before text leaves the server (redactionFor(env); undefined: sent as written). */
  redact: ((text: string) => string) | undefined;
  /** The emergency-check prompt; the default one unless given. */
  prompt?: string;
  /** Called after each answer (progress on a long run). */
  onAnswer?: (done: number, total: number) => void;
}

export type ModelFailure = Exclude<ModelCheckOutcome, "emergency" | "clear">;
export const modelFailures: readonly ModelFailure[] = ["timeout", "error", "unparseable"];

/**
 * The model's verdict on one message, asked as the chat asks it for a new chat's first message (the stored prompt
 * and the message alone). Never rejects: a timeout, an error or an answer that is no verdict is an outcome.
 */
export async function askModelLayer(text: string, options: ModelLayerOptions): Promise<ModelVerdict> {
  const classify = options.provider.classify;
  if (!classify) return { outcome: "error" };
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const messages = [
    { role: "system" as const, content: options.prompt ?? defaultPrompts[PROMPT_IDS.emergencyCheck] },
    { role: "user" as const, content: options.redact?.(text) ?? text },
  ];
  try {
    return parseVerdict(await settledBy(classify({ messages, signal: timeout }), timeout));
  } catch {
    // What failed is the outcome; the error itself (an SDK error with the endpoint's text) is not printed.
    return { outcome: timeout.aborted ? "timeout" : "error" };
  }
}

/** Settles as `work` does, or rejects once `signal` aborts (a provider that ignores the signal is not waited for). */
function settledBy<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("timed out"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** fn over every item with at most `limit` calls running at once; results in the items' order. */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** The three verdicts on labelled messages, and how often the model could not give one. */
export interface LayerEvaluation {
  offline: Evaluation;
  model: Evaluation;
  /** The card shows when either layer fires. */
  combined: Evaluation;
  /** Model failures (timeout, error, unparseable) overall ("all"), per language and per category. */
  failures: Record<string, Record<ModelFailure, number>>;
}

const noFailures = (): Record<ModelFailure, number> => ({ timeout: 0, error: 0, unparseable: 0 });

/**
 * Measures the offline layer, the model layer and both combined on labelled messages. A message the model failed
 * on counts as not flagged by the model (the chat then leaves the rules in charge), and is counted as a failure.
 */
export async function evaluateLayers(
  entries: readonly CorpusEntry[],
  offline: (entry: CorpusEntry) => boolean,
  options: ModelLayerOptions,
): Promise<LayerEvaluation> {
  let done = 0;
  const verdicts = await mapConcurrently(entries, options.concurrency, async (entry) => {
    const verdict = await askModelLayer(entry.text, options);
    options.onAnswer?.(++done, entries.length);
    return verdict;
  });
  const byEntry = new Map(entries.map((entry, i) => [entry, verdicts[i] as ModelVerdict]));
  const modelFires = (entry: CorpusEntry) => byEntry.get(entry)?.outcome === "emergency";
  const offlineFires = new Map(entries.map((entry) => [entry, offline(entry)]));

  const failures: LayerEvaluation["failures"] = { all: noFailures() };
  for (const [entry, { outcome }] of byEntry) {
    if (outcome === "emergency" || outcome === "clear") continue;
    for (const group of ["all", entry.lang, entry.category]) {
      const counts = failures[group] ?? noFailures();
      counts[outcome]++;
      failures[group] = counts;
    }
  }
  return {
    offline: evaluate([...entries], (entry) => offlineFires.get(entry) === true),
    model: evaluate([...entries], modelFires),
    combined: evaluate([...entries], (entry) => offlineFires.get(entry) === true || modelFires(entry)),
    failures,
  };
}
