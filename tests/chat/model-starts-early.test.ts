import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Reply from "../../src/server/chat/reply";
import type * as Messages from "../../src/server/db/queries/messages";
import type * as Counters from "../../src/server/db/queries/request-counters";
import { chats, messages } from "../../src/server/db/schema";
import { sendRefusalSchema } from "../../src/shared/schemas/chat";
import type { RequestRecord } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, messageRows, parseEvents, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { postgresAdminUrl } from "../helpers/scratch-database";
import { createTestApp, describeEachDatabase, type TestApp } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

/**
 * Issue 13, item 1, as the security review's items 4 and 5 changed it: the send limits are counted first (one
 * statement), and a refused send asks no model at all; only then is the model asked, while the user's message is
 * saved beside it. Nothing of the reply is shown before the message has committed, and a send that cannot be
 * saved cancels the model request.
 */

// The order in which a send counts its limits and asks the model (the test's own record of the calls). While
// `limitGate.until` is set, counting waits for it.
const steps = vi.hoisted(() => [] as string[]);
const limitGate = vi.hoisted(() => ({ until: undefined as (() => Promise<unknown>) | undefined }));
vi.mock("../../src/server/db/queries/request-counters", async (importOriginal) => {
  const actual = await importOriginal<typeof Counters>();
  return {
    ...actual,
    countRequests: async (input: Parameters<typeof actual.countRequests>[0]) => {
      steps.push("limit counting");
      await limitGate.until?.();
      const states = await actual.countRequests(input);
      steps.push("limit counted");
      return states;
    },
  };
});
vi.mock("../../src/server/chat/reply", async (importOriginal) => {
  const actual = await importOriginal<typeof Reply>();
  return {
    ...actual,
    requestReply: (...args: Parameters<typeof actual.requestReply>) => {
      steps.push("model asked");
      return actual.requestReply(...args);
    },
  };
});

// While `gate.until` is set, saving a user message waits for it: a test makes it wait until the model has the
// request, so that a failed save always comes after the request went out.
const gate = vi.hoisted(() => ({ until: undefined as (() => Promise<unknown>) | undefined }));
vi.mock("../../src/server/db/queries/messages", async (importOriginal) => {
  const actual = await importOriginal<typeof Messages>();
  return {
    ...actual,
    appendMessage: async (input: Parameters<typeof actual.appendMessage>[0]) => {
      if (input.message.sender === "user") await gate.until?.();
      return actual.appendMessage(input);
    },
    createChatWithMessage: async (input: Parameters<typeof actual.createChatWithMessage>[0]) => {
      await gate.until?.();
      return actual.createChatWithMessage(input);
    },
  };
});

const model = fakeModelForFile({ tokenDelayMs: 2 });
const EMERGENCY = "I have crushing chest pain spreading to my left arm";

afterEach(() => {
  gate.until = undefined;
  limitGate.until = undefined;
  steps.length = 0;
  model().clearQueue();
});

/** The model's record of the reply request for `text`, once it has arrived. */
const replyRequestFor = (text: string) =>
  waitFor(`the model to be asked about "${text}"`, () => model().log.find((record) => record.lastUser === text));

/** Waits until the model's connection for `record` has closed, and says whether its response was sent whole. */
async function closedWhole(record: RequestRecord) {
  await waitFor("the model request to end", () => record.closedAt !== undefined);
  return record.completed;
}

/** A trigger that refuses to store a message whose text holds `marker` (a database that fails the save). */
async function failSavesOf(t: TestApp, marker: string) {
  await t.db.execute(
    sql.raw(`create function refuse_marked_message() returns trigger language plpgsql as $$
      begin
        if new.text like '%${marker}%' then raise exception 'refused by the test'; end if;
        return new;
      end $$`),
  );
  await t.db.execute(
    sql.raw("create trigger refuse_marked_message before insert on messages for each row execute function refuse_marked_message()"),
  );
}

/** Every request the model has seen: replies, titles and emergency checks. */
const modelRequests = () => model().log.length + model().classifications.length;

