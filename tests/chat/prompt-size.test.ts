import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { getOwnedPromptHistory } from "../../src/server/db/queries/messages";
import { messages } from "../../src/server/db/schema";
import type * as Redaction from "../../src/server/safety/redact";
import { signUp, userIdOf } from "../helpers/auth";
import { messageRows, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

/**
 * Security review, item 5: every send read the whole chat and redacted every earlier message again, on the main
 * thread, so a long chat blocked the event loop and its prompt grew past the model's context. Now the prompt
 * holds the system prompt and the newest turns within MAX_PROMPT_TOKENS, read with a bounded query, and each
 * message is redacted once.
 */

// Every text the chat redacts, in order (the redaction itself is unchanged).
const redacted = vi.hoisted(() => [] as string[]);
vi.mock("../../src/server/safety/redact", async (importOriginal) => {
  const actual = await importOriginal<typeof Redaction>();
  return {
    ...actual,
    redactionFor: (env: Parameters<typeof actual.redactionFor>[0]) => {
      const redact = actual.redactionFor(env);
      return (
        redact &&
        ((text: string) => {
          redacted.push(text);
          return redact(text);
        })
      );
    },
  };
});

const model = fakeModelForFile({ tokenDelayMs: 0 });

afterEach(() => {
  redacted.length = 0;
});

/** The documented estimate: characters / 4 rounded up, plus 4 a message. */
const tokensOf = (prompt: { content: string }[]) => prompt.reduce((sum, message) => sum + Math.ceil(message.content.length / 4) + 4, 0);

/** The reply request the model got for the last user message `text`. */
const promptFor = (text: string) => {
  const record = model().log.findLast((entry) => entry.lastUser === text && entry.request.stream);
  if (!record) throw new Error(`the model was not asked about "${text}"`);
  return record.request.messages;
};

const LONG = 2000;
const turnText = (position: number) => `turn ${position} ${"x".repeat(LONG)}`;

describeEachDatabase("the prompt holds the newest turns within MAX_PROMPT_TOKENS", ({ createApp }) => {
  it("a chat of 1,200 long messages sends the system prompt and only its newest turns, read with a bounded query", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "first question");
    const chatId = first.chatId as string;
    // 1,200 more messages of 2,000 characters, saved before redacted texts were stored (as after the upgrade).
    await t.db.execute(sql`insert into messages (chat_id, position, sender, text)
      select ${chatId}::uuid, p, case when p % 2 = 0 then 'user' else 'assistant' end, 'turn ' || p || ' ' || repeat('x', ${LONG}::integer)
      from generate_series(2, 1201) p`);
    redacted.length = 0;

    const sent = await sendMessage(alice, "what now?", { chatId });
    expect(sent.response.status).toBe(200);
    const prompt = promptFor("what now?");
    expect(prompt[0]?.role).toBe("system");
    expect(prompt.at(-1)).toEqual({ role: "user", content: "what now?" });
    expect(tokensOf(prompt)).toBeLessThanOrEqual(6000);
    // The turns in between are the newest stored ones, in order, starting with a user turn; the oldest are dropped.
    const turns = prompt.slice(1, -1);
    expect(turns.length).toBeGreaterThanOrEqual(8);
    const oldest = 1202 - turns.length;
    expect(turns).toEqual(turns.map((_, i) => ({ role: (oldest + i) % 2 === 0 ? "user" : "assistant", content: turnText(oldest + i) })));
    expect(turns[0]?.role).toBe("user");
    expect(JSON.stringify(prompt)).not.toContain("first question");
    // The exchange before them would not have fitted.
    expect(tokensOf([...prompt, { content: turnText(oldest - 1) }, { content: turnText(oldest - 2) }])).toBeGreaterThan(6000);

    // The read stops a few turns past what the prompt holds, not at the 1,200; only what was read was redacted
    // (and the new message and its reply).
    const read = await getOwnedPromptHistory({
      db: t.db,
      userId: await userIdOf(t.db, "alice@example.com"),
      chatId,
      maxTokens: 6000,
      redacted: true,
    });
    expect(read?.length).toBeLessThanOrEqual(turns.length + 5);
    expect(redacted.length).toBeLessThanOrEqual(turns.length + 5 + 2);
    expect(read?.at(-1)?.text).toBe(sent.replyText);
  });

  it("always sends the newest user message, however long; then no earlier turn fits", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, MAX_PROMPT_TOKENS: "500" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "a short first question");
    const long = "Seit Tagen Kopfschmerzen. ".repeat(310).slice(0, 8000).trim();
    expect((await sendMessage(alice, long, { chatId: first.chatId })).response.status).toBe(200);
    const prompt = promptFor(long);
    expect(prompt.map((message) => message.role)).toEqual(["system", "user"]);
    expect(prompt[1]?.content).toBe(long);

    // A short message has room for the turns before it again.
    expect((await sendMessage(alice, "and now?", { chatId: first.chatId })).response.status).toBe(200);
    expect(promptFor("and now?").map((message) => message.role)).toEqual(["system", "user"]);
    const third = await sendMessage(alice, "thanks", { chatId: first.chatId });
    expect(third.response.status).toBe(200);
    expect(promptFor("thanks").map((message) => message.content)).toContain("and now?");
  });
});

