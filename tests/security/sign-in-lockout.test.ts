import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { pruneSignInFailures } from "../../src/server/db/queries/sign-in-failures";
import { setUserDisabled } from "../../src/server/db/queries/users";
import { sessions, signInDelays, signInFailures } from "../../src/server/db/schema";
import type { TestResponse } from "../helpers/agent";
import { countRows, GOOD_PASSWORD, OTHER_GOOD_PASSWORD, requestResetToken, signInRequest, signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase, type EnvVars, type TestApp } from "../helpers/test-app";

const EMAIL = "alice@example.com";
const WRONG = "definitely not it";
const ATTACKER = "203.0.113.66";
const OWNER = "192.0.2.10";

/** A sign-in from `address` (the app trusts X-Forwarded-For), with a fresh cookie jar. */
const signInFrom = (t: TestApp, address: string, password: string, email = EMAIL) =>
  signInRequest(t.client(), email, password, { "x-forwarded-for": address });

/** The server's clock (Date) stands still from here on and moves only when the test moves it. */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ["Date"] });
  return { advance: (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000) };
}

function expectRefused(response: TestResponse, what: string) {
  expect(response.status, what).toBe(429);
  expect(response.body.code, what).toBe("too-many-failed-sign-ins");
  expect(response.headers.getSetCookie(), what).toEqual([]);
  return Number(response.headers.get("retry-after"));
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase("sign-in lockout that attackers cannot turn against users", ({ createApp }) => {
  const throttledApp = (env: EnvVars) => createApp({ TRUST_PROXY: "true", ...env });

  it("counts parallel wrong attempts from one address before checking them: never more than FAILED_SIGN_IN_MAX get through", async () => {
    const t = await throttledApp({ FAILED_SIGN_IN_MAX: "3", FAILED_SIGN_IN_DELAY_AFTER: "100" });
    await signUp(t.client(), EMAIL);
    const answers = await Promise.all(Array.from({ length: 8 }, () => signInFrom(t, ATTACKER, WRONG)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(5).fill(429)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) expectRefused(refused, "parallel attempt");

    expectRefused(await signInFrom(t, ATTACKER, GOOD_PASSWORD), "the right password from the locked address");
    expect((await signInFrom(t, OWNER, GOOD_PASSWORD)).status).toBe(200);
  });

  it("locks the attacker's address, not the account: the owner elsewhere gets in after a short delay", async () => {
    const t = await throttledApp({ FAILED_SIGN_IN_MAX: "3", FAILED_SIGN_IN_DELAY_AFTER: "3", FAILED_SIGN_IN_WINDOW_SECONDS: "900" });
    await signUp(t.client(), EMAIL);
    const clock = stopTheClock();
    for (let i = 0; i < 3; i++) expect((await signInFrom(t, ATTACKER, WRONG)).status, `wrong attempt ${i + 1}`).toBe(401);
    const attackerWait = expectRefused(await signInFrom(t, ATTACKER, GOOD_PASSWORD), "the attacker's address");
    expect(attackerWait).toBeGreaterThan(30);
    expect(attackerWait).toBeLessThanOrEqual(900);

    // The owner is only slowed down; retrying too early does not count against their own address.
    for (let i = 0; i < 5; i++) expect(expectRefused(await signInFrom(t, OWNER, GOOD_PASSWORD), `early retry ${i + 1}`)).toBe(2);
    clock.advance(2);
    const owner = t.client();
    expect((await signInRequest(owner, EMAIL, GOOD_PASSWORD, { "x-forwarded-for": OWNER })).status).toBe(200);
    expect(owner.cookies.size).toBeGreaterThan(0);

    // The owner's success clears the owner's count and the e-mail's delay, not the attacker's lock.
    expect(await countRows(t.db, signInFailures, eq(signInFailures.address, OWNER))).toBe(0);
    expect(await countRows(t.db, signInDelays, eq(signInDelays.email, EMAIL))).toBe(0);
    expectRefused(await signInFrom(t, ATTACKER, GOOD_PASSWORD), "the attacker's address after the owner signed in");
  });

  it("spaces out attempts on an attacked e-mail with a growing delay capped at FAILED_SIGN_IN_MAX_DELAY_SECONDS", async () => {
    const t = await throttledApp({ FAILED_SIGN_IN_MAX: "5", FAILED_SIGN_IN_DELAY_AFTER: "2", FAILED_SIGN_IN_MAX_DELAY_SECONDS: "30" });
    await signUp(t.client(), EMAIL);
    const clock = stopTheClock();
    expect((await signInFrom(t, "198.51.100.1", WRONG)).status).toBe(401);
    expect((await signInFrom(t, "198.51.100.1", WRONG)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 2; round <= 7; round++) {
      const wait = expectRefused(await signInFrom(t, OWNER, GOOD_PASSWORD), `the owner in round ${round}`);
      waits.push(wait);
      clock.advance(wait);
      // A distributed attacker: every wrong guess from a new address.
      expect((await signInFrom(t, `198.51.100.${round}`, WRONG)).status, `guess in round ${round}`).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 30, 30]);
    clock.advance(expectRefused(await signInFrom(t, OWNER, GOOD_PASSWORD), "the owner at the cap"));
    expect((await signInFrom(t, OWNER, GOOD_PASSWORD)).status).toBe(200);
  });

  it("lets one attempt per delay through, however many addresses try at once", async () => {
    const t = await throttledApp({ FAILED_SIGN_IN_MAX: "5", FAILED_SIGN_IN_DELAY_AFTER: "2" });
    await signUp(t.client(), EMAIL);
    const clock = stopTheClock();
    expect((await signInFrom(t, "198.51.100.1", WRONG)).status).toBe(401);
    expect((await signInFrom(t, "198.51.100.2", WRONG)).status).toBe(401);
    clock.advance(2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signInFrom(t, `198.51.100.${10 + i}`, WRONG)));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 401)) {
      const wait = expectRefused(refused, "a parallel attempt");
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(30);
    }
  });

  it("a password reset lifts both the address lock and the e-mail's delay", async () => {
    const t = await throttledApp({ FAILED_SIGN_IN_MAX: "3", FAILED_SIGN_IN_DELAY_AFTER: "3" });
    await signUp(t.client(), EMAIL);
    stopTheClock();
    for (let i = 0; i < 3; i++) expect((await signInFrom(t, ATTACKER, WRONG)).status).toBe(401);
    expect(expectRefused(await signInFrom(t, ATTACKER, GOOD_PASSWORD), "locked address")).toBeGreaterThan(30);
    expect(expectRefused(await signInFrom(t, OWNER, GOOD_PASSWORD), "delayed e-mail")).toBe(2);

    const { token } = await requestResetToken(t, EMAIL);
    expect((await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token })).status).toBe(200);
    // The clock has not moved: only the reset can have lifted the delay (first) and the lock (then).
    expect((await signInFrom(t, OWNER, OTHER_GOOD_PASSWORD)).status).toBe(200);
    expect((await signInFrom(t, ATTACKER, OTHER_GOOD_PASSWORD)).status).toBe(200);
  });

  it("housekeeping drops the address counts and the e-mail's delay once FAILED_SIGN_IN_WINDOW_SECONDS have passed", async () => {
    const t = await throttledApp({ FAILED_SIGN_IN_DELAY_AFTER: "1" });
    await signUp(t.client(), EMAIL);
    expect((await signInFrom(t, ATTACKER, WRONG)).status).toBe(401);
    const rows = async () => [await countRows(t.db, signInFailures, undefined), await countRows(t.db, signInDelays, undefined)];
    const start = Date.now();
    await pruneSignInFailures({ db: t.db, olderThanSeconds: 900, now: new Date(start + 880_000) });
    expect(await rows()).toEqual([1, 1]);
    await pruneSignInFailures({ db: t.db, olderThanSeconds: 900, now: new Date(start + 901_000) });
    expect(await rows()).toEqual([0, 0]);
  });

  it("answers a wrong password on a disabled account exactly like on any other; only the right one learns it is disabled", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    await signUp(t.client(), "bob@example.com");
    await setUserDisabled({ db: t.db, userId: await userIdOf(t.db, EMAIL), disabled: true });

    const comparable = (response: TestResponse) => ({
      status: response.status,
      body: response.json,
      headers: [...response.headers].filter(([name]) => !["date", "x-request-id"].includes(name)),
    });
    const disabled = comparable(await signInRequest(t.client(), EMAIL, WRONG));
    expect(disabled.status).toBe(401);
    expect(disabled).toEqual(comparable(await signInRequest(t.client(), "bob@example.com", WRONG)));
    expect(disabled).toEqual(comparable(await signInRequest(t.client(), "nobody@example.com", WRONG)));

    const agent = t.client();
    const right = await signInRequest(agent, EMAIL, GOOD_PASSWORD);
    expect(right.status).toBe(403);
    expect(right.body.code).toBe("user-disabled");
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(agent.cookies.size).toBe(0);
    expect(await countRows(t.db, sessions, eq(sessions.userId, await userIdOf(t.db, EMAIL)))).toBe(0);
  });
});
