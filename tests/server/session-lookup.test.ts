import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema";
import { SessionLookup } from "../../src/server/http/session-lookup";
import { signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

/** A lookup whose calls to better-auth's full session check are counted. */
function countedLookup(t: TestApp, ttlMs?: number, maxEntries?: number) {
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
  const lookup = new SessionLookup(auth, t.db, { absoluteMaxAgeSeconds: t.env.SESSION_ABSOLUTE_MAX_AGE_SECONDS, ttlMs, maxEntries });
  return { lookup, fullChecks: () => fullChecks };
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

  it("keys its cache by the session cookie alone: junk cookies beside it neither add entries nor cost full checks", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const { lookup, fullChecks } = countedLookup(t, undefined, 2);
    const aliceHeaders = new Headers({ cookie: alice.cookieHeader() });
    expect((await lookup.get(aliceHeaders))?.user.email).toBe("alice@example.com");
    // One valid session with ever new junk: the same entry, never another full check.
    for (let i = 0; i < 50; i++) {
      const session = await lookup.get(new Headers({ cookie: `junk-${i}=${i}; ${alice.cookieHeader()}; tracker=${i}` }));
      expect(session?.user.email).toBe("alice@example.com");
    }
    expect(lookup.size).toBe(1);
    expect(fullChecks()).toBe(1);
    // Junk alone is no session, without asking better-auth.
    expect(await lookup.get(new Headers({ cookie: "junk=1; other=2" }))).toBeNull();
    expect(fullChecks()).toBe(1);
    // So another user's entry is not pushed out by them either.
    expect((await lookup.get(new Headers({ cookie: bob.cookieHeader() })))?.user.email).toBe("bob@example.com");
    expect((await lookup.get(aliceHeaders))?.user.email).toBe("alice@example.com");
    expect(lookup.size).toBe(2);
    expect(fullChecks()).toBe(2);
  });
});
