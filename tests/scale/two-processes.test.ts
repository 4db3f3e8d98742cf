import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";
import type { Agent } from "../helpers/agent";
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, signIn, signInRequest, signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import {
  agentOn,
  createScratchDatabase,
  postgresAdminUrl,
  type ScratchDatabase,
  type ServerGroup,
  startServerProcesses,
} from "../helpers/scale";
import type { ServerProcess } from "../helpers/server-process";

/**
 * Two real server processes (A and B) on one PostgreSQL database with one AUTH_SECRET, as behind a load
 * balancer: whatever one process knows, the other must know too, because all of it is in the database. Every
 * check here would fail if sessions, the chat-send limit or the failed-sign-in lock were kept per process.
 */

const skipReason = postgresAdminUrl ? undefined : "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)";
if (skipReason) console.log(`two-process tests skipped: ${skipReason}`);

const SEND_LIMIT = 3;
const FAILED_SIGN_IN_MAX = 2;

let fake: FakeModelServer;
let database: ScratchDatabase | undefined;
let group: ServerGroup | undefined;
let a: ServerProcess;
let b: ServerProcess;

/** An operator command (`npm run users`, `npm run prompts`) as a third process on the same database. */
const runCli = (script: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: database?.url ?? "", LOG_LEVEL: "warn" },
  });

/** The same browser session (its cookies as they are now) sent to B. */
const onB = (agentOnA: Agent) => agentOn(b.origin, { sameUserAs: agentOnA });

