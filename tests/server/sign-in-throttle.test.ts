import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { signInFailures } from "../../src/server/db/schema";
import { countRows, GOOD_PASSWORD, signInRequest, signUp } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const EMAIL = "alice@example.com";
const WRONG = "definitely not it";

describeEachDatabase("failed sign-in throttle", ({ createApp }) => {
  it("answers a wrong password with 401 invalid-credential", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const response = await signInRequest(t.client(), EMAIL, WRONG);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("invalid-credential");
    const unknown = await signInRequest(t.client(), "nobody@example.com", WRONG);
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("invalid-credential");
  });

  it("after FAILED_SIGN_IN_MAX failures refuses even the right password with 429 and Retry-After", async () => {
    const t = await createApp({ FAILED_SIGN_IN_MAX: "3", FAILED_SIGN_IN_WINDOW_SECONDS: "900" });
    await signUp(t.client(), EMAIL);
    for (let i = 0; i < 3; i++) {
      // Letter case does not make a different account to throttle.
      const response = await signInRequest(t.client(), i === 1 ? EMAIL.toUpperCase() : EMAIL, WRONG);
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await signInRequest(t.client(), EMAIL, GOOD_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("too-many-failed-sign-ins");
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.headers.getSetCookie()).toEqual([]);

    // Another account is not affected.
    await signUp(t.client(), "bob@example.com");
    expect((await signInRequest(t.client(), "bob@example.com", GOOD_PASSWORD)).status).toBe(200);
  });

  it("allows sign-in below the limit and a success resets the count", async () => {
    const t = await createApp({ FAILED_SIGN_IN_MAX: "3" });
    await signUp(t.client(), EMAIL);
    for (let i = 0; i < 2; i++) expect((await signInRequest(t.client(), EMAIL, WRONG)).status).toBe(401);
    expect(await countRows(t.db, signInFailures, eq(signInFailures.email, EMAIL))).toBe(1);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(200);
    expect(await countRows(t.db, signInFailures, eq(signInFailures.email, EMAIL))).toBe(0);
    for (let i = 0; i < 2; i++) expect((await signInRequest(t.client(), EMAIL, WRONG)).status).toBe(401);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(200);
  });

  it("keeps the lock in the database: a second app instance on the same database refuses too", async () => {
    const first = await createApp({ FAILED_SIGN_IN_MAX: "3" });
    const second = await createApp({ FAILED_SIGN_IN_MAX: "3" }, { shareDatabaseWith: first });
    await signUp(first.client(), EMAIL);
    expect((await signInRequest(second.client(), EMAIL, GOOD_PASSWORD)).status).toBe(200);

    // Failures spread over both instances add up.
    expect((await signInRequest(first.client(), EMAIL, WRONG)).status).toBe(401);
    expect((await signInRequest(second.client(), EMAIL, WRONG)).status).toBe(401);
    expect((await signInRequest(first.client(), EMAIL, WRONG)).status).toBe(401);

    for (const instance of [second, first]) {
      const response = await signInRequest(instance.client(), EMAIL, GOOD_PASSWORD);
      expect(response.status).toBe(429);
      expect(response.body.code).toBe("too-many-failed-sign-ins");
    }
  });

  it("starts a new window once FAILED_SIGN_IN_WINDOW_SECONDS have passed", async () => {
    const t = await createApp({ FAILED_SIGN_IN_MAX: "3", FAILED_SIGN_IN_WINDOW_SECONDS: "60" });
    await signUp(t.client(), EMAIL);
    for (let i = 0; i < 3; i++) await signInRequest(t.client(), EMAIL, WRONG);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(429);
    await t.db
      .update(signInFailures)
      .set({ windowStartedAt: new Date(Date.now() - 61_000) })
      .where(eq(signInFailures.email, EMAIL));
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(200);
  });

  it("does not throttle with RATE_LIMITS=off", async () => {
    const t = await createApp({ FAILED_SIGN_IN_MAX: "3", RATE_LIMITS: "off" });
    await signUp(t.client(), EMAIL);
    for (let i = 0; i < 5; i++) expect((await signInRequest(t.client(), EMAIL, WRONG)).status).toBe(401);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(200);
  });
});
