import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type ReasoningStyle,
  type Refusable,
  reasoningDeltas,
  reasoningFor,
  reasoningMarkedIn,
  reasoningMessage,
  refusalOf,
} from "./reasoning";

/**
 * An OpenAI-compatible Chat Completions server for tests and development. It streams or returns a reply
 * built from the last user message, records every request, and plays failure scenarios named in that
 * message (`#fail500`, `#fail429`, `#cut`, `#stall`, `#slow`) or queued with `queue()` / `POST /__next`.
 * Every queued scenario is used by one HTTP request (so a request the client retries needs one per attempt,
 * or `times`).
 *
 * The emergency check (a request whose system prompt asks for an `"emergency"` JSON verdict) is answered apart:
 * it never takes a queued scenario and is recorded in `classifications`, not `requests`. It answers
 * `{"emergency": false, "category": null}` at once, unless the message to check holds a marker:
 * `#model-emergency` (or `#model-emergency:<category>`) answers an emergency (other-acute by default) after
 * `classifyDelayMs`, so that it lands mid-reply; `#model-timeout` never answers; `#model-garbage` answers
 * text that is no verdict; `#model-error` answers 500.
 *
 * Like a reasoning model, it thinks before answering when started with `reasoning` (every reply, title and check),
 * when a user message holds a `#think-…` marker (see ./reasoning.ts), or for a queued `reasoning` scenario. Started
 * with `refuses`, it answers 400 as OpenAI's reasoning models do to `max_tokens` or to sampling values.
 */

export type Scenario =
  /** A normal reply; `headersDelayMs` waits before sending the response headers (a slow first byte). */
  | { kind: "reply"; text?: string; delayMs?: number; headersDelayMs?: number }
  /** An error status; `retryAfter` sends `Retry-After` (seconds, as given), `retryAfterMs` sends `retry-after-ms`. */
  | { kind: "status"; status: number; retryAfter?: number | string; retryAfterMs?: number }
  /** The connection is destroyed after some tokens (a stream cut midway). */
  | { kind: "cut"; afterTokens: number }
  /** The stream goes silent after some tokens, keeping the connection open. */
  | { kind: "stall"; afterTokens: number }
  /** The connection is destroyed before any byte of the response. */
  | { kind: "reset" }
  /** The request is accepted but no response headers are ever sent. */
  | { kind: "hang" }
  /** Some valid chunks, then a `data:` line that is not JSON, then the end of the stream. */
  | { kind: "malformed"; afterTokens: number }
  /** A well-formed stream (or completion) whose chunks all have an empty choice list. */
  | { kind: "empty-choices" }
  /** A reasoning model's reply: its reasoning in `style`, then (unless unterminated) the answer, a token per `delayMs`. */
  | { kind: "reasoning"; style: ReasoningStyle; delayMs?: number };

export interface QueueOptions {
  /** How many requests this scenario is used for (default 1). */
  times?: number;
  /** Only for a request whose last user message contains this text (other requests pass it by). */
  when?: string;
}

/** One chat-completions request as the server saw it, and when its connection closed. */
export interface RequestRecord {
  request: ChatRequest;
  /** The last user message of the request. */
  lastUser: string;
  receivedAt: number;
  /** When the response ended or its connection closed. */
  closedAt?: number;
  /** Whether the whole response was sent (false: the connection closed first, e.g. the client aborted). */
  completed?: boolean;
}

export interface FakeModelServer {
  url: string;
  port: number;
  /** Reply and title requests. */
  requests: ChatRequest[];
  /** Emergency-check requests, with timings. */
  classifications: RequestRecord[];
  /** Every chat-completions request, with timings; cleared with `requests` only by the caller. */
  log: RequestRecord[];
  queue: (scenario: Scenario, options?: QueueOptions) => void;
  /** How many queued scenario uses are left. */
  pending: () => number;
  /** How many times the model list was asked for (the server's reachability check, GET /models). */
  modelListings: () => number;
  clearQueue: () => void;
  close: () => Promise<void>;
}

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
}

const markers: Record<string, Scenario> = {
  "#fail500": { kind: "status", status: 500 },
  "#fail429": { kind: "status", status: 429, retryAfter: 0 },
  "#cut": { kind: "cut", afterTokens: 5 },
  "#stall": { kind: "stall", afterTokens: 5 },
  "#slow": { kind: "reply", delayMs: 150 },
};

/** The emergency check's verdict for a message: its marker's, or no emergency. */
type CheckAnswer = { kind: "verdict"; emergency: boolean; category: string | null } | { kind: "timeout" | "garbage" | "error" };

