import { expect, it } from "vitest";
import type { ChatDetail, ChatMessage } from "../../src/shared/schemas/chat";
import { replyTo } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { eventOf, messageRows, parseEvents, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase, TEST_ORIGIN } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

const model = fakeModelForFile({ tokenDelayMs: 0 });
const EMERGENCY = "I have crushing chest pain and I can't breathe";

describeEachDatabase("answer versions: regenerate and edit", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, LLM_MAX_RETRIES: "0" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const shown = async (chatId: string | undefined) => (await alice.get(`/api/chats/${chatId}`)).json as ChatDetail;
    const regenerate = async (chatId: string | undefined) =>
      parseEvents((await alice.post(`/api/chats/${chatId}/regenerate`, { language: "en" })).text);
    const edit = (chatId: string | undefined, body: { messageId: string; text: string; language?: "en" | "de" }) =>
      alice.post(`/api/chats/${chatId}/edit`, { language: "en", ...body });
    return { t, alice, shown, regenerate, edit };
  };
  const summary = (versions: ChatMessage["versions"]) => versions?.map((v) => [v.question.text, v.answer.text]);

  it("Regenerate keeps the earlier answer as a version, each with its own rating", async () => {
    const { t, alice, shown, regenerate } = await setup();
    model().queue({ kind: "reply", text: "first answer" });
    const sent = await sendMessage(alice, "Is coffee bad for me?");
    const first = eventOf(sent.events, "done")?.message;
    expect((await alice.put(`/api/messages/${first?.id}/feedback`, { kind: "dislike" })).status).toBe(200);

    model().queue({ kind: "reply", text: "second answer" });
    const done = eventOf(await regenerate(sent.chatId), "done")?.message;
    expect(summary(done?.versions)).toEqual([
      ["Is coffee bad for me?", "first answer"],
      ["Is coffee bad for me?", "second answer"],
    ]);
    expect(done?.versions?.map((v) => v.answer.feedback)).toEqual(["dislike", null]);
    expect((await alice.put(`/api/messages/${done?.id}/feedback`, { kind: "like" })).status).toBe(200);

    const chat = await shown(sent.chatId);
    // The conversation shows one answer (the newest); the earlier one is only among its versions.
    expect(chat.messages.map((m) => [m.position, m.sender, m.text])).toEqual([
      [0, "user", "Is coffee bad for me?"],
      [1, "assistant", "second answer"],
    ]);
    expect(chat.messages[1]?.versions?.map((v) => [v.answer.text, v.answer.feedback])).toEqual([
      ["first answer", "dislike"],
      ["second answer", "like"],
    ]);
    const rows = await messageRows(t.db, sent.chatId);
    expect(rows.map((r) => [r.position, r.sender, r.supersededAt !== null])).toEqual([
      [0, "user", false],
      [1, "assistant", true],
      [1, "assistant", false],
    ]);

    // The next prompt reads only the current answer.
    model().requests.length = 0;
    await sendMessage(alice, "And tea?", { chatId: sent.chatId });
    const prompt = JSON.stringify(model().requests[0]?.messages);
    expect(prompt).toContain("second answer");
    expect(prompt).not.toContain("first answer");
    expect((await shown(sent.chatId)).messages.map((m) => m.position)).toEqual([0, 1, 2, 3]);
  });

  it("Retry after a failed reply replaces it: an error is not kept as a version", async () => {
    const { t, alice, regenerate } = await setup();
    model().queue({ kind: "status", status: 502 });
    const sent = await sendMessage(alice, "retry me");
    const done = eventOf(await regenerate(sent.chatId), "done")?.message;
    expect(done?.text).toBe(replyTo("retry me"));
    expect(done?.versions).toBeUndefined();
    expect((await messageRows(t.db, sent.chatId)).map((r) => r.status)).toEqual(["complete", "complete"]);
  });

  it("a regenerate stopped before its first word gives the earlier answer back", async () => {
    const { t, alice, shown } = await setup();
    model().queue({ kind: "reply", text: "the only answer" });
    const sent = await sendMessage(alice, "Is walking good exercise?");
    model().queue({ kind: "stall", afterTokens: 0 });
    const response = await t.request(`/api/chats/${sent.chatId}/regenerate`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie: alice.cookieHeader() },
      body: JSON.stringify({ language: "en" }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes('"start"')) received += decoder.decode((await reader.read()).value, { stream: true });
    await reader.cancel();
    const restored = await waitFor("the earlier answer to be current again", async () => {
      const rows = await messageRows(t.db, sent.chatId);
      return rows.find((r) => r.sender === "assistant" && r.supersededAt === null);
    });
    expect(restored.text).toBe("the only answer");
    expect((await shown(sent.chatId)).messages.map((m) => m.text)).toEqual(["Is walking good exercise?", "the only answer"]);
  });

  it("Edit replaces the last question; the old question and its answers stay browsable", async () => {
    const { t, alice, shown, regenerate, edit } = await setup();
    model().queue({ kind: "reply", text: "about coffee" });
    const sent = await sendMessage(alice, "Is coffee bad?");
    model().queue({ kind: "reply", text: "about coffee again" });
    await regenerate(sent.chatId);
    const question = eventOf(sent.events, "start")?.userMessage;

    model().requests.length = 0;
    model().queue({ kind: "reply", text: "about green tea" });
    const edited = await edit(sent.chatId, { messageId: question?.id ?? "", text: "Is green tea bad?" });
    expect(edited.status).toBe(200);
    const events = parseEvents(edited.text);
    expect(eventOf(events, "start")?.userMessage).toMatchObject({ text: "Is green tea bad?", position: 0 });
    const prompt = JSON.stringify(model().requests[0]?.messages);
    expect(prompt).toContain("Is green tea bad?");
    expect(prompt).not.toContain("Is coffee bad?");
    expect(summary(eventOf(events, "done")?.message.versions)).toEqual([
      ["Is coffee bad?", "about coffee"],
      ["Is coffee bad?", "about coffee again"],
      ["Is green tea bad?", "about green tea"],
    ]);

    const chat = await shown(sent.chatId);
    expect(chat.messages.map((m) => m.text)).toEqual(["Is green tea bad?", "about green tea"]);
    expect(summary(chat.messages[1]?.versions)).toHaveLength(3);
    expect((await messageRows(t.db, sent.chatId)).filter((r) => r.supersededAt === null).map((r) => r.text)).toEqual([
      "Is green tea bad?",
      "about green tea",
    ]);
  });

  it("runs the red-flag check on an edited question exactly as on a new one", async () => {
    const { t, alice, edit } = await setup();
    const sent = await sendMessage(alice, "I feel a bit tired");
    const question = eventOf(sent.events, "start")?.userMessage;
    const edited = await edit(sent.chatId, { messageId: question?.id ?? "", text: EMERGENCY });
    expect(eventOf(parseEvents(edited.text), "start")?.userMessage?.redFlags).toEqual(["cardiac", "breathing"]);
    const current = (await messageRows(t.db, sent.chatId)).find((r) => r.sender === "user" && r.supersededAt === null);
    expect(current?.redFlags).toEqual(["cardiac", "breathing"]);
    expect(current?.language).toBe("en");
  });

  it("refuses an edit of a question that is not the chat's last", async () => {
    const { alice, shown, edit } = await setup();
    const sent = await sendMessage(alice, "first question");
    const firstQuestion = eventOf(sent.events, "start")?.userMessage?.id ?? "";
    await sendMessage(alice, "second question", { chatId: sent.chatId });
    const before = await shown(sent.chatId);
    const refused = await edit(sent.chatId, { messageId: firstQuestion, text: "changed" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("bad-request");
    expect(await shown(sent.chatId)).toEqual(before);
  });

  it("an edit refused by the send limit keeps everything and still carries the rules' verdict", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, CHAT_RATE_LIMIT_PER_USER: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const sent = await sendMessage(alice, "a question");
    const question = eventOf(sent.events, "start")?.userMessage?.id ?? "";
    const refused = await alice.post(`/api/chats/${sent.chatId}/edit`, { messageId: question, text: EMERGENCY, language: "en" });
    expect(refused.status).toBe(429);
    expect(refused.body.redFlags).toEqual(["cardiac", "breathing"]);
    expect((await messageRows(t.db, sent.chatId)).map((r) => r.text)).toEqual(["a question", replyTo("a question")]);
  });

  it("'Download my data' and the research exports carry every version; deleting the chat removes them", async () => {
    const { t, alice, regenerate, edit } = await setup();
    const sent = await sendMessage(alice, "old question");
    await regenerate(sent.chatId);
    const question = eventOf(sent.events, "start")?.userMessage?.id ?? "";
    await edit(sent.chatId, { messageId: question, text: "new question" });
    const download = (await alice.get("/api/account/export")).json as {
      chats: { messages: { text: string; questionId: string | null; supersededAt: string | null }[] }[];
    };
    const exported = download.chats[0]?.messages ?? [];
    expect(exported).toHaveLength(5);
    expect(exported.filter((m) => m.supersededAt !== null).map((m) => m.text)).toEqual([
      "old question",
      replyTo("old question"),
      replyTo("old question"),
    ]);
    const old = exported.find((m) => m.text === "old question") as unknown as { id: string };
    expect(exported.filter((m) => m.questionId === old.id)).toHaveLength(2);

    const { researchExport } = await import("../../src/server/research/exports");
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: today, to: today };
    const lines = (await researchExport({ db: t.db, kind: "chats", range, format: "jsonl" })).trim().split("\n");
    const rows = lines.map(
      (line) => JSON.parse(line) as { position: number; sender: string; version: number; supersededAt: string | null },
    );
    expect(rows.map((r) => [r.position, r.sender, r.version, r.supersededAt !== null])).toEqual([
      [0, "user", 1, true],
      [0, "user", 2, false],
      [1, "assistant", 1, true],
      [1, "assistant", 2, true],
      [1, "assistant", 3, false],
    ]);

    expect((await alice.delete(`/api/chats/${sent.chatId}`)).status).toBe(200);
    expect(await messageRows(t.db, sent.chatId)).toEqual([]);
  });
});
