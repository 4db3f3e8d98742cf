import { expect, it } from "vitest";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

describeEachDatabase("chat sends are rate limited per user, in the database", ({ createApp }) => {
  it("refuses the send past the limit with 429 and Retry-After, for every server process", async () => {
    const t = await createApp({ CHAT_RATE_LIMIT_PER_USER: "2" });
    const second = await createApp({ CHAT_RATE_LIMIT_PER_USER: "2" }, { shareDatabaseWith: t });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await sendMessage(alice, "one")).response.status).toBe(200);
    expect((await sendMessage(alice, "two")).response.status).toBe(200);

    const aliceElsewhere = second.client();
    for (const [name, value] of alice.cookies) aliceElsewhere.cookies.set(name, value);
    const refused = (await sendMessage(aliceElsewhere, "three")).response;
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("too-many-requests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const bob = t.client();
    await signUp(bob, "bob@example.com");
    expect((await sendMessage(bob, "my own limit")).response.status).toBe(200);
  });

  it("RATE_LIMITS=off turns the limit off", async () => {
    const t = await createApp({ CHAT_RATE_LIMIT_PER_USER: "1", RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    for (const text of ["one", "two", "three"]) expect((await sendMessage(alice, text)).response.status).toBe(200);
  });
  it("also limits per address: two accounts behind one address share its limit", async () => {
    const t = await createApp({ CHAT_RATE_LIMIT_PER_IP: "2", TRUST_PROXY: "true" });
    const viaProxy = { headers: { "x-forwarded-for": "203.0.113.7" } };
    const alice = t.client();
    const bob = t.client();
    await signUp(alice, "alice@example.com");
    await signUp(bob, "bob@example.com");
    const send = (agent: typeof alice, headers = viaProxy.headers) =>
      agent.post("/api/chats/messages", { text: "hello", language: "en" }, { headers });
    expect((await send(alice)).status).toBe(200);
    expect((await send(bob)).status).toBe(200);
    const refused = await send(bob);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("too-many-requests");
    expect((await send(bob, { "x-forwarded-for": "198.51.100.9" })).status).toBe(200);
  });
});
