import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema";
import { SessionLookup } from "../../src/server/http/session-lookup";
import { signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

/** A lookup whose calls to better-auth's full session check are counted. */
function countedLookup(t: TestApp, ttlMs?: number) {
  let fullChecks = 0;
  const auth = {
    ...t.auth,
    api: {
      ...t.auth.api,
      getSession: (...args: Parameters<typeof t.auth.api.getSession>) => {
        fullChecks += 1;
        return t.auth.api.getSession(...args);
      },
    },
  } as typeof t.auth;
  return { lookup: new SessionLookup(auth, t.db, ttlMs), fullChecks: () => fullChecks };
}

describeEachDatabase("session lookup: one small query per request, revocation at once in every process", ({ createApp }) => {
  it("runs better-auth's full check once per cookie, then reuses it while the session row lives", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { lookup, fullChecks } = countedLookup(t);
    const headers = new Headers({ cookie: alice.cookieHeader() });
    const first = await lookup.get(headers);
    const second = await lookup.get(headers);
    expect(first?.user.email).toBe("alice@example.com");
    expect(second?.user.id).toBe(first?.user.id);
    expect(fullChecks()).toBe(1);
    expect(await lookup.get(new Headers({ cookie: "better-auth.session_token=forged.value" }))).toBeNull();
    expect(await lookup.get(new Headers())).toBeNull();
  });

  it("after its time the full check runs again", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { lookup, fullChecks } = countedLookup(t, 30);
    const headers = new Headers({ cookie: alice.cookieHeader() });
    await lookup.get(headers);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await lookup.get(headers))?.user.email).toBe("alice@example.com");
    expect(fullChecks()).toBe(2);
  });

  it("a sign-out in another server process ends the session here at once", async () => {
    const here = await createApp();
    const there = await createApp({}, { shareDatabaseWith: here });
    const alice = here.client();
    await signUp(alice, "alice@example.com");
    expect((await alice.get("/api/chats")).status).toBe(200);
    expect((await alice.get("/api/chats")).status).toBe(200);

    const aliceThere = there.client();
    for (const [name, value] of alice.cookies) aliceThere.cookies.set(name, value);
    expect((await aliceThere.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await alice.get("/api/chats")).status).toBe(401);
  });

  it("a session whose row is gone (user disabled, account deleted, password reset) is refused at once", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { lookup } = countedLookup(t);
    const headers = new Headers({ cookie: alice.cookieHeader() });
    expect(await lookup.get(headers)).not.toBeNull();
    await t.db.delete(sessions).where(eq(sessions.userId, await userIdOf(t.db, "alice@example.com")));
    expect(await lookup.get(headers)).toBeNull();
  });
});
