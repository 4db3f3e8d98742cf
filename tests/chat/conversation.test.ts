import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chats, messages } from "../../src/server/db/schema";
import { type FakeModelServer, replyTo, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

describeEachDatabase("a conversation", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    return { t, alice };
  };

  it("creates a chat from the first message, streams the reply and saves both as rows", async () => {
    const { t, alice } = await setup();
    // Paced like a real model, so the reply arrives in pieces (tokens that arrive together leave together).
    fake.queue({ kind: "reply", delayMs: 5 }, { when: "Is coffee bad" });
    const first = await sendMessage(alice, "Is coffee bad for my heart?");
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("content-type")).toContain("text/event-stream");
    expect(first.events.map((e) => e.type)).toEqual(["start", ...Array(first.events.length - 3).fill("delta"), "done", "title"]);
    expect(first.events.filter((e) => e.type === "delta").length).toBeGreaterThan(3);
    expect(first.replyText).toBe(replyTo("Is coffee bad for my heart?"));
    expect(eventOf(first.events, "start")?.userMessage?.text).toBe("Is coffee bad for my heart?");

    const rows = await t.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, first.chatId ?? ""))
      .orderBy(asc(messages.position));
    expect(rows.map((r) => [r.position, r.sender, r.status])).toEqual([
      [0, "user", "complete"],
      [1, "assistant", "complete"],
    ]);
    expect(rows[1]?.text).toBe(first.replyText);
  });

  it("titles the chat after the 1st, 2nd and 4th exchange (message count a power of two)", async () => {
    const { t, alice } = await setup();
    const titled: boolean[] = [];
    let chatId: string | undefined;
    for (let exchange = 1; exchange <= 5; exchange++) {
      const result = await sendMessage(alice, `question number ${exchange}`, { chatId });
      chatId = result.chatId;
      titled.push(Boolean(eventOf(result.events, "title")));
    }
    expect(titled).toEqual([true, true, false, true, false]);
    const [chat] = await t.db
      .select()
      .from(chats)
      .where(eq(chats.id, chatId ?? ""));
    expect(chat?.title).toBe("question number 1");
    const list = await alice.get("/api/chats");
    expect(list.json).toEqual({
      chats: [{ id: chatId, title: "question number 1", updatedAt: expect.any(String), pinned: false }],
      pinned: [],
      nextCursor: null,
    });
  });

  it("sends the stored conversation to the model with the system prompt first", async () => {
    const { alice } = await setup();
    fake.requests.length = 0;
    const first = await sendMessage(alice, "alpha");
    await sendMessage(alice, "beta", { chatId: first.chatId });
    const replies = fake.requests.filter((r) => r.stream);
    const last = replies.at(-1);
    expect(last?.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(last?.messages[0]?.content).toContain("careful health-information assistant");
    expect(last?.messages.slice(1).map((m) => m.content)).toEqual(["alpha", replyTo("alpha"), "beta"]);
  });

  it("lists chats newest first and finds them by title or message text", async () => {
    const { alice } = await setup();
    const older = await sendMessage(alice, "ankle sprain after football");
    const newer = await sendMessage(alice, "trouble sleeping lately");
    const all = ((await alice.get("/api/chats")).json as { chats: { id: string }[] }).chats;
    expect(all.map((c) => c.id)).toEqual([newer.chatId, older.chatId]);
    const found = ((await alice.get("/api/chats?q=FOOTBALL")).json as { chats: { id: string }[] }).chats;
    expect(found.map((c) => c.id)).toEqual([older.chatId]);
    expect((await alice.get("/api/chats?q=%25")).json).toEqual({ chats: [], pinned: [], nextCursor: null });
  });

  it("reopens a saved chat with its messages in order", async () => {
    const { alice } = await setup();
    const first = await sendMessage(alice, "one");
    await sendMessage(alice, "two", { chatId: first.chatId });
    const chat = await alice.get(`/api/chats/${first.chatId}`);
    expect(chat.status).toBe(200);
    const texts = (chat.json as { messages: { text: string; sender: string }[] }).messages.map((m) => `${m.sender}:${m.text.slice(0, 3)}`);
    expect(texts).toEqual(["user:one", "assistant:**F", "user:two", "assistant:**F"]);
  });

  it("toggles like and dislike by message id, as the spec says, and keeps the state", async () => {
    const { alice } = await setup();
    const sent = await sendMessage(alice, "feedback please");
    const replyId = eventOf(sent.events, "done")?.message.id ?? "";
    const userId = eventOf(sent.events, "start")?.userMessage?.id ?? "";
    const put = (kind: string, id = replyId) => alice.put(`/api/messages/${id}/feedback`, { kind });

    expect((await put("like")).body.feedback).toBe("like");
    expect((await put("like")).body.feedback).toBeNull();
    expect((await put("like")).body.feedback).toBe("like");
    expect((await put("dislike")).body.feedback).toBe("dislike");
    const chat = await alice.get(`/api/chats/${sent.chatId}`);
    expect((chat.json as { messages: { feedback: string | null }[] }).messages[1]?.feedback).toBe("dislike");
    expect((await put("like", userId)).status).toBe(404);
    expect((await put("love")).status).toBe(400);
  });

  it("deletes one chat, then all chats, with their messages", async () => {
    const { t, alice } = await setup();
    const a = await sendMessage(alice, "first chat");
    await sendMessage(alice, "second chat");
    expect((await alice.delete(`/api/chats/${a.chatId}`)).status).toBe(200);
    expect((await alice.get(`/api/chats/${a.chatId}`)).status).toBe(404);
    expect(
      await t.db
        .select()
        .from(messages)
        .where(eq(messages.chatId, a.chatId ?? "")),
    ).toEqual([]);
    expect((await alice.delete("/api/chats")).body.deleted).toBe(1);
    expect(await t.db.select().from(chats)).toEqual([]);
    expect(await t.db.select().from(messages)).toEqual([]);
  });
});
