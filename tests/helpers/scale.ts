import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type StreamEvent, streamEventSchema } from "../../src/shared/schemas/chat";
import { type Agent, createAgent, TEST_ORIGIN } from "./agent";
import { type ServerProcess, startServerProcess } from "./server-process";

export { createScratchDatabase, postgresAdminUrl, type ScratchDatabase } from "./scratch-database";

/**
 * Helpers for tests that run several real server processes on one PostgreSQL database (tests/scale/): a
 * database of their own, the processes, agents bound to one process or to a proxy, and timed stream reading.
 */

/** One secret for every process: a cookie signed by one must be accepted by the others. */
export const SHARED_AUTH_SECRET = "scale-test-secret-0123456789abcdefghijklmnop";

export interface ServerGroup {
  servers: ServerProcess[];
  /** SIGTERM to every process (kill -9 after 10 s), then their data dirs are removed. */
  stop: () => Promise<void>;
}

/**
 * Starts `count` real server processes at once, each with its own PORT and DATA_DIR, all with the same
 * `env` (which should name one DATABASE_URL) and the same AUTH_SECRET. If one fails to start, the others are
 * stopped and the error is thrown.
 */
export async function startServerProcesses(count: number, env: Record<string, string>): Promise<ServerGroup> {
  const base = await mkdtemp(join(tmpdir(), "health-chat-scale-"));
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      startServerProcess({ dataDir: join(base, `process-${i}`), env: { AUTH_SECRET: SHARED_AUTH_SECRET, ...env } }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    await rm(base, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { servers, stop };
}

async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/**
 * An agent (cookie jar, JSON helpers) whose requests go to `baseUrl`: one process, or a proxy in front of
 * several. Its Origin header is `publicOrigin`, the processes' PUBLIC_URL. `sameUserAs` copies another
 * agent's cookies: the same browser session, sent to another process.
 */
export function agentOn(baseUrl: string, { publicOrigin = TEST_ORIGIN, sameUserAs }: { publicOrigin?: string; sameUserAs?: Agent } = {}) {
  const agent = createAgent(async (path, init) => {
    const headers = new Headers(init?.headers);
    if (headers.get("origin") === TEST_ORIGIN) headers.set("origin", publicOrigin);
    return fetch(`${baseUrl}${path}`, { ...init, headers, signal: AbortSignal.timeout(20_000) });
  });
  if (sameUserAs) for (const [name, value] of sameUserAs.cookies) agent.cookies.set(name, value);
  return agent;
}

export interface TimedEvent {
  event: StreamEvent;
  /** ms since the request was sent. */
  at: number;
}

/**
 * Sends a chat message with fetch and reads the reply's server-sent events as they arrive, noting when each
 * one came: a proxy that buffers the stream shows as every delta arriving at about the same time.
 */
export async function sendTimed(
  baseUrl: string,
  agent: Agent,
  text: string,
  { publicOrigin = TEST_ORIGIN, headers = {} }: { publicOrigin?: string; headers?: Record<string, string> } = {},
) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/chats/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: publicOrigin, cookie: agent.cookieHeader(), ...headers },
    body: JSON.stringify({ text, language: "en" }),
    signal: AbortSignal.timeout(30_000),
  });
  const events: TimedEvent[] = [];
  if (response.status !== 200 || !response.body) return { response, events, body: await response.text() };
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const at = performance.now() - started;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const frame = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 2);
      if (frame.startsWith("data:")) events.push({ event: streamEventSchema.parse(JSON.parse(frame.slice(5).trim())), at });
      end = buffer.indexOf("\n\n");
    }
  }
  return { response, events, body: "" };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * A request over node:http from a chosen local address (127.0.0.2, 127.0.0.3, …: all of 127.0.0.0/8 is
 * loopback on Linux), so that a proxy sees several different clients.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers, localAddress, timeout: 20_000 }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}
