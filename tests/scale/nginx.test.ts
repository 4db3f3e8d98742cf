import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";
import { signIn, signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { findNginx, type RunningNginx, startNginx } from "../helpers/nginx";
import {
  agentOn,
  createScratchDatabase,
  postgresAdminUrl,
  requestFrom,
  type ScratchDatabase,
  type ServerGroup,
  sendTimed,
  startServerProcesses,
} from "../helpers/scale";
import { freePort, type ServerProcess } from "../helpers/server-process";
import { waitFor } from "../helpers/wait";

/**
 * deploy/nginx.conf, as shipped (only addresses and paths replaced, see tests/helpers/nginx.ts), run on
 * loopback in front of two server processes on one PostgreSQL database: replies stream through it unbuffered
 * and uncompressed, requests reach both processes and fail over when one dies, the client address reaches the
 * app's rate limits through X-Forwarded-For, nginx's request id reaches the app, and nginx's own errors on the
 * API keep the app's JSON shape.
 */

const skipReason = !postgresAdminUrl
  ? "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)"
  : !findNginx()
    ? "nginx is not installed (apt-get install nginx-light; .ci/run installs it)"
    : undefined;
if (skipReason) console.log(`nginx tests skipped: ${skipReason}`);

/** The fake model's pace: a reply of ~20 tokens takes ~2 s, so a buffered stream is easy to tell apart. */
const TOKEN_MS = 100;
const SIGN_INS_PER_ADDRESS = 2;
const webBuilt = existsSync("dist/web/index.html");

let fake: FakeModelServer;
let database: ScratchDatabase | undefined;
let group: ServerGroup | undefined;
let nginx: RunningNginx | undefined;
let proxy: string;

describe.skipIf(skipReason)("nginx (deploy/nginx.conf) in front of two server processes", () => {
  beforeAll(async () => {
    fake = await startFakeModel({ tokenDelayMs: TOKEN_MS });
    database = await createScratchDatabase("nginx");
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    group = await startServerProcesses(2, {
      DATABASE_URL: database.url,
      PUBLIC_URL: proxy,
      TRUST_PROXY: "true",
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: "test-key",
      RATE_LIMITS: "on",
      SIGN_IN_RATE_LIMIT_MAX: String(SIGN_INS_PER_ADDRESS),
      // The tests' own sign-ups all come from 127.0.0.1.
      SIGN_UP_RATE_LIMIT_MAX: "100",
      // One live reply per process: a second one at the same time must go to the other process.
      MAX_LIVE_CHATS: "1",
    });
    nginx = await startNginx({ port, upstreams: group.servers.map((server) => new URL(server.origin).host) });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await group?.stop();
    await database?.drop();
    await fake?.close();
  });

  const browser = () => agentOn(proxy, { publicOrigin: proxy });

  it("streams a reply through nginx as it is written: unbuffered, uncompressed", async () => {
    const alice = browser();
    await signUp(alice, "alice@example.com");
    const question = "How much water should I drink?";
    const { response, events } = await sendTimed(proxy, alice, question, {
      publicOrigin: proxy,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("content-encoding")).toBeNull();
    const deltas = events.filter((e) => e.event.type === "delta");
    expect(deltas.map((e) => (e.event.type === "delta" ? e.event.text : "")).join("")).toBe(replyTo(question));
    // The model takes (tokens - 1) × TOKEN_MS from its first token to its last; a buffering proxy would hand
    // the deltas over together at the end, within a few ms of each other.
    const tokens = replyTo(question).split(/(?<=\s)/).length;
    const first = deltas[0]?.at ?? 0;
    const last = deltas.at(-1)?.at ?? 0;
    const arrivals = deltas.map((e) => Math.round(e.at));
    expect(last - first, `deltas arrived at ${arrivals.join(", ")} ms`).toBeGreaterThan((tokens - 1) * TOKEN_MS * 0.6);
    // In many separate moments (a busy machine may bunch a few together).
    expect(new Set(deltas.map((e) => Math.round(e.at / 50))).size, `deltas arrived at ${arrivals.join(", ")} ms`).toBeGreaterThan(
      tokens / 3,
    );
    expect(events.map((e) => e.event.type)).toContain("done");
  });

  it("spreads requests over both processes (least_conn): two replies at once, each process allowing one", async () => {
    const bob = browser();
    await signUp(bob, "bob@example.com");
    const logBefore = nginx?.accessLog().length ?? 0;
    const streams = [
      (await startReply(bob, "first question, at the same time")).events,
      (await startReply(bob, "second question, at the same time")).events,
    ];
    // Both processes are streaming their one reply now: a third one has nowhere to go.
    const third = await bob.post("/api/chats/messages", { text: "third question", language: "en" });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe("server-busy");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    for (const stream of streams) expect((await stream).map((e) => e.event.type)).toContain("done");
    // nginx's access log names the process that answered each request: one reply each.
    const repliedBy = await waitFor("both replies in nginx's access log", () => {
      const lines = (nginx?.accessLog() ?? "").slice(logBefore).split("\n");
      const replies = lines.filter((line) => line.includes('"POST /api/chats/messages" 200'));
      return replies.length === 2 && replies.map((line) => line.match(/upstream=(\S+)\//)?.[1]);
    });
    expect(repliedBy.sort()).toEqual((group as ServerGroup).servers.map((s) => new URL(s.origin).host).sort());
  });

  /**
   * Starts a reply and resolves once the model has the request (its process holds its one live slot); `events`
   * resolves once the reply has ended.
   */
  async function startReply(agent: ReturnType<typeof browser>, text: string) {
    let refused: string | undefined;
    const started = sendTimed(proxy, agent, text, { publicOrigin: proxy }).then((result) => {
      if (result.response.status !== 200) refused = `${result.response.status} ${result.body}`;
      return result;
    });
    await waitFor(
      `the reply to "${text}" to start`,
      () => {
        if (refused) throw new Error(`"${text}" was answered ${refused}`);
        return fake.log.some((record) => record.lastUser === text);
      },
      { timeoutMs: 10_000 },
    );
    return { events: started.then(({ events }) => events) };
  }

  it("passes the client's address (X-Forwarded-For) to the app: rate limits count each client on its own", async () => {
    // Sign-ins with unknown e-mails (401), each a different one: only the per-address limit applies.
    const signInFrom = (address: string, email: string, headers: Record<string, string> = {}) =>
      requestFrom(address, `${proxy}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: proxy, ...headers },
        body: JSON.stringify({ email, password: "violet kettle drums at dawn" }),
      });
    for (let i = 0; i < SIGN_INS_PER_ADDRESS; i++) expect((await signInFrom("127.0.0.2", `nobody-${i}@example.com`)).status).toBe(401);
    expect((await signInFrom("127.0.0.2", "nobody-more@example.com")).status).toBe(429);
    // A client cannot claim another address: nginx appends the one it sees, and the app takes the last.
    expect((await signInFrom("127.0.0.2", "nobody-spoofed@example.com", { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
    // Another client has its own count, though nginx connects to both processes from 127.0.0.1 for everyone.
    expect((await signInFrom("127.0.0.3", "nobody-else@example.com")).status).toBe(401);
  });

  it("passes nginx's request id to the app, which answers with it (its log lines carry the same id)", async () => {
    const response = await fetch(`${proxy}/api/health`, { headers: { "x-request-id": "chosen-by-the-client" } });
    expect(response.status).toBe(200);
    // nginx's $request_id (32 hex digits); the app's own ids are UUIDs, and a client's own id is replaced.
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes the access line after the response has gone out: wait for it rather than read too early.
    await waitFor("nginx's access log line", () => nginx?.accessLog().includes(`id=${id}`));
  });

  it("refuses a body over 64 KB (MAX_BODY_BYTES) itself, in the app's JSON error shape", async () => {
    const carol = browser();
    await signUp(carol, "carol@example.com");
    const tooLarge = await carol.send("POST", "/api/chats/messages", {
      rawBody: JSON.stringify({ text: "x".repeat(70_000), language: "en" }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe("payload-too-large");
    // Just under the limit passes nginx and reaches the app (which refuses the text as too long: 400).
    const justUnder = await carol.send("POST", "/api/chats/messages", {
      rawBody: JSON.stringify({ text: "x".repeat(65_000), language: "en" }),
    });
    expect(justUnder.status).toBe(400);
  });

  it.skipIf(!webBuilt)("compresses the web app's files (needs a web build in dist/web)", async () => {
    const index = readFileSync("dist/web/index.html", "utf8");
    const script = index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${proxy}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("keeps serving through the other process when one dies, and answers 503 in JSON when none is left", async () => {
    const dave = browser();
    await signUp(dave, "dave@example.com");
    const [first, second] = (group as ServerGroup).servers as [ServerProcess, ServerProcess];
    await first.kill9();
    for (let i = 0; i < 6; i++) expect((await dave.get("/api/chats")).status).toBe(200);
    expect((await signIn(browser(), "dave@example.com")).status).toBe(200);
    const sent = await sendMessage(dave, "still there?");
    expect(sent.response.status).toBe(200);
    expect(sent.events.map((e) => e.type)).toContain("done");

    await second.kill9();
    const down = await dave.get("/api/chats");
    expect(down.status).toBe(503);
    expect(down.body.code).toBe("service-unavailable");
    expect(down.headers.get("retry-after")).toBe("5");
  });
});
