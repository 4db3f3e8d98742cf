import { expect, it } from "vitest";
import { sendRefusalSchema } from "../../src/shared/schemas/chat";
import type { Agent } from "../helpers/agent";
import { signUp } from "../helpers/auth";
import { messageRows, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

const model = fakeModelForFile({ tokenDelayMs: 5 });

/** Sends a message whose reply stays live (the model stalls) until the returned reader is cancelled. */
async function openLiveReply(t: TestApp, agent: Agent, text: string) {
  model().queue({ kind: "stall", afterTokens: 2 }, { when: text });
  const response = await t.request("/api/chats/messages", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie: agent.cookieHeader() },
    body: JSON.stringify({ text, language: "en" }),
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let received = "";
  while (!received.includes('"delta"')) received += new TextDecoder().decode((await reader.read()).value);
  return reader;
}

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
    const open = await Promise.all(["first", "second"].map((text) => openLiveReply(t, alice, text)));

    const refused = await sendMessage(alice, "a third chat while two are live");
    expect(refused.response.status).toBe(429);
    expect(refused.response.body.code).toBe("server-busy");
    expect(refused.response.headers.get("retry-after")).toBe("7");
    expect(refused.chatId).toBeUndefined();
    const { chats } = (await alice.get("/api/chats")).json as { chats: { id: string }[] };
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
    const t = await createApp({ OPENAI_BASE_URL: model().url, MAX_LIVE_CHATS: "1", MAX_LIVE_CHATS_PER_USER: "1", RATE_LIMITS: "off" });
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

  it("one user past MAX_LIVE_CHATS_PER_USER gets 429 too-many-live-replies before anything is saved; others go on", async () => {
    const t = await createApp({
      OPENAI_BASE_URL: model().url,
      MAX_LIVE_CHATS: "100",
      MAX_LIVE_CHATS_PER_USER: "2",
      LIVE_CHATS_RETRY_AFTER_SECONDS: "4",
      RATE_LIMITS: "off",
    });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const open = [await openLiveReply(t, alice, "alice first"), await openLiveReply(t, alice, "alice second")];

    // A second tab of the same account is the same user.
    const secondTab = t.client();
    for (const [name, value] of alice.cookies) secondTab.cookies.set(name, value);
    const refused = await sendMessage(secondTab, "I have chest pain, a third chat while two are live");
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("4");
    expect(sendRefusalSchema.parse(refused.response.json)).toMatchObject({ code: "too-many-live-replies", redFlags: ["cardiac"] });
    const { chats } = (await alice.get("/api/chats")).json as { chats: { id: string }[] };
    expect(chats).toHaveLength(2);
    const regenerate = await alice.post(`/api/chats/${chats[0]?.id}/regenerate`, { language: "en" });
    expect(regenerate.status).toBe(429);
    expect(regenerate.body.code).toBe("too-many-live-replies");

    // Another user is not held back by Alice's replies.
    const bobs = await openLiveReply(t, bob, "bob while alice is at her limit");

    await open[0]?.cancel();
    await waitFor("alice's stopped reply to be saved", async () => {
      const rows = await Promise.all(chats.map((chat) => messageRows(t.db, chat.id)));
      return rows.flat().some((row) => row.sender === "assistant");
    });
    expect((await sendMessage(alice, "now there is room for one more")).response.status).toBe(200);
    await Promise.all([open[1]?.cancel(), bobs.cancel()]);
  });
});
