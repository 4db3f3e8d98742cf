import { expect, it, vi } from "vitest";
import type * as RedFlags from "../../src/server/safety/red-flags";
import { sendRefusalSchema } from "../../src/shared/schemas/chat";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

// Every call of the rules, to see the language they were given (the classifier itself is not replaced).
const rulesCalls = vi.hoisted(() => [] as { text: string; language: string | undefined }[]);
vi.mock("../../src/server/safety/red-flags", async (importOriginal) => {
  const actual = await importOriginal<typeof RedFlags>();
  return {
    ...actual,
    classifyRedFlags: (text: string, language?: Parameters<typeof actual.classifyRedFlags>[1]) => {
      rulesCalls.push({ text, language });
      return actual.classifyRedFlags(text, language);
    },
  };
});

const model = fakeModelForFile({ tokenDelayMs: 5 });
const EMERGENCY = "I have crushing chest pain spreading to my left arm";

describeEachDatabase("a refused send still carries the emergency check of its text", ({ createApp }) => {
  it("past the send limit: 429 too-many-requests with the rules' verdict, in the message's language; nothing saved", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, CHAT_RATE_LIMIT_PER_USER: "1" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await sendMessage(alice, "hello")).response.status).toBe(200);

    const refused = (await sendMessage(alice, EMERGENCY)).response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(sendRefusalSchema.parse(refused.json)).toEqual({
      code: "too-many-requests",
      message: expect.any(String),
      redFlags: ["cardiac"],
    });
    expect(rulesCalls.at(-1)).toEqual({ text: EMERGENCY, language: "en" });

    const german = (await sendMessage(alice, "Ich will nicht mehr leben", { language: "de" })).response;
    expect(german.body).toMatchObject({ code: "too-many-requests", redFlags: ["self-harm"] });
    expect(rulesCalls.at(-1)).toEqual({ text: "Ich will nicht mehr leben", language: "de" });
    expect((await sendMessage(alice, "just a cold")).response.body).toMatchObject({ code: "too-many-requests", redFlags: [] });

    // The body is read once, before the limits: a bad one is a 400, whatever the limit says.
    expect((await alice.post("/api/chats/messages", { text: "", language: "en" })).status).toBe(400);
    expect(((await alice.get("/api/chats")).json as { chats: unknown[] }).chats).toHaveLength(1);
  });

  it("at the live-chat cap: 429 server-busy with the verdict; a refused regenerate has none", async () => {
    const t = await createApp({ OPENAI_BASE_URL: model().url, MAX_LIVE_CHATS: "1", RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    // One reply that stays live until its reader lets go.
    model().queue({ kind: "stall", afterTokens: 2 });
    const live = await t.request("/api/chats/messages", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie: alice.cookieHeader() },
      body: JSON.stringify({ text: "first", language: "en" }),
    });
    const reader = (live.body as ReadableStream<Uint8Array>).getReader();
    let received = "";
    while (!received.includes('"delta"')) received += new TextDecoder().decode((await reader.read()).value);
    const chatId = received.match(/"chatId":"([0-9a-f-]{36})"/)?.[1];

    const refused = (await sendMessage(alice, EMERGENCY, { chatId })).response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(sendRefusalSchema.parse(refused.json)).toMatchObject({ code: "server-busy", redFlags: ["cardiac"] });
    expect(rulesCalls.at(-1)).toEqual({ text: EMERGENCY, language: "en" });

    const regenerate = await alice.post(`/api/chats/${chatId}/regenerate`, { language: "en" });
    expect(regenerate.status).toBe(429);
    expect(regenerate.body.code).toBe("server-busy");
    expect(regenerate.body).not.toHaveProperty("redFlags");
    await reader.cancel();
  });
});