describeEachDatabase("the model is asked after the send limit, beside saving the user's message", ({ createApp }) => {
  it("sends refused by the rate limit ask the model nothing, answer 429 with the verdict and save nothing", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, LLM_MAX_RETRIES: "0", CHAT_RATE_LIMIT_PER_USER: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "hello");
    expect(first.response.status).toBe(200);

    // The first send's reply, title and emergency check are done: its stream ends only after them.
    // As on a server whose limit statement takes longer than a request takes to reach the model: a model request
    // already under way when the limit is counted (the old order) reaches the model before the refusal.
    let logged = 0;
    limitGate.until = async () => {
      if (steps.includes("model asked")) await waitFor("the model request under way", () => model().log.length > logged);
    };
    const before = modelRequests();
    let asked = 0;
    for (let i = 0; i < 10; i++) {
      steps.length = 0;
      logged = model().log.length;
      const refused = (await sendMessage(alice, `${EMERGENCY} ${i}`, i % 2 ? { chatId: first.chatId } : {})).response;
      if (steps.includes("model asked")) asked++;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(sendRefusalSchema.parse(refused.json)).toMatchObject({ code: "too-many-requests", redFlags: ["cardiac"] });
    }
    expect(modelRequests() - before).toBe(0);
    expect(asked).toBe(0);
    expect(await t.db.select().from(messages)).toHaveLength(2);
  });

  it("a regenerate refused by the rate limit asks the model nothing and keeps the reply it would replace", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, LLM_MAX_RETRIES: "0", CHAT_RATE_LIMIT_PER_USER: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const sent = await sendMessage(alice, "regenerate me");
    const before = await messageRows(t.db, sent.chatId);

    const requestsBefore = modelRequests();
    const logged = model().log.length;
    limitGate.until = async () => {
      if (steps.includes("model asked")) await waitFor("the model request under way", () => model().log.length > logged);
    };
    steps.length = 0;
    const refused = await alice.post(`/api/chats/${sent.chatId}/regenerate`, { language: "en" });
    expect(refused.status).toBe(429);
    expect(refused.body).not.toHaveProperty("redFlags");
    expect(modelRequests() - requestsBefore).toBe(0);
    expect(steps).toEqual(["limit counting", "limit counted"]);
    expect(await messageRows(t.db, sent.chatId)).toEqual(before);
  });

  it("the model is asked only once the limit statement has counted the send, for a send and a regenerate", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const sent = await sendMessage(alice, "first question");
    expect(sent.response.status).toBe(200);
    expect(steps).toEqual(["limit counting", "limit counted", "model asked"]);
    steps.length = 0;
    expect((await alice.post(`/api/chats/${sent.chatId}/regenerate`, { language: "en" })).status).toBe(200);
    expect(steps).toEqual(["limit counting", "limit counted", "model asked"]);
  });

  it("a save that fails cancels the model request and answers an error; no chat is left half made", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, LLM_MAX_RETRIES: "0" });
    await failSavesOf(t, "#refused-save");
    const alice = t.client();
    await signUp(alice, "alice@example.com");

    const text = "my symptoms #refused-save";
    model().queue({ kind: "hang" }, { when: text });
    gate.until = () => replyRequestFor(text);
    const failed = await alice.post("/api/chats/messages", { text, language: "en" });
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe("internal");
    expect(await closedWhole(await replyRequestFor(text))).toBe(false);
    expect(await t.db.select().from(chats)).toEqual([]);

    // The same failure on an existing chat leaves the chat as it was.
    gate.until = undefined;
    const sent = await sendMessage(alice, "a first question");
    model().queue({ kind: "hang" }, { when: "again #refused-save" });
    gate.until = () => replyRequestFor("again #refused-save");
    const again = await alice.post("/api/chats/messages", { text: "again #refused-save", language: "en", chatId: sent.chatId });
    expect(again.status).toBe(500);
    expect(await closedWhole(await replyRequestFor("again #refused-save"))).toBe(false);
    expect((await messageRows(t.db, sent.chatId)).map((row) => row.sender)).toEqual(["user", "assistant"]);
  });

  it("someone else's chat is refused before the model is asked", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const alice = t.client();
    const mallory = t.client();
    await signUp(alice, "alice@example.com");
    await signUp(mallory, "mallory@example.com");
    const sent = await sendMessage(alice, "private question");
    const requestsBefore = model().log.length;
    expect((await mallory.post("/api/chats/messages", { chatId: sent.chatId, text: "injected", language: "en" })).status).toBe(404);
    expect((await mallory.post(`/api/chats/${sent.chatId}/regenerate`, { language: "en" })).status).toBe(404);
    expect(model().log.slice(requestsBefore)).toEqual([]);
  });

  it("an existing chat's history goes to the model with the new message last", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "first question");
    const second = await sendMessage(alice, "second question", { chatId: first.chatId });
    expect(eventOf(second.events, "done")).toBeDefined();
    const asked = await replyRequestFor("second question");
    expect(asked.request.messages.map((message) => [message.role, message.content])).toEqual([
      ["system", expect.any(String)],
      ["user", "first question"],
      ["assistant", first.replyText],
      ["user", "second question"],
    ]);
  });
});

// PostgreSQL only: holding one statement back needs a second connection (PGlite has one, shared by every query).
(postgresAdminUrl ? describe : describe.skip)("the model request goes out before the save commits [postgres]", () => {
  it("the model is asked while the insert of the user's message waits; the reply starts only once it has committed", async () => {
    const t = await createTestApp({ OPENAI_BASE_URL: model().url }, { kind: "postgres" });
    try {
      // Every message insert first takes an advisory lock that the test holds: the save cannot commit until the
      // test lets it, which it does only once the model has the request (the old order, save first, never gets there).
      await t.db.execute(
        sql.raw(`create function hold_message_insert() returns trigger language plpgsql as $$
          begin perform pg_advisory_xact_lock(4242); return new; end $$`),
      );
      await t.db.execute(
        sql.raw("create trigger hold_message_insert before insert on messages for each row execute function hold_message_insert()"),
      );
      const alice = t.client();
      await signUp(alice, "alice@example.com");
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      try {
        await holder.query("select pg_advisory_lock(4242)");
        let answered = false;
        const sending = sendMessage(alice, "what helps with a sore throat?").then((result) => {
          answered = true;
          return result;
        });
        const asked = await replyRequestFor("what helps with a sore throat?");
        expect(await t.db.select().from(messages)).toEqual([]);
        expect(answered).toBe(false);

        await holder.query("select pg_advisory_unlock(4242)");
        const sent = await sending;
        expect(sent.response.status).toBe(200);
        expect(sent.events[0]?.type).toBe("start");
        expect(eventOf(sent.events, "start")?.userMessage?.text).toBe("what helps with a sore throat?");
        expect(eventOf(sent.events, "done")?.message.text).toBe(sent.replyText);
        expect(await closedWhole(asked)).toBe(true);
        expect((await messageRows(t.db, sent.chatId)).map((row) => row.sender)).toEqual(["user", "assistant"]);
        expect(parseEvents(sent.response.text).filter((event) => event.type === "delta").length).toBeGreaterThan(0);
      } finally {
        await holder.end();
      }
    } finally {
      await t.close();
    }
  });
});
