import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema";
import type { AccountSession } from "../../src/shared/schemas/session";
import { GOOD_PASSWORD, sessionUser, signInRequest, signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const EMAIL = "alice@example.com";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describeEachDatabase("sessions and Download my data (issue 22, item 8)", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp({ TRUST_PROXY: "true" });
    const laptop = t.client();
    const phone = t.client();
    await signUp(t.client(), EMAIL);
    expect((await signInRequest(laptop, EMAIL, GOOD_PASSWORD, { "user-agent": FIREFOX_MAC })).status).toBe(200);
    expect((await signInRequest(phone, EMAIL, GOOD_PASSWORD, { "user-agent": SAFARI_IPHONE })).status).toBe(200);
    return { t, laptop, phone };
  };

  it("lists the user's sessions with browser, system and which one is this device, never a token", async () => {
    const { t, laptop } = await setup();
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const answer = await laptop.get("/api/account/sessions");
    expect(answer.status).toBe(200);
    const listed = answer.json as AccountSession[];
    // The sign-up's own session, the laptop's and the phone's; not Bob's.
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, browser: "Firefox", system: "macOS" });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.some((s) => s.browser === "Safari" && s.system === "iPhone")).toBe(true);
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf(t.db, EMAIL)));
    for (const row of rows) expect(answer.text).not.toContain(row.token);
    expect(answer.text).not.toMatch(/token|ipAddress|userAgent/i);
    expect((await t.client().get("/api/account/sessions")).status).toBe(401);
  });

  it("signs out everywhere else, and only there", async () => {
    const { t, laptop, phone } = await setup();
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const answer = await laptop.post("/api/account/sessions/revoke-others");
    expect([answer.status, answer.body.revoked]).toEqual([200, true]);
    expect(await sessionUser(phone)).toBeNull();
    expect((await phone.get("/api/chats")).status).toBe(401);
    expect((await sessionUser(laptop))?.email).toBe(EMAIL);
    expect((await laptop.get("/api/account/sessions")).json).toHaveLength(1);
    expect((await sessionUser(bob))?.email).toBe("bob@example.com");
    // Cross-site: refused by the Origin check before anything is revoked.
    expect((await phone.post("/api/account/sessions/revoke-others", undefined, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("Download my data needs a recent sign-in: 403 requires-recent-login, then a new sign-in downloads", async () => {
    const { t, laptop } = await setup();
    expect((await laptop.get("/api/account/export")).status).toBe(200);
    const userId = await userIdOf(t.db, EMAIL);
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (t.env.RECENT_LOGIN_SECONDS + 1) * 1000) })
      .where(eq(sessions.userId, userId));
    const stale = await laptop.get("/api/account/export");
    expect([stale.status, stale.body.code]).toEqual([403, "requires-recent-login"]);
    expect(stale.headers.get("content-disposition")).toBeNull();
    expect((await signInRequest(laptop, EMAIL, GOOD_PASSWORD)).status).toBe(200);
    expect((await laptop.get("/api/account/export")).status).toBe(200);
  });

  it("the download holds the failed sign-ins kept about the e-mail: per address, per device, and its delay", async () => {
    const t = await createApp({ TRUST_PROXY: "true", FAILED_SIGN_IN_DELAY_AFTER: "2", FAILED_SIGN_IN_MAX: "5" });
    const alice = t.client();
    await signUp(alice, EMAIL);
    expect((await signInRequest(alice, EMAIL, GOOD_PASSWORD, { "x-forwarded-for": "192.0.2.10" })).status).toBe(200);
    expect((await signInRequest(t.client(), EMAIL, "wrong guess", { "x-forwarded-for": "203.0.113.66" })).status).toBe(401);
    expect((await signInRequest(alice, EMAIL, "my typo", { "x-forwarded-for": "192.0.2.10" })).status).toBe(401);
    expect((await signInRequest(t.client(), "bob@example.com", "wrong", { "x-forwarded-for": "203.0.113.67" })).status).toBe(401);

    const data = (await alice.get("/api/account/export")).json as {
      failedSignIns: { perAddress: { address: string; attempts: number }[]; delay: { failures: number } | null };
    };
    const addresses = data.failedSignIns.perAddress.map((row) => [row.address, row.attempts]);
    expect(addresses).toContainEqual(["203.0.113.66", 1]);
    expect(addresses.some(([address]) => String(address).startsWith("device:"))).toBe(true);
    expect(addresses).toHaveLength(2);
    expect(data.failedSignIns.delay).toMatchObject({ failures: 1 });
    expect(JSON.stringify(data)).not.toContain("203.0.113.67");
  });
});
