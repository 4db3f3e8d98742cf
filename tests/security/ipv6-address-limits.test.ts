import { expect, it } from "vitest";
import type { Agent } from "../helpers/agent";
import { GOOD_PASSWORD, signInRequest, signUp, signUpRequest } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const EMAIL = "alice@example.com";
const WRONG = "definitely not it";
/** Three addresses in one /64, and one in the next /64. */
const SAME_64 = ["2001:db8:1:2::a", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:DB8:0001:0002:0:0:0:77"];
const NEXT_64 = "2001:db8:1:3::a";

const from = (address: string) => ({ "x-forwarded-for": address });

describeEachDatabase("per-address limits key IPv6 clients by their /64", ({ createApp }) => {
  it("failed sign-ins: addresses in one /64 share a lock, the next /64 does not", async () => {
    const t = await createApp({ TRUST_PROXY: "true", FAILED_SIGN_IN_MAX: "2", FAILED_SIGN_IN_DELAY_AFTER: "100" });
    await signUp(t.client(), EMAIL);
    const [first = "", second = "", third = ""] = SAME_64;
    expect((await signInRequest(t.client(), EMAIL, WRONG, from(first))).status).toBe(401);
    expect((await signInRequest(t.client(), EMAIL, WRONG, from(second))).status).toBe(401);
    const locked = await signInRequest(t.client(), EMAIL, GOOD_PASSWORD, from(third));
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("too-many-failed-sign-ins");
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD, from(NEXT_64))).status).toBe(200);
  });

  it("failed sign-ins: an IPv4-mapped IPv6 address counts as its IPv4 address", async () => {
    const t = await createApp({ TRUST_PROXY: "true", FAILED_SIGN_IN_MAX: "2", FAILED_SIGN_IN_DELAY_AFTER: "100" });
    await signUp(t.client(), EMAIL);
    expect((await signInRequest(t.client(), EMAIL, WRONG, from("::ffff:198.51.100.7"))).status).toBe(401);
    expect((await signInRequest(t.client(), EMAIL, WRONG, from("198.51.100.7"))).status).toBe(401);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD, from("::ffff:c633:6407"))).status).toBe(429);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD, from("198.51.100.8"))).status).toBe(200);
  });

  it("chat sends: addresses in one /64 share CHAT_RATE_LIMIT_PER_IP, the next /64 has its own", async () => {
    const t = await createApp({ TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_IP: "2" });
    const alice = t.client();
    await signUp(alice, EMAIL);
    const send = (agent: Agent, address: string) =>
      agent.post("/api/chats/messages", { text: "hello", language: "en" }, { headers: from(address) });
    const [first = "", second = "", third = ""] = SAME_64;
    expect((await send(alice, first)).status).toBe(200);
    expect((await send(alice, second)).status).toBe(200);
    const refused = await send(alice, third);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("too-many-requests");
    expect((await send(alice, NEXT_64)).status).toBe(200);
  });

  it("sign-ups (better-auth's limiter): addresses in one /64 share SIGN_UP_RATE_LIMIT_MAX, the next /64 has its own", async () => {
    const t = await createApp({ TRUST_PROXY: "true", SIGN_UP_RATE_LIMIT_MAX: "2" });
    const [first = "", second = "", third = ""] = SAME_64;
    const signUpFrom = (email: string, address: string) => signUpRequest(t.client(), email, GOOD_PASSWORD, "en", from(address));
    expect((await signUpFrom("one@example.com", first)).status).toBe(200);
    expect((await signUpFrom("two@example.com", second)).status).toBe(200);
    const refused = await signUpFrom("three@example.com", third);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("x-retry-after") ?? refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signUpFrom("four@example.com", NEXT_64)).status).toBe(200);
  });
});
