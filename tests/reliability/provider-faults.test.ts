import { request as httpRequest } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/env";
import { createOpenAiProvider } from "../../src/server/llm/openai-provider";
import { messageSchema, type ReplyErrorCode } from "../../src/shared/schemas/chat";
import { type FakeModelServer, type RequestRecord, replyTo, type Scenario, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, messageRows, parseEvents, sendMessage } from "../helpers/chat";
import { listenOnLoopback } from "../helpers/listen";
import { describeEachDatabase, type EnvVars, TEST_ORIGIN } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

/**
 * Model provider faults, played by the fake model, through the real chat endpoint with the SDK's default
 * retries (LLM_MAX_RETRIES 2). For each fault: the number of upstream attempts, the error the browser is
 * told, the user's message and any partial reply saved, Retry working afterwards, and another user served
 * meanwhile.
 */

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 5 });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.clearQueue();
});

/** A tag no other request contains (letters only, so redaction leaves it alone). */
const uniqueTag = () => `case${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** The streamed reply requests the fake model saw for a message containing `text`, in order. */
const attemptsFor = (text: string): RequestRecord[] => fake.log.filter((record) => record.request.stream && record.lastUser.includes(text));

/** The gaps between consecutive attempts, in ms. */
const gaps = (records: RequestRecord[]) => records.slice(1).map((record, i) => record.receivedAt - (records[i]?.receivedAt ?? 0));

/** The SDK's default backoff before retry n (0-based) is 0.5 s·2^n, less up to 25 % jitter. */
const minDefaultBackoffMs = (n: number) => 500 * 2 ** n * 0.75;

interface Fault {
  name: string;
  scenario: Scenario;
  /** Upstream attempts the fault should get (each gets the scenario). */
  attempts: number;
  code: ReplyErrorCode;
  /** Whether some reply text was streamed before the fault (and must be kept). */
  partial: boolean;
  env?: EnvVars;
  /** The SDK waited its default backoff between attempts (no Retry-After to follow). */
  defaultBackoff?: boolean;
}

const faults: Fault[] = [
  {
    name: "429 with Retry-After: 0 is retried twice, then reported as rate limited",
    scenario: { kind: "status", status: 429, retryAfter: 0 },
    attempts: 3,
    code: "provider-rate-limited",
    partial: false,
  },
  {
    name: "429 without Retry-After is retried twice with the SDK's backoff, then reported as rate limited",
    scenario: { kind: "status", status: 429 },
    attempts: 3,
    code: "provider-rate-limited",
    partial: false,
    defaultBackoff: true,
  },
  {
    name: "500 is retried twice, then reported as unavailable",
    scenario: { kind: "status", status: 500, retryAfterMs: 10 },
    attempts: 3,
    code: "provider-unavailable",
    partial: false,
  },
  {
    name: "502 is retried twice, then reported as unavailable",
    scenario: { kind: "status", status: 502, retryAfterMs: 10 },
    attempts: 3,
    code: "provider-unavailable",
    partial: false,
  },
  {
    name: "503 is retried twice, then reported as unavailable",
    scenario: { kind: "status", status: 503, retryAfterMs: 10 },
    attempts: 3,
    code: "provider-unavailable",
    partial: false,
  },
  {
    name: "a connection reset before the first byte is retried twice with backoff, then reported as unavailable",
    scenario: { kind: "reset" },
    attempts: 3,
    code: "provider-unavailable",
    partial: false,
    defaultBackoff: true,
  },
  {
    name: "a stream cut after some tokens is not retried; the partial reply is kept",
    scenario: { kind: "cut", afterTokens: 4 },
    attempts: 1,
    code: "provider-unavailable",
    partial: true,
  },
  {
    name: "a stream that stalls after some tokens is ended by the idle timer; the partial reply is kept",
    scenario: { kind: "stall", afterTokens: 3 },
    attempts: 1,
    code: "provider-timeout",
    partial: true,
    // Bob's reply, streamed meanwhile, has the same idle timer: long enough for a loaded CI machine's pauses.
    env: { LLM_IDLE_TIMEOUT_MS: "1500" },
  },
  {
    name: "a request that hangs (no headers) past LLM_TIMEOUT_MS is reported as a timeout",
    scenario: { kind: "hang" },
    attempts: 1,
    code: "provider-timeout",
    partial: false,
    env: { LLM_TIMEOUT_MS: "2000", LLM_MAX_RETRIES: "0" },
  },
  {
    name: "a malformed SSE chunk after some tokens ends the reply as failed; the partial reply is kept",
    scenario: { kind: "malformed", afterTokens: 3 },
    attempts: 1,
    code: "provider-error",
    partial: true,
  },
  {
    name: "a stream of chunks with an empty choice list is a failed reply, not an empty complete one",
    scenario: { kind: "empty-choices" },
    attempts: 1,
    code: "provider-error",
    partial: false,
  },
  {
    name: "a 429 asking to wait an hour is not waited for: reported at once as rate limited",
    scenario: { kind: "status", status: 429, retryAfter: 3600 },
    attempts: 1,
    code: "provider-rate-limited",
    partial: false,
  },
];

describeEachDatabase("model provider faults never lose a message", ({ createApp }) => {
  const setup = async (env: EnvVars = {}) => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, ...env });
    const alice = t.client();
    const bob = t.client();
    await signUp(alice, "alice@example.com");
    await signUp(bob, "bob@example.com");
    const rows = (chatId: string | undefined) => messageRows(t.db, chatId);
    return { t, alice, bob, rows };
  };

  it.each(faults)("$name", async (fault) => {
    const { alice, bob, rows } = await setup(fault.env);
    const text = `my symptoms ${uniqueTag()}`;
    fake.queue(fault.scenario, { times: fault.attempts, when: text });

    const aliceTurn = sendMessage(alice, text);
    // While Alice's reply is failing (retrying, stalled or hanging), Bob is served.
    await waitFor("Alice's request to reach the model", () => attemptsFor(text).length > 0, { timeoutMs: 15_000 });
    const bobText = `an unrelated question ${uniqueTag()}`;
    const bobTurn = await sendMessage(bob, bobText);
    expect(eventOf(bobTurn.events, "done")?.message.text).toBe(replyTo(bobText));

    const sent = await aliceTurn;
    expect(sent.response.status).toBe(200);
    const attempts = attemptsFor(text);
    expect(attempts).toHaveLength(fault.attempts);
    if (fault.defaultBackoff) {
      const [first = 0, second = 0] = gaps(attempts);
      expect(first).toBeGreaterThanOrEqual(minDefaultBackoffMs(0));
      expect(second).toBeGreaterThanOrEqual(minDefaultBackoffMs(1));
    }
    expect(fake.pending()).toBe(0);

    // The browser is told why, with the saved reply row to show it on (and Retry).
    expect(eventOf(sent.events, "done")).toBeUndefined();
    const error = eventOf(sent.events, "error");
    expect(error?.code).toBe(fault.code);
    expect(error?.message).toMatchObject({ sender: "assistant", status: "error", errorCode: fault.code, text: sent.replyText });

    // The user's message and whatever was streamed are saved.
    const saved = await rows(sent.chatId);
    expect(saved.map((r) => [r.sender, r.status, r.errorCode])).toEqual([
      ["user", "complete", null],
      ["assistant", "error", fault.code],
    ]);
    expect(saved[0]?.text).toBe(text);
    expect(saved[1]?.text).toBe(sent.replyText);
    if (fault.partial) {
      expect(sent.replyText.length).toBeGreaterThan(0);
      expect(replyTo(text).startsWith(sent.replyText)).toBe(true);
      expect(sent.replyText.length).toBeLessThan(replyTo(text).length);
    } else {
      expect(sent.replyText).toBe("");
    }

    // Reopening the chat shows the failed turn with its code (what the UI localizes and offers Retry for)…
    const detail = await alice.get(`/api/chats/${sent.chatId}`);
    expect(detail.status).toBe(200);
    const shown = (detail.body.messages as unknown[]).map((m) => messageSchema.parse(m));
    expect(shown.map((m) => [m.sender, m.status, m.errorCode])).toEqual([
      ["user", "complete", null],
      ["assistant", "error", fault.code],
    ]);

    // …and Retry, once the provider is back, replaces the failed reply.
    const retry = await alice.post(`/api/chats/${sent.chatId}/regenerate`, { language: "en" });
    expect(eventOf(parseEvents(retry.text), "done")?.message.text).toBe(replyTo(text));
    expect((await rows(sent.chatId)).map((r) => [r.sender, r.status, r.text])).toEqual([
      ["user", "complete", text],
      ["assistant", "complete", replyTo(text)],
    ]);
  });

  describe("the idle timer runs only between chunks, not before the response headers", () => {
    it("a 429 with Retry-After: 1, then success, succeeds although the idle timeout is shorter than the wait", async () => {
      const { alice, rows } = await setup({ LLM_IDLE_TIMEOUT_MS: "300" });
      const text = `slow retry ${uniqueTag()}`;
      fake.queue({ kind: "status", status: 429, retryAfter: 1 }, { when: text });
      const sent = await sendMessage(alice, text);
      expect(eventOf(sent.events, "error")).toBeUndefined();
      expect(eventOf(sent.events, "done")?.message.text).toBe(replyTo(text));
      const attempts = attemptsFor(text);
      expect(attempts).toHaveLength(2);
      expect(gaps(attempts)[0]).toBeGreaterThanOrEqual(1000);
      expect((await rows(sent.chatId)).map((r) => [r.sender, r.status])).toEqual([
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
    });

    it("a first byte slower than the idle timeout (but within LLM_TIMEOUT_MS) succeeds", async () => {
      const { alice } = await setup({ LLM_IDLE_TIMEOUT_MS: "300", LLM_TIMEOUT_MS: "5000" });
      const text = `slow start ${uniqueTag()}`;
      fake.queue({ kind: "reply", headersDelayMs: 900 }, { when: text });
      const sent = await sendMessage(alice, text);
      expect(eventOf(sent.events, "error")).toBeUndefined();
      expect(eventOf(sent.events, "done")?.message.text).toBe(replyTo(text));
      expect(attemptsFor(text)).toHaveLength(1);
    });
  });

  describe("the browser going away", () => {
    /** Posts a message like a browser and resolves once `ready(body so far)` holds; `leave()` drops the connection. */
    const startTurn = (port: number, cookie: string, text: string, ready: (body: string) => boolean) =>
      new Promise<{ body: () => string; leave: () => void }>((resolve, reject) => {
        let body = "";
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/chats/messages",
            headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
          },
          (res) => {
            res.setEncoding("utf8");
            res.on("data", (part: string) => {
              body += part;
              if (ready(body)) resolve({ body: () => body, leave: () => req.destroy() });
            });
            res.on("error", () => {});
          },
        );
        req.on("error", (error) => {
          if (!req.destroyed) reject(error);
        });
        req.end(JSON.stringify({ text, language: "en" }));
      });

    const longReply = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");

    it("mid-stream: the upstream request is closed within a second and the partial reply is saved as incomplete", async () => {
      const { t, alice, bob, rows } = await setup();
      const http = await listenOnLoopback(t);
      try {
        const text = `long answer ${uniqueTag()}`;
        fake.queue({ kind: "reply", text: longReply, delayMs: 40 }, { when: text });
        const turn = await startTurn(http.port, alice.cookieHeader(), text, (body) => (body.match(/"type":"delta"/g) ?? []).length >= 3);
        const chatId = turn.body().match(/"chatId":"([^"]+)"/)?.[1];
        const [upstream] = attemptsFor(text);
        expect(upstream?.closedAt).toBeUndefined();

        const leftAt = Date.now();
        turn.leave();
        const closedAt = await waitFor("the upstream request to close", () => upstream?.closedAt, { timeoutMs: 5_000, intervalMs: 5 });
        expect(closedAt - leftAt).toBeLessThan(1000);
        expect(upstream?.completed).toBe(false);

        const reply = await waitFor("the stopped reply to be saved", async () =>
          (await rows(chatId)).find((r) => r.sender === "assistant"),
        );
        expect(reply.status).toBe("incomplete");
        expect(reply.text).toMatch(/^word0 word1 word2/);
        expect(longReply.startsWith(reply.text)).toBe(true);
        expect(reply.text.length).toBeLessThan(longReply.length);
        expect((await rows(chatId))[0]).toMatchObject({ sender: "user", text, status: "complete" });
        expect(attemptsFor(text)).toHaveLength(1);

        const bobText = `still there ${uniqueTag()}`;
        expect(eventOf((await sendMessage(bob, bobText)).events, "done")?.message.text).toBe(replyTo(bobText));
      } finally {
        await http.close();
      }
    });

    it("before the first byte: the hanging upstream request is closed within a second", async () => {
      const { t, alice, rows } = await setup();
      const http = await listenOnLoopback(t);
      try {
        const text = `no answer yet ${uniqueTag()}`;
        fake.queue({ kind: "hang" }, { when: text });
        const turn = await startTurn(http.port, alice.cookieHeader(), text, (body) => body.includes('"type":"start"'));
        const chatId = turn.body().match(/"chatId":"([^"]+)"/)?.[1];
        const upstream = await waitFor("the request to reach the model", () => attemptsFor(text)[0]);

        const leftAt = Date.now();
        turn.leave();
        const closedAt = await waitFor("the upstream request to close", () => upstream.closedAt, { timeoutMs: 5_000, intervalMs: 5 });
        expect(closedAt - leftAt).toBeLessThan(1000);
        expect(upstream.completed).toBe(false);
        // The user's message stays; there was no reply text to keep.
        expect((await rows(chatId)).map((r) => [r.sender, r.text])).toEqual([["user", text]]);
      } finally {
        await http.close();
      }
    });
  });
});

describe("the provider itself (real SDK against the fake model)", () => {
  const provider = (extra: EnvVars = {}) =>
    createOpenAiProvider(loadEnv({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "sk-test", LLM_MODEL: "test-model", ...extra }));

  it("a caller abort during the SDK's wait before a retry ends the reply at once, without another attempt", async () => {
    const text = `abort while waiting ${uniqueTag()}`;
    fake.queue({ kind: "status", status: 429, retryAfter: 30 }, { when: text });
    const controller = new AbortController();
    const pieces: unknown[] = [];
    const done = (async () => {
      for await (const piece of provider().streamReply({
        messages: [{ role: "user", content: text }],
        language: "en",
        signal: controller.signal,
      }))
        pieces.push(piece);
    })();
    const first = await waitFor("the first attempt to be answered", () => attemptsFor(text)[0]?.closedAt);
    expect(first).toBeGreaterThan(0);
    const abortedAt = Date.now();
    controller.abort();
    await done;
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(pieces).toEqual([]);
    expect(attemptsFor(text)).toHaveLength(1);
    fake.clearQueue();
  });
});
