import { afterAll, beforeAll, expect, it } from "vitest";
import { appendMessage, ChatGoneError } from "../../src/server/db/queries/messages";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { signUp, signUpRequest } from "../helpers/auth";
import { describeEachDatabase, TEST_ORIGIN } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

const EMAIL = "worried.parent@example.com";
const SYMPTOM = "my daughter has had a fever of 39.5 and a stiff neck since this morning";
const anyEmail = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
type LogLine = { level: string; message: string; chatId?: string; error?: Record<string, unknown> };
const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as LogLine);

describeEachDatabase("health text and e-mail addresses stay out of the log", ({ createApp }) => {
  // The reply quotes the question (tests/fake-model), so a failed save of it would be a query whose parameters
  // hold the user's words (Drizzle's error message carries them). A chat deleted while its reply is written is no
  // failure: the reply is dropped, with one line at info level naming only the chat.
  for (const ending of ["runs to its end", "is stopped"] as const) {
    it(`a chat deleted while its reply streams, and the reply ${ending}: the reply is dropped, logged by chat id only, no error`, async () => {
      const lines: string[] = [];
      const t = await createApp({ OPENAI_BASE_URL: fake.url, LOG_LEVEL: "debug" }, { logLines: lines });
      const alice = t.client();
      await signUp(alice, EMAIL);
      fake.queue({ kind: "reply", delayMs: 40 });

      const response = await t.request("/api/chats/messages", {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie: alice.cookieHeader() },
        body: JSON.stringify({ text: SYMPTOM, language: "en" }),
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let received = "";
      while ((received.match(/"delta"/g) ?? []).length < 3) received += decoder.decode((await reader.read()).value, { stream: true });
      const chatId = received.match(/"chatId":"([^"]+)"/)?.[1];
      expect((await alice.delete(`/api/chats/${chatId}`)).status).toBe(200);
      if (ending === "is stopped") await reader.cancel();
      else
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          received += decoder.decode(chunk.value, { stream: true });

      const dropped = await waitFor("the dropped reply in the log", () =>
        parse(lines).find((line) => line.message === "reply dropped: its chat was deleted"),
      );
      expect(dropped).toEqual({ level: "info", time: expect.any(String), message: dropped.message, chatId, requestId: expect.any(String) });
      // No "done" (there is no saved reply to send), and nothing at warn or error level.
      expect(received).not.toContain('"type":"done"');
      expect(parse(lines).filter((line) => line.level === "error" || /reply|stream|chat/.test(line.message))).toEqual([dropped]);
      expect((await alice.get(`/api/chats/${chatId}`)).status).toBe(404);
      const log = lines.join("\n");
      expect(log).toContain('"level":"debug"');
      for (const words of [SYMPTOM, "stiff neck", "Failed query", "params:"]) expect(log).not.toContain(words);
      expect(log).not.toMatch(anyEmail);
    });
  }

  it("a message for a chat that is gone is refused with ChatGoneError, which names no text", async () => {
    const t = await createApp();
    const appended = appendMessage({ db: t.db, message: { chatId: crypto.randomUUID(), sender: "user", text: SYMPTOM } });
    await expect(appended).rejects.toBeInstanceOf(ChatGoneError);
    await expect(appended).rejects.not.toHaveProperty("message", expect.stringContaining("stiff neck"));
  });

  it("better-auth's own lines keep their meaning but lose the e-mail address", async () => {
    const lines: string[] = [];
    const t = await createApp({ LOG_LEVEL: "info" }, { logLines: lines });
    await signUp(t.client(), EMAIL);
    // better-auth logs a sign-up for a taken address at info level, with the address in the message.
    await signUpRequest(t.client(), EMAIL);

    const attempt = await waitFor("better-auth's line about the taken address", () =>
      parse(lines).find((line) => line.message.startsWith("better-auth: Sign-up attempt for existing email")),
    );
    expect(attempt.message).toBe("better-auth: Sign-up attempt for existing email: [e-mail]");
    expect(lines.join("\n")).not.toMatch(anyEmail);
  });
});