describe.skipIf(skipReason)("two server processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    // 26 tokens over about half a second: the reply still streams in pieces after the first token is held for
    // the user's message to commit (tokens that arrive meanwhile leave together), even on a loaded machine.
    fake = await startFakeModel({ tokenDelayMs: 20 });
    database = await createScratchDatabase("two_processes");
    group = await startServerProcesses(2, {
      DATABASE_URL: database.url,
      // The one public address both serve (as behind a proxy); only compared with each request's Origin here.
      PUBLIC_URL: "http://localhost:3000",
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: "test-key",
      RATE_LIMITS: "on",
      CHAT_RATE_LIMIT_PER_USER: String(SEND_LIMIT),
      FAILED_SIGN_IN_MAX: String(FAILED_SIGN_IN_MAX),
      // Every request comes from 127.0.0.1: the per-address auth limits are not what this file tests.
      SIGN_UP_RATE_LIMIT_MAX: "100",
      SIGN_IN_RATE_LIMIT_MAX: "100",
    });
    [a, b] = group.servers as [ServerProcess, ServerProcess];
  }, 120_000);

  afterAll(async () => {
    await group?.stop();
    await database?.drop();
    await fake?.close();
  });

  it("a session made on A works on B: list chats and stream a reply there; A reads the saved chat", async () => {
    const signedUp = agentOn(a.origin);
    await signUp(signedUp, "alice@example.com");
    // A second session, from a sign-in on A.
    const onA = agentOn(a.origin);
    await signIn(onA, "alice@example.com");
    expect(onA.cookieHeader()).not.toBe(signedUp.cookieHeader());
    const sameOnB = onB(onA);

    const list = await sameOnB.get("/api/chats");
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ chats: [], pinned: [], nextCursor: null });

    const question = "What helps against a sore throat?";
    const sent = await sendMessage(sameOnB, question);
    expect(sent.response.status).toBe(200);
    expect(sent.events.map((e) => e.type)).toEqual(expect.arrayContaining(["start", "delta", "done"]));
    expect(sent.events.filter((e) => e.type === "delta").length).toBeGreaterThan(1);
    expect(sent.replyText).toBe(replyTo(question));
    expect(fake.log.some((record) => record.lastUser === question && record.request.stream)).toBe(true);

    const chats = await onA.get("/api/chats");
    expect((chats.json as { chats: { id: string }[] }).chats.map((chat) => chat.id)).toEqual([sent.chatId]);
    const chat = await onA.get(`/api/chats/${sent.chatId}`);
    expect(chat.status).toBe(200);
    const saved = (chat.body.messages as { sender: string; text: string; status: string }[]).map(({ sender, text, status }) => ({
      sender,
      text,
      status,
    }));
    expect(saved).toEqual([
      { sender: "user", text: question, status: "complete" },
      { sender: "assistant", text: replyTo(question), status: "complete" },
    ]);
  });

  it("signing out on B ends that session on A too; the user's other session stays", async () => {
    const first = agentOn(a.origin);
    await signUp(first, "bea@example.com");
    const onA = agentOn(a.origin);
    await signIn(onA, "bea@example.com");
    expect((await onA.get("/api/chats")).status).toBe(200);

    const signOut = await onB(onA).post("/api/auth/sign-out", {});
    expect(signOut.status).toBe(200);

    // The cookie as the browser had it before signing out, sent again to A (and to B).
    expect((await onA.get("/api/chats")).status).toBe(401);
    expect((await onB(onA).get("/api/chats")).status).toBe(401);
    expect((await first.get("/api/chats")).status).toBe(200);
  });

  it("disabling the user from the command line (a third process) ends their sessions on A and B at once", async () => {
    const onA = agentOn(a.origin);
    await signUp(onA, "dirk@example.com");
    // Cached on both: from here on neither asks the database about this session.
    for (const agent of [onA, onB(onA), onA, onB(onA)]) expect((await agent.get("/api/chats")).status).toBe(200);

    await runCli("users", "disable", "dirk@example.com");
    expect((await onA.get("/api/chats")).status).toBe(401);
    expect((await onB(onA).get("/api/chats")).status).toBe(401);
  }, 60_000);

  it("a prompt changed from the command line is used by the next reply on A and B", async () => {
    const onA = agentOn(a.origin);
    await signUp(onA, "erin@example.com");
    // Both processes have the system prompt in memory.
    for (const agent of [onA, onB(onA)]) expect((await sendMessage(agent, "warm-up question")).response.status).toBe(200);
    const folder = await mkdtemp(join(tmpdir(), "health-chat-prompt-"));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    const file = join(folder, "system.txt");
    await writeFile(file, "You answer in the voice of the command-line prompt.\n");
    await runCli("prompts", "set", "system", file);

    // Another user, as each may send only SEND_LIMIT messages a minute here.
    const fredOnA = agentOn(a.origin);
    await signUp(fredOnA, "fred@example.com");
    for (const [agent, question] of [
      [fredOnA, "question on A after the change"],
      [onB(fredOnA), "question on B after the change"],
    ] as const) {
      expect((await sendMessage(agent, question)).response.status).toBe(200);
      const request = fake.log.find((record) => record.lastUser === question && record.request.stream)?.request;
      expect(request?.messages[0]?.content).toContain("the voice of the command-line prompt");
    }
  }, 60_000);

  it(`shares the chat-send limit: sends alternating between A and B are refused after ${SEND_LIMIT} in all`, async () => {
    const onA = agentOn(a.origin);
    await signUp(onA, "carl@example.com");
    const sameOnB = onB(onA);
    const alternating = [onA, sameOnB, onA, sameOnB, onA];
    const statuses: number[] = [];
    const retryAfters: (string | null)[] = [];
    for (const [i, agent] of alternating.entries()) {
      const { response, events } = await sendMessage(agent, `question ${i + 1}`);
      statuses.push(response.status);
      retryAfters.push(response.headers.get("retry-after"));
      if (response.status === 200) expect(events.at(-1)?.type).toBe("title");
      else expect(response.body.code).toBe("too-many-requests");
    }
    // Per process, A would have allowed 3 of its 3 and B 2 of its 2.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (const retryAfter of retryAfters.slice(SEND_LIMIT)) {
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    }
    // Refused sends saved nothing: three chats, read on either process.
    expect(((await sameOnB.get("/api/chats")).json as { chats: unknown[] }).chats).toHaveLength(SEND_LIMIT);
    expect(((await onA.get("/api/chats")).json as { chats: unknown[] }).chats).toHaveLength(SEND_LIMIT);
  });

  it(`shares the failed-sign-in lock: ${FAILED_SIGN_IN_MAX} failures spread over A and B lock the e-mail on both`, async () => {
    await signUp(agentOn(b.origin), "dora@example.com");
    const browserOnA = agentOn(a.origin);
    const browserOnB = agentOn(b.origin);
    expect((await signInRequest(browserOnA, "dora@example.com", OTHER_GOOD_PASSWORD)).status).toBe(401);
    expect((await signInRequest(browserOnB, "dora@example.com", OTHER_GOOD_PASSWORD)).status).toBe(401);
    // Per process, each would have seen one failure, below the limit, and let the right password in.
    for (const agent of [browserOnA, browserOnB]) {
      const locked = await signInRequest(agent, "dora@example.com", GOOD_PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(agent.cookies.size).toBe(0);
    }
  });
});
