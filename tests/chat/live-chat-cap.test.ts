import { expect, it } from "vitest";
import { signUp } from "../helpers/auth";
import { messageRows, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

const model = fakeModelForFile({ tokenDelayMs: 5 });

describeEachDatabase("past MAX_LIVE_CHATS live replies, new chats get 429 with Retry-After", ({ createApp }) => {
  it("refuses the next send before saving anything, and accepts again once a reply has finished", async () => {
    const t = await createApp({
      OPENAI_BASE_URL: model().url,
      MAX_LIVE_CHATS: "2",
      LIVE_CHATS_RETRY_AFTER_SECONDS: "7",
      RATE_LIMITS: "off",
    });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    // Two replies that stay live until their readers let go.
    model().queue({ kind: "stall", afterTokens: 2 }, { times: 2 });
    const open = await Promise.all(
      ["first", "second"].map(async (text) => {
        const response = await t.request("/api/chats/messages", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie: alice.cookieHeader() },
          body: JSON.stringify({ text, language: "en" }),
        });
        expect(response.status).toBe(200);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        let received = "";
        while (!received.includes('"delta"')) received += new TextDecoder().decode((await reader.read()).value);
        return reader;
      }),
    );

    const refused = await sendMessage(alice, "a third chat while two are live");
    expect(refused.response.status).toBe(429);
    expect(refused.response.body.code).toBe("server-busy");
    expect(refused.response.headers.get("retry-after")).toBe("7");
    expect(refused.chatId).toBeUndefined();
    const chats = (await alice.get("/api/chats")).json as { id: string }[];
    expect(chats).toHaveLength(2);

    // A regenerate is a live reply too.
    const chatId = chats[0]?.id;
    const regenerate = await alice.post(`/api/chats/${chatId}/regenerate`, { language: "en" });
    expect(regenerate.status).toBe(429);

    // Letting one reply go (the browser closed) frees its place once it is saved.
    await open[0]?.cancel();
    await waitFor("the stopped reply to be saved", async () => {
      const rows = await Promise.all(chats.map((chat) => messageRows(t.db, chat.id)));
      return rows.flat().some((row) => row.sender === "assistant");
    });
    const accepted = await sendMessage(alice, "now there is room");
    expect(accepted.response.status).toBe(200);
    await open[1]?.cancel();
  });

  it("a request refused for another reason (unknown chat, bad body) does not keep its place", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, MAX_LIVE_CHATS: "1", RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const unknownChat = await alice.post("/api/chats/messages", {
      chatId: "00000000-0000-4000-8000-000000000000",
      text: "hello",
      language: "en",
    });
    expect(unknownChat.status).toBe(404);
    expect((await alice.post("/api/chats/messages", { text: "", language: "en" })).status).toBe(400);
    for (const text of ["one", "two"]) expect((await sendMessage(alice, text)).response.status).toBe(200);
  });
});
