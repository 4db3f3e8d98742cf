import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible Chat Completions server for tests and development. It streams or returns a reply
 * built from the last user message, records every request, and plays failure scenarios named in that
 * message (`#fail500`, `#fail429`, `#cut`, `#stall`, `#slow`) or queued with `POST /__next`.
 */

export type Scenario =
  | { kind: "reply"; text?: string; delayMs?: number }
  | { kind: "status"; status: number; retryAfter?: number }
  | { kind: "cut"; afterTokens: number }
  | { kind: "stall"; afterTokens: number }
  | { kind: "reset" };

export interface FakeModelServer {
  url: string;
  port: number;
  requests: ChatRequest[];
  queue: (scenario: Scenario) => void;
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
}

const markers: Record<string, Scenario> = {
  "#fail500": { kind: "status", status: 500 },
  "#fail429": { kind: "status", status: 429, retryAfter: 0 },
  "#cut": { kind: "cut", afterTokens: 5 },
  "#stall": { kind: "stall", afterTokens: 5 },
  "#slow": { kind: "reply", delayMs: 150 },
};

export async function startFakeModel({
  port = 0,
  tokenDelayMs = 10,
}: {
  port?: number;
  tokenDelayMs?: number;
} = {}): Promise<FakeModelServer> {
  const requests: ChatRequest[] = [];
  const queued: Scenario[] = [];
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
      queued.push(JSON.parse(body) as Scenario);
      return res.end("{}");
    }
    if (req.method === "GET" && path === "/__requests") return json(res, 200, requests);
    if (req.method === "DELETE" && path === "/__requests") {
      requests.length = 0;
      return res.end("{}");
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) return json(res, 404, { error: { message: "not found" } });

    const request = JSON.parse(body) as ChatRequest;
    requests.push(request);
    const lastUser = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const marker = Object.keys(markers).find((key) => lastUser.includes(key));
    const isTitle = !request.stream && request.max_tokens !== undefined;
    const scenario = queued.shift() ?? (marker && !isTitle ? markers[marker] : undefined) ?? { kind: "reply" };

    if (scenario.kind === "reset") return req.socket.destroy();
    if (scenario.kind === "status") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (scenario.retryAfter !== undefined) headers["retry-after"] = String(scenario.retryAfter);
      res.writeHead(scenario.status, headers);
      return res.end(JSON.stringify({ error: { message: `fake failure ${scenario.status}`, type: "fake" } }));
    }
    if (isTitle) {
      const firstUser = request.messages.find((m) => m.role === "user")?.content ?? "";
      return json(res, 200, completion(request.model, `Title: ${firstUser.split(/\s+/).slice(0, 4).join(" ")}`));
    }
    const text = scenario.kind === "reply" && scenario.text ? scenario.text : replyTo(lastUser);
    if (!request.stream) return json(res, 200, completion(request.model, text));

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const tokens = text.split(/(?<=\s)/);
    const delay = scenario.kind === "reply" && scenario.delayMs !== undefined ? scenario.delayMs : tokenDelayMs;
    for (const [index, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (scenario.kind === "cut" && index === scenario.afterTokens) return res.socket?.destroy();
      if (scenario.kind === "stall" && index === scenario.afterTokens) return; // keeps the connection open, silent
      res.write(`data: ${JSON.stringify(chunk(request.model, token))}\n\n`);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
    res.write(`data: ${JSON.stringify({ ...chunk(request.model, ""), choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    requests,
    queue: (scenario) => queued.push(scenario),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A deterministic markdown reply that quotes the question, so tests can check what reached the model. */
export function replyTo(question: string): string {
  return `**Fake model reply.** You asked: ${question.replace(/#\w+/g, "").trim()}\n\n- first point\n- second point\n\nThis reply comes from the test model.`;
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
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