function verdictFor(message: string): CheckAnswer {
  const emergency = message.match(/#model-emergency(?::([a-z-]+))?/);
  if (emergency) return { kind: "verdict", emergency: true, category: emergency[1] ?? "other-acute" };
  if (message.includes("#model-timeout")) return { kind: "timeout" };
  if (message.includes("#model-garbage")) return { kind: "garbage" };
  if (message.includes("#model-error")) return { kind: "error" };
  return { kind: "verdict", emergency: false, category: null };
}

const isEmergencyCheck = (request: ChatRequest) =>
  request.messages[0]?.role === "system" && request.messages[0].content.includes('"emergency"');

export async function startFakeModel({
  port = 0,
  tokenDelayMs = 10,
  classifyDelayMs = 200,
  reasoning,
  refuses = [],
}: {
  port?: number;
  tokenDelayMs?: number;
  /** How long the emergency check takes to answer `#model-emergency`. */
  classifyDelayMs?: number;
  /** Reason before every answer, in this style. */
  reasoning?: ReasoningStyle;
  /** Parameters answered with 400, as OpenAI's reasoning models do. */
  refuses?: readonly Refusable[];
} = {}): Promise<FakeModelServer> {
  const requests: ChatRequest[] = [];
  const classifications: RequestRecord[] = [];
  const log: RequestRecord[] = [];
  const queued: { scenario: Scenario; when?: string }[] = [];
  let modelListings = 0;
  const enqueue = (scenario: Scenario, { times = 1, when }: QueueOptions = {}) => {
    for (let i = 0; i < times; i++) queued.push({ scenario, when });
  };
  const takeQueued = (lastUser: string): Scenario | undefined => {
    const index = queued.findIndex((entry) => entry.when === undefined || lastUser.includes(entry.when));
    return index < 0 ? undefined : queued.splice(index, 1)[0]?.scenario;
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const body = await readBody(req);
    if (req.method === "POST" && path === "/__next") {
      const { times, when, ...scenario } = JSON.parse(body) as Scenario & QueueOptions;
      enqueue(scenario as Scenario, { times, when });
      return res.end("{}");
    }
    if (req.method === "DELETE" && path === "/__next") {
      queued.length = 0;
      return res.end("{}");
    }
    if (req.method === "GET" && path === "/__requests") return json(res, 200, requests);
    if (req.method === "DELETE" && path === "/__requests") {
      requests.length = 0;
      classifications.length = 0;
      log.length = 0;
      return res.end("{}");
    }
    if (req.method === "GET" && path.endsWith("/models")) {
      modelListings += 1;
      return json(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "tests" }] });
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) return json(res, 404, { error: { message: "not found" } });

    const request = JSON.parse(body) as ChatRequest;
    const lastUser = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const record: RequestRecord = { request, lastUser, receivedAt: Date.now() };
    res.once("close", () => {
      record.closedAt = Date.now();
      record.completed = res.writableFinished;
    });
    const refusal = refusalOf(request as unknown as Record<string, unknown>, refuses);
    const userTexts = request.messages.filter((m) => m.role === "user").map((m) => m.content);
    const thinking = reasoningMarkedIn(userTexts) ?? reasoning;
    if (isEmergencyCheck(request)) {
      classifications.push(record);
      if (refusal) return json(res, 400, refusal);
      return answerEmergencyCheck(request, lastUser, res, thinking);
    }
    requests.push(request);
    log.push(record);
    if (refusal) return json(res, 400, refusal);
    const marker = Object.keys(markers).find((key) => lastUser.includes(key));
    const isTitle = !request.stream && (request.max_tokens ?? request.max_completion_tokens) !== undefined;
    const scenario: Scenario =
      takeQueued(lastUser) ??
      (marker && !isTitle ? markers[marker] : undefined) ??
      (thinking ? { kind: "reasoning", style: thinking } : { kind: "reply" });

    if (scenario.kind === "reset") return req.socket.destroy();
    if (scenario.kind === "hang") return; // never answers; the connection stays open until the client gives up
    if (scenario.kind === "status") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (scenario.retryAfter !== undefined) headers["retry-after"] = String(scenario.retryAfter);
      if (scenario.retryAfterMs !== undefined) headers["retry-after-ms"] = String(scenario.retryAfterMs);
      res.writeHead(scenario.status, headers);
      return res.end(JSON.stringify({ error: { message: `fake failure ${scenario.status}`, type: "fake" } }));
    }
    if (scenario.kind === "reply" && scenario.headersDelayMs) {
      await new Promise((resolve) => setTimeout(resolve, scenario.headersDelayMs));
      if (res.destroyed) return;
    }
    if (scenario.kind === "empty-choices") {
      if (!request.stream) return json(res, 200, { ...completion(request.model, ""), choices: [] });
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      for (let i = 0; i < 3; i++) res.write(`data: ${JSON.stringify({ ...chunk(request.model, ""), choices: [] })}\n\n`);
      return res.end("data: [DONE]\n\n");
    }
    if (isTitle) {
      const firstUser = request.messages.find((m) => m.role === "user")?.content ?? "";
      const title = `Title: ${firstUser.split(/\s+/).slice(0, 4).join(" ")}`;
      if (scenario.kind !== "reasoning") return json(res, 200, completion(request.model, title));
      const cap = request.max_tokens ?? request.max_completion_tokens;
      const { message, finish } = reasoningMessage(scenario.style, reasoningFor(firstUser), title, cap);
      return json(res, 200, completion(request.model, message, finish));
    }
    const text = scenario.kind === "reply" && scenario.text ? scenario.text : replyTo(lastUser);
    if (scenario.kind === "reasoning") return streamReasoning(request, res, scenario, reasoningFor(lastUser), text);
    if (!request.stream) return json(res, 200, completion(request.model, text));

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const tokens = text.split(/(?<=\s)/);
    const delay = scenario.kind === "reply" && scenario.delayMs !== undefined ? scenario.delayMs : tokenDelayMs;
    for (const [index, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (scenario.kind === "cut" && index === scenario.afterTokens) return res.socket?.destroy();
      if (scenario.kind === "stall" && index === scenario.afterTokens) return; // keeps the connection open, silent
      if (scenario.kind === "malformed" && index === scenario.afterTokens) {
        res.write('data: {"id":"chatcmpl-fake","choices":[{"delta":{"content":\n\n');
        return res.end("data: [DONE]\n\n");
      }
      res.write(`data: ${JSON.stringify(chunk(request.model, token))}\n\n`);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
    res.write(`data: ${JSON.stringify({ ...chunk(request.model, ""), choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  }

  async function streamReasoning(
    request: ChatRequest,
    res: ServerResponse,
    scenario: Extract<Scenario, { kind: "reasoning" }>,
    reasoning: string,
    answer: string,
  ) {
    if (!request.stream) {
      const { message, finish } = reasoningMessage(scenario.style, reasoning, answer, undefined);
      return json(res, 200, completion(request.model, message, finish));
    }
    const { deltas, finish } = reasoningDeltas(scenario.style, reasoning, answer);
    const delay = scenario.delayMs ?? tokenDelayMs;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    for (const delta of deltas) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify({ ...chunk(request.model, ""), choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
    res.write(`data: ${JSON.stringify({ ...chunk(request.model, ""), choices: [{ index: 0, delta: {}, finish_reason: finish }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  }

  async function answerEmergencyCheck(request: ChatRequest, message: string, res: ServerResponse, thinking?: ReasoningStyle) {
    const verdict = verdictFor(message);
    if (verdict.kind !== "verdict") {
      if (verdict.kind === "timeout") return; // never answers; the client's timeout ends it
      if (verdict.kind === "error") return json(res, 500, { error: { message: "fake failure 500", type: "fake" } });
      return json(res, 200, completion(request.model, "Hmm, hard to say. Probably see a doctor?"));
    }
    if (verdict.emergency && classifyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, classifyDelayMs));
    if (res.destroyed) return;
    const answer = JSON.stringify({ emergency: verdict.emergency, category: verdict.category });
    if (!thinking) return json(res, 200, completion(request.model, answer));
    const cap = request.max_tokens ?? request.max_completion_tokens;
    const { message: reply, finish } = reasoningMessage(thinking, reasoningFor(message), answer, cap);
    json(res, 200, completion(request.model, reply, finish));
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    requests,
    classifications,
    log,
    queue: enqueue,
    pending: () => queued.length,
    modelListings: () => modelListings,
    clearQueue: () => {
      queued.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A deterministic markdown reply that quotes the question, so tests can check what reached the model. */
export function replyTo(question: string): string {
  return `**Fake model reply.** You asked: ${question.replace(/#[\w:-]+/g, "").trim()}\n\n- first point\n- second point\n\nThis reply comes from the test model.`;
}

/** A non-streamed completion of `content` (a string, or a whole message with a reasoning field). */
function completion(model: string, content: string | Record<string, string>, finish: "stop" | "length" = "stop") {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: typeof content === "string" ? { role: "assistant", content } : content, finish_reason: finish }],
  };
}

function chunk(model: string, content: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  };
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}
