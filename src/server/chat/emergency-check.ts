import type { StreamEvent } from "../../shared/schemas/chat";
import type { Database } from "../db/client";
import { recentUserTexts, setModelRedFlagCheck } from "../db/queries/messages";
import { getPrompt } from "../db/queries/prompts";
import type { Message } from "../db/schema";
import type { ChatProvider, PromptMessage } from "../llm/types";
import { errorFields, type SafeErrorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import type { AppMetrics } from "../metrics/metrics";
import { defaultPrompts, PROMPT_IDS } from "../prompts/defaults";
import { type ModelVerdict, parseVerdict } from "./emergency-verdict";
import { promptContentOf } from "./history";
import type { Redact } from "./prompt";

/** Earlier user messages of the chat that go along as context (people add the worrying detail later). */
const CONTEXT_MESSAGES = 3;

export interface EmergencyCheckDeps {
  db: Database;
  provider: ChatProvider;
  logger: Logger;
  redact: Redact | undefined;
  timeoutMs: number;
  metrics?: AppMetrics;
}

/** The model's second opinion on one user message, running beside the reply. Neither promise ever rejects. */
export interface EmergencyCheck {
  /** The red-flag event to send, when the model saw an emergency the card does not show yet. */
  event: Promise<StreamEvent | undefined>;
  /** Settles once the verdict is stored as well. */
  settled: Promise<void>;
}

/** The categories the emergency card shows for a user message: the rules', plus the model's when it adds one. */
export function shownRedFlags<C extends string>(rules: C[], modelCategory: C | null): C[] {
  return modelCategory && !rules.includes(modelCategory) ? [...rules, modelCategory] : rules;
}

/**
 * Asks the model whether a saved user message is an emergency, with a short timeout and no retry. Its verdict
 * can only add to the rules': an error, a timeout or an answer that is not a verdict leaves them in charge
 * (logged as a warning with a reason code, never with text). Undefined when the provider cannot classify (the
 * rules' verdict is then final). Once the verdict is in, the message's red flags are counted for /metrics.
 */
export function startEmergencyCheck(deps: EmergencyCheckDeps, message: Message): EmergencyCheck | undefined {
  const { provider, db, logger, metrics } = deps;
  if (!provider.classify) {
    metrics?.redFlagsSettled(message.redFlags, null);
    return undefined;
  }
  const asked = askModel(deps, message);
  const event = asked.then(({ verdict }): StreamEvent | undefined =>
    verdict.outcome === "emergency" && !message.redFlags.includes(verdict.category)
      ? { type: "red-flags", messageId: message.id, redFlags: shownRedFlags(message.redFlags, verdict.category) }
      : undefined,
  );
  const settled = asked.then(async ({ verdict, promptVersion }) => {
    const ids = { chatId: message.chatId, messageId: message.id };
    if (verdict.outcome === "emergency" || verdict.outcome === "clear")
      logger.debug("model emergency check", { ...ids, outcome: verdict.outcome });
    else logger.warn("model emergency check failed", { ...ids, reason: verdict.outcome, ...verdict.cause });
    try {
      const category = verdict.outcome === "emergency" ? verdict.category : null;
      metrics?.redFlagsSettled(message.redFlags, category);
      await setModelRedFlagCheck({
        db,
        messageId: message.id,
        check: { redFlagModelOutcome: verdict.outcome, redFlagModelCategory: category, redFlagPromptVersion: promptVersion },
      });
    } catch (error) {
      logger.error("storing the model emergency check failed", { ...ids, error: errorFields(error) });
    }
  });
  return { event, settled };
}

type Asked = { verdict: ModelVerdict & { cause?: { error: SafeErrorFields; status?: number } }; promptVersion: number | null };

async function askModel({ db, provider, redact, timeoutMs }: EmergencyCheckDeps, message: Message): Promise<Asked> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  let promptVersion: number | null = null;
  try {
    const work = async () => {
      const [stored, earlier] = await Promise.all([
        getPrompt({ db, id: PROMPT_IDS.emergencyCheck }),
        message.position > 0 ? recentUserTexts({ db, chatId: message.chatId, before: message.position, limit: CONTEXT_MESSAGES }) : [],
      ]);
      promptVersion = stored?.version ?? null;
      const messages: PromptMessage[] = [
        { role: "system", content: stored?.prompt ?? defaultPrompts[PROMPT_IDS.emergencyCheck] },
        // Each text as stored for prompts (redacted when saved), so nothing is redacted again here.
        ...[...earlier, message].map((turn) => ({ role: "user" as const, content: promptContentOf({ redact }, turn) })),
      ];
      return (await provider.classify?.({ messages, signal: timeout.signal })) ?? "";
    };
    return { verdict: parseVerdict(await settledBy(work(), timeout.signal)), promptVersion };
  } catch (error) {
    const cause = { error: errorFields(error), status: (error as { status?: number })?.status };
    return { verdict: { outcome: timeout.signal.aborted ? "timeout" : "error", cause }, promptVersion };
  } finally {
    clearTimeout(timer);
  }
}

/** Settles as `work` does, or rejects as soon as `signal` aborts (work that ignores the signal is not waited for). */
function settledBy<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("timed out"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * The reply's events with the emergency check's event put in as soon as it arrives, between two tokens if it
 * comes mid-reply. The reply is never held up for it; once the reply has ended, the stream stays open until the
 * check has settled (its own timeout bounds that).
 */
export async function* withEmergencyCheck(
  events: AsyncGenerator<StreamEvent>,
  check: EmergencyCheck | undefined,
): AsyncGenerator<StreamEvent> {
  if (!check) return yield* events;
  const verdict = check.event.then((event) => ({ verdict: event }));
  let waiting = true;
  let next = events.next();
  for (;;) {
    const first = waiting ? await Promise.race([next.then((result) => ({ result })), verdict]) : { result: await next };
    if ("verdict" in first) {
      waiting = false;
      if (first.verdict) yield first.verdict;
      continue;
    }
    if (first.result.done) break;
    yield first.result.value;
    next = events.next();
  }
  if (waiting) {
    const late = await check.event;
    if (late) yield late;
  }
  await check.settled;
}