describeEachDatabase("each message is redacted once", ({ createApp }) => {
  it("a send redacts its own message and its reply, never the earlier messages again", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "I am anna@example.de, question 1");
    for (let i = 2; i <= 4; i++) await sendMessage(alice, `I am anna@example.de, question ${i}`, { chatId: first.chatId });
    redacted.length = 0;

    const fifth = await sendMessage(alice, "I am anna@example.de, question 5", { chatId: first.chatId });
    expect(fifth.response.status).toBe(200);
    expect(redacted).toEqual(["I am anna@example.de, question 5", fifth.replyText]);
    // What went out is redacted all the same: the stored redacted texts.
    const prompt = promptFor("I am [EMAIL], question 5");
    expect(JSON.stringify(prompt)).not.toContain("anna@example.de");
    expect(prompt.filter((message) => message.role === "user").map((message) => message.content)).toEqual(
      [1, 2, 3, 4, 5].map((i) => `I am [EMAIL], question ${i}`),
    );
  });

  it("messages saved without a redacted text are redacted once when a prompt first needs them, then stored", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "Call me at 0171 1234567");
    const second = await sendMessage(alice, "second", { chatId: first.chatId });
    // As rows saved before the column existed.
    await t.db
      .update(messages)
      .set({ redactedText: null })
      .where(eq(messages.chatId, first.chatId as string));
    redacted.length = 0;

    const third = await sendMessage(alice, "third", { chatId: first.chatId });
    expect(JSON.stringify(promptFor("third"))).not.toContain("0171 1234567");
    expect(redacted).toEqual(["Call me at 0171 1234567", first.replyText, "second", second.replyText, "third", third.replyText]);
    const rows = await messageRows(t.db, first.chatId);
    expect(rows.every((row) => row.redactedText !== null)).toBe(true);
    expect(rows[0]?.redactedText).toBe("Call me at [PHONE]");

    redacted.length = 0;
    const fourth = await sendMessage(alice, "fourth", { chatId: first.chatId });
    expect(redacted).toEqual(["fourth", fourth.replyText]);
  });

  it("a message saved while redaction was off is redacted once it is on", async () => {
    const off = await createApp({ OPENAI_BASE_URL: model().url, REDACT_PERSONAL_DATA: "false" });
    const on = await createApp({ OPENAI_BASE_URL: model().url }, { shareDatabaseWith: off });
    const alice = off.client();
    await signUp(alice, "alice@example.com");
    const first = await sendMessage(alice, "Write to anna@example.de");
    expect(JSON.stringify(promptFor("Write to anna@example.de"))).toContain("anna@example.de");
    expect((await messageRows(off.db, first.chatId))[0]?.redactedText).toBeNull();

    const aliceOn = on.client();
    for (const [name, value] of alice.cookies) aliceOn.cookies.set(name, value);
    expect((await sendMessage(aliceOn, "and then?", { chatId: first.chatId })).response.status).toBe(200);
    const prompt = JSON.stringify(promptFor("and then?"));
    expect(prompt).not.toContain("anna@example.de");
    expect(prompt).toContain("Write to [EMAIL]");
  });
});
