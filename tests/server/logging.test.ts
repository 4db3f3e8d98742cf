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
