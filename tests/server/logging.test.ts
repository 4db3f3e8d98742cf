import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describeEachDatabase("structured logs", ({ createApp }) => {
  it("are JSON lines with a level, a time and the id of the request they belong to", async () => {
    const lines: string[] = [];
    const t = await createApp({ OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: "0", LOG_LEVEL: "info" }, { logLines: lines });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    fake.queue({ kind: "status", status: 500 });
    const sent = await sendMessage(alice, "a question that fails upstream");
    const requestId = sent.response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const failure = parse(lines).find((line) => line.message === "model reply failed");
    expect(failure).toMatchObject({ level: "warn", requestId, code: "provider-unavailable" });
    expect(Number.isNaN(Date.parse(String(failure?.time)))).toBe(false);
  });

  it("have one access-log line per request at info: method, route pattern, status, time; no path, query or body", async () => {
    const lines: string[] = [];
    const t = await createApp({ LOG_LEVEL: "info" }, { logLines: lines });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { chatId } = await sendMessage(alice, "a private question about my rash");
    const opened = await alice.get(`/api/chats/${chatId}?before=secret-cursor`);
    const searched = await alice.get("/api/chats?q=secret-search-words");
    const unknown = await alice.get(`/api/nothing-here/${chatId}`);
    const requests = parse(lines).filter((line) => line.message === "request");

    const lineOf = (response: { headers: Headers }) => requests.find((line) => line.requestId === response.headers.get("X-Request-Id"));
    expect(lineOf(opened)).toEqual({
      level: "info",
      time: expect.any(String),
      message: "request",
      requestId: expect.any(String),
      method: "GET",
      route: "/api/chats/:id",
      status: opened.status,
      ms: expect.any(Number),
    });
    expect(lineOf(searched)).toMatchObject({ method: "GET", route: "/api/chats", status: 200 });
    expect(lineOf(unknown)).toMatchObject({ route: "/api/*", status: 404 });
    // better-auth is mounted as one pattern; its fixed paths are named instead.
    expect(requests).toContainEqual(expect.objectContaining({ method: "POST", route: "/api/auth/sign-up/email", status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: "POST", route: "/api/chats/messages", status: 200 }));

    const logged = requests.map((line) => JSON.stringify(line)).join("\n");
    for (const secret of [String(chatId), "secret-cursor", "secret-search-words", "?", "rash", "alice@example.com"]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("leave the access log out above info", async () => {
    const lines: string[] = [];
    const t = await createApp({ LOG_LEVEL: "warn" }, { logLines: lines });
    await t.client().get("/api/password-policy");
    expect(parse(lines).filter((line) => line.message === "request")).toEqual([]);
  });

  it("keep a proxy's request id only behind a trusted proxy, and only when it looks like an id", async () => {
    const trusted = await createApp({ TRUST_PROXY: "true" });
    const untrusted = await createApp({ TRUST_PROXY: "false" });
    const idOf = async (app: typeof trusted, id: string) =>
      (await app.request("/api/password-policy", { headers: { "X-Request-Id": id } })).headers.get("X-Request-Id");

    expect(await idOf(trusted, "proxy-id-12345678")).toBe("proxy-id-12345678");
    expect(await idOf(trusted, "bad id; <script>")).not.toContain("bad id");
    expect(await idOf(untrusted, "proxy-id-12345678")).not.toBe("proxy-id-12345678");
  });
});
