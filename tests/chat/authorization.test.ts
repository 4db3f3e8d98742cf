import { expect, it } from "vitest";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

describeEachDatabase("chats belong to their owner", ({ createApp }) => {
  it("another user's chat, message or feedback is a 404 and nothing changes; anonymous is 401", async () => {
    const t = await createApp();
    const alice = t.client();
    const mallory = t.client();
    await signUp(alice, "alice@example.com");
    await signUp(mallory, "mallory@example.com");
    const sent = await sendMessage(alice, "private symptoms");
    const chatId = sent.chatId as string;
    const replyId = eventOf(sent.events, "done")?.message.id as string;

    expect((await mallory.get(`/api/chats/${chatId}`)).status).toBe(404);
    expect((await mallory.get("/api/chats")).json).toEqual({ chats: [], pinned: [], nextCursor: null });
    expect((await mallory.delete(`/api/chats/${chatId}`)).status).toBe(404);
    expect((await mallory.post("/api/chats/messages", { chatId, text: "injected", language: "en" })).status).toBe(404);
    expect((await mallory.post(`/api/chats/${chatId}/regenerate`, { language: "en" })).status).toBe(404);
    expect((await mallory.put(`/api/messages/${replyId}/feedback`, { kind: "dislike" })).status).toBe(404);
    expect((await mallory.delete("/api/chats")).body.deleted).toBe(0);

    const anonymous = t.client();
    for (const response of [
      await anonymous.get("/api/chats"),
      await anonymous.get(`/api/chats/${chatId}`),
      await anonymous.post("/api/chats/messages", { text: "hi", language: "en" }),
      await anonymous.put(`/api/messages/${replyId}/feedback`, { kind: "like" }),
      await anonymous.delete("/api/chats"),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.code).toBe("unauthorized");
    }

    const chat = await alice.get(`/api/chats/${chatId}`);
    const stored = chat.json as { messages: { text: string; feedback: string | null }[] };
    expect(stored.messages.map((m) => m.text)).toEqual(["private symptoms", sent.replyText]);
    expect(stored.messages[1]?.feedback).toBeNull();
  });

  it("malformed ids and bodies get a 4xx with a JSON error, never a 500", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await alice.get("/api/chats/not-a-uuid")).status).toBe(404);
    expect((await alice.delete("/api/chats/'; drop table chats;--")).status).toBe(404);
    expect((await alice.put("/api/messages/123/feedback", { kind: "like" })).status).toBe(404);
    expect((await alice.post("/api/chats/not-a-uuid/regenerate", { language: "en" })).status).toBe(404);
    for (const body of [
      { text: "", language: "en" },
      { text: "   ", language: "en" },
      { text: "x".repeat(8001), language: "en" },
      { text: "hi", language: "fr" },
      { text: 5, language: "en" },
      { text: "hi", language: "en", extra: 1 },
      { chatId: "nope", text: "hi", language: "en" },
    ]) {
      const response = await alice.post("/api/chats/messages", body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.body.code).toBe("bad-request");
    }
    const malformed = await alice.send("POST", "/api/chats/messages", { rawBody: "{not json" });
    expect(malformed.status).toBe(400);
    expect((await alice.get("/api/chats")).json).toEqual({ chats: [], pinned: [], nextCursor: null });
  });
});
