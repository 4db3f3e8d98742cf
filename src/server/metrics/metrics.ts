import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type RedFlagCategory, type ReplyErrorCode, redFlagCategories, redFlagLayers, replyErrorCodes } from "../../shared/values";
import type { ActiveReplies } from "../chat/active-replies";
import { observePoolWaits } from "../db/pool-waits";
import { redFlagHits } from "./red-flag-hits";

const PREFIX = "health_chat_";
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One HTTP request as the request histogram sees it; `route` is the matched pattern, never the raw path. */
interface FinishedRequest {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

/**
 * This app instance's Prometheus metrics, in a registry of its own (tests build many apps in one process, so
 * nothing goes to prom-client's global registry). Live replies and the process's own metrics (event-loop delay
 * among them) are read when scraped, so serving requests costs one observation per request, reply or query.
 */
export function createMetrics({ activeReplies, db }: { activeReplies: ActiveReplies; db: object }) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time from a request's arrival to its response headers, by route pattern (a reply stream: until it starts).",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: `${PREFIX}live_replies`,
    help: "Replies being streamed right now.",
    registers,
    collect() {
      this.set(activeReplies.count);
    },
  });
  const firstToken = new Histogram({
    name: `${PREFIX}reply_first_token_seconds`,
    help: "Time from the start of a reply (the user's message saved) to its first token sent.",
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers,
  });
  const providerErrors = new Counter({
    name: `${PREFIX}provider_errors_total`,
    help: "Replies the model provider failed, by kind (the error code the user is shown).",
    labelNames: ["kind"] as const,
    registers,
  });
  const redFlags = new Counter({
    name: `${PREFIX}red_flag_hits_total`,
    help: "Emergency categories flagged on user messages, by the layer that named each: rules, model or both.",
    labelNames: ["layer", "category"] as const,
    registers,
  });
  const poolWait = new Histogram({
    name: `${PREFIX}db_pool_wait_seconds`,
    help: "Time a query waited for a PostgreSQL pool connection (none with the embedded database).",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });

  // Every known series starts at 0, so that rate() and alerts see the first event.
  for (const kind of replyErrorCodes) providerErrors.inc({ kind }, 0);
  for (const layer of redFlagLayers) for (const category of redFlagCategories) redFlags.inc({ layer, category }, 0);
  observePoolWaits(db, (seconds) => poolWait.observe(seconds));

  return {
    registry,
    requestFinished({ method, route, status, seconds }: FinishedRequest) {
      const statusClass = `${Math.floor(status / 100)}xx`;
      requestDuration.observe({ method: knownMethods.has(method) ? method : "other", route, status_class: statusClass }, seconds);
    },
    replyFirstToken(seconds: number) {
      firstToken.observe(seconds);
    },
    providerError(kind: ReplyErrorCode) {
      providerErrors.inc({ kind });
    },
    /** Counts a user message's red flags once both layers have spoken (`modelCategory` null: the model added none). */
    redFlagsSettled(rules: readonly RedFlagCategory[], modelCategory: RedFlagCategory | null) {
      for (const { layer, category } of redFlagHits(rules, modelCategory)) redFlags.inc({ layer, category });
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;
