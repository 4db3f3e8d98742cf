import { afterEach, expect, it, vi } from "vitest";
import { deviceCookieName } from "../../src/server/auth/device-cookie";
import type { Agent, TestResponse } from "../helpers/agent";
import { GOOD_PASSWORD, signInRequest, signUp } from "../helpers/auth";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

const EMAIL = "alice@example.com";
const WRONG = "definitely not it";
const DEVICE = deviceCookieName(false);

/** Sign-ins from `address` (the app trusts X-Forwarded-For) with this agent's cookies. */
const signInFrom = (agent: Agent, address: string, password: string, email = EMAIL) =>
  signInRequest(agent, email, password, { "x-forwarded-for": address });

const expectRefused = (response: TestResponse, what: string) => {
  expect([response.status, response.body.code], what).toEqual([429, "too-many-failed-sign-ins"]);
};

/** A distributed attacker: one wrong guess from each of `count` IPv6 /64s, enough to start the e-mail's delay. */
async function attackFromManyNetworks(t: TestApp, count: number) {
  for (let i = 0; i < count; i++) await signInFrom(t.client(), `2001:db8:${i.toString(16)}::1`, WRONG);
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase("device cookies against a distributed sign-in delay (issue 22, item 10)", ({ createApp }) => {
  const throttledApp = () =>
    createApp({ TRUST_PROXY: "true", FAILED_SIGN_IN_MAX: "3", FAILED_SIGN_IN_DELAY_AFTER: "3", FAILED_SIGN_IN_MAX_DELAY_SECONDS: "30" });

  it("a successful sign-in sets a signed, HttpOnly, SameSite=Lax, long-lived device cookie", async () => {
    const t = await throttledApp();
    await signUp(t.client(), EMAIL);
    const owner = t.client();
    const answer = await signInFrom(owner, "192.0.2.10", GOOD_PASSWORD);
    const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE}=`));
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    expect(Number(/Max-Age=(\d+)/i.exec(line ?? "")?.[1])).toBeGreaterThanOrEqual(90 * 86_400);
    expect(owner.cookies.get(DEVICE)).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(owner.cookies.get(DEVICE)).not.toContain("alice");
    // A wrong password sets none.
    expect((await signInFrom(t.client(), "192.0.2.11", WRONG)).headers.getSetCookie()).toEqual([]);
  });

  it("the owner's known device gets in while attackers on many /64s keep the e-mail's delay running", async () => {
    const t = await throttledApp();
    await signUp(t.client(), EMAIL);
    const owner = t.client();
    expect((await signInFrom(owner, "192.0.2.10", GOOD_PASSWORD)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });

    await attackFromManyNetworks(t, 4);
    // Without a device cookie, the right password is refused while the delay runs: the finding.
    expectRefused(await signInFrom(t.client(), "198.51.100.7", GOOD_PASSWORD), "a browser without a device cookie");
    // The owner's own browser, from a new network (a phone on mobile data), is not held up.
    expect((await signInFrom(owner, "203.0.113.50", GOOD_PASSWORD)).status).toBe(200);
    await attackFromManyNetworks(t, 4);
    expect((await signInFrom(owner, "203.0.113.51", GOOD_PASSWORD)).status).toBe(200);
  });

  it("a known device still counts its own failures, and is locked out past FAILED_SIGN_IN_MAX", async () => {
    const t = await throttledApp();
    await signUp(t.client(), EMAIL);
    const device = t.client();
    expect((await signInFrom(device, "192.0.2.10", GOOD_PASSWORD)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    // From a different address each time: the lock follows the device, not the address.
    for (let i = 0; i < 3; i++) expect((await signInFrom(device, `192.0.2.${20 + i}`, WRONG)).status, `guess ${i + 1}`).toBe(401);
    expectRefused(await signInFrom(device, "192.0.2.30", GOOD_PASSWORD), "the locked device, right password");
    // Its failures did not delay the e-mail for everyone else.
    expect((await signInFrom(t.client(), "198.51.100.1", GOOD_PASSWORD)).status).toBe(200);
  });

  it("a cookie signed for another account, or tampered with, earns no exemption", async () => {
    const t = await throttledApp();
    await signUp(t.client(), EMAIL);
    await signUp(t.client(), "mallory@example.com");
    const mallory = t.client();
    expect((await signInFrom(mallory, "198.51.100.66", GOOD_PASSWORD, "mallory@example.com")).status).toBe(200);
    const forged = t.client();
    const [nonce = "", signature = ""] = (mallory.cookies.get(DEVICE) ?? "").split(".");
    forged.cookies.set(DEVICE, `${nonce}.${signature.slice(0, -2)}AA`);
    vi.useFakeTimers({ toFake: ["Date"] });

    await attackFromManyNetworks(t, 4);
    expectRefused(await signInFrom(mallory, "198.51.100.67", GOOD_PASSWORD), "mallory's cookie on alice's e-mail");
    expectRefused(await signInFrom(forged, "198.51.100.68", GOOD_PASSWORD), "a tampered cookie");
  });

  it("one browser remembers several accounts", async () => {
    const t = await throttledApp();
    await signUp(t.client(), EMAIL);
    await signUp(t.client(), "bob@example.com");
    const shared = t.client();
    expect((await signInFrom(shared, "192.0.2.10", GOOD_PASSWORD)).status).toBe(200);
    expect((await signInFrom(shared, "192.0.2.10", GOOD_PASSWORD, "bob@example.com")).status).toBe(200);
    expect(shared.cookies.get(DEVICE)?.split("~")).toHaveLength(2);
    vi.useFakeTimers({ toFake: ["Date"] });
    await attackFromManyNetworks(t, 4);
    expect((await signInFrom(shared, "203.0.113.50", GOOD_PASSWORD)).status).toBe(200);
  });
});
