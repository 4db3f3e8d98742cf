import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { type ChangeNotice, ChangeNoticeHub, type ChangeNotices, changeNoticesOf } from "../../src/server/db/change-notices";
import type { Database } from "../../src/server/db/client";
import { sessions, users } from "../../src/server/db/schema";
import { type Session, SessionLookup } from "../../src/server/http/session-lookup";
import { signIn, signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

/** The app's database, with every query the lookup starts counted (select, execute, insert, update, delete). */
function countedDatabase(db: Database) {
  let queries = 0;
  const counted = new Set(["select", "execute", "insert", "update", "delete"]);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === "string" && counted.has(property)) queries += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: proxy, queries: () => queries };
}

interface LookupSetup {
  ttlMs?: number;
  maxEntries?: number;
  notices?: ChangeNotices;
  now?: () => number;
  /** Runs inside better-auth's full check, after it has read the session. */
  duringFullCheck?: () => void;
}

/** A lookup whose calls to better-auth's full session check, and whose own queries, are counted. */
function countedLookup(t: TestApp, { ttlMs, maxEntries, notices, now, duringFullCheck }: LookupSetup = {}) {
  let fullChecks = 0;
  const auth = {
    ...t.auth,
    api: {
      ...t.auth.api,
      getSession: async (...args: Parameters<typeof t.auth.api.getSession>) => {
        fullChecks += 1;
        const session = await t.auth.api.getSession(...args);
        duringFullCheck?.();
        return session;
      },
    },
  } as typeof t.auth;
  const { db, queries } = countedDatabase(t.db);
  const lookup = new SessionLookup(auth, db, {
    absoluteMaxAgeSeconds: t.env.SESSION_ABSOLUTE_MAX_AGE_SECONDS,
    ttlMs,
    maxEntries,
    notices: notices ?? changeNoticesOf(t.db),
    now,
  });
  return { lookup, fullChecks: () => fullChecks, queries };
}

/** Resolves with the next notice on `db`'s channel that `matches`. */
function nextNotice(db: Database, matches: (notice: ChangeNotice) => boolean): Promise<ChangeNotice> {
  const notices = changeNoticesOf(db);
  if (!notices) throw new Error("this database has no change notices");
  return new Promise((resolve) => {
    const stop = notices.subscribe((notice) => {
      if (!matches(notice)) return;
      stop();
      resolve(notice);
    });
  });
}

/** A clock the test moves by hand, starting now. */
function manualClock() {
  let at = Date.now();
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describeEachDatabase("session lookup: no query per request, revocation at once in every process", ({ kind, createApp }) => {
  it("runs better-auth's full check once per cookie, then reuses it with no query at all", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { lookup, fullChecks, queries } = countedLookup(t);
    const headers = new Headers({ cookie: alice.cookieHeader() });
    const first = await lookup.get(headers);
    for (let i = 0; i < 20; i++) expect((await lookup.get(headers))?.user.id).toBe(first?.user.id);
    expect(first?.user.email).toBe("alice@example.com");
    expect(fullChecks()).toBe(1);
    expect(queries()).toBe(0);
    expect(await lookup.get(new Headers({ cookie: "better-auth.session_token=forged.value" }))).toBeNull();
    expect(await lookup.get(new Headers())).toBeNull();
  });

  it("after its time the full check runs again", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const clock = manualClock();
    const { lookup, fullChecks } = countedLookup(t, { ttlMs: 30_000, now: clock.now });
    const headers = new Headers({ cookie: alice.cookieHeader() });
    await lookup.get(headers);
    clock.advance(29_999);
    await lookup.get(headers);
    expect(fullChecks()).toBe(1);
    clock.advance(2);
    expect((await lookup.get(headers))?.user.email).toBe("alice@example.com");
    expect(fullChecks()).toBe(2);
  });

  it.each([
    {
      limit: "the absolute lifetime",
      env: { SESSION_ABSOLUTE_MAX_AGE_SECONDS: "3600" },
      endsAt: (session: Session) => new Date(session.session.createdAt).getTime() + 3600_000,
    },
    {
      limit: "its expiry",
      env: { SESSION_MAX_AGE_SECONDS: "600", SESSION_ABSOLUTE_MAX_AGE_SECONDS: "36000" },
      endsAt: (session: Session) => new Date(session.session.expiresAt).getTime(),
    },
  ])("does not reuse a cached session past $limit, without asking the database", async ({ env, endsAt }) => {
    const t = await createApp(env);
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const clock = manualClock();
    const { lookup, fullChecks, queries } = countedLookup(t, { ttlMs: 10 * 3600_000, now: clock.now });
    const headers = new Headers({ cookie: alice.cookieHeader() });
    const session = await lookup.get(headers);
    if (!session) throw new Error("alice has no session");
    clock.advance(endsAt(session) - 1 - clock.now());
    await lookup.get(headers);
    expect(fullChecks()).toBe(1);
    // Past it: the cached row is not trusted (better-auth, on the real clock, is asked again).
    clock.advance(2);
    await lookup.get(headers);
    expect(fullChecks()).toBe(2);
    expect(queries()).toBe(0);
  });

  it("a sign-out in another server process ends the session here at once", async () => {
    const here = await createApp();
    const there = await createApp({}, { shareDatabaseWith: here });
    const alice = here.client();
    await signUp(alice, "alice@example.com");
    // The notice of a sign-out reaches this process a moment after the other one answers: each round checks that
    // this moment is never a window (one round caught it about every other time when it was).
    for (let round = 0; round < 10; round += 1) {
      if (round > 0) await signIn(alice, "alice@example.com");
      expect((await alice.get("/api/chats")).status).toBe(200);
      expect((await alice.get("/api/chats")).status).toBe(200);

      const aliceThere = there.client();
      for (const [name, value] of alice.cookies) aliceThere.cookies.set(name, value);
      expect((await aliceThere.post("/api/auth/sign-out", {})).status).toBe(200);
      expect((await alice.get("/api/chats")).status).toBe(401);
    }
  });

  it("a session whose row is deleted (user disabled, account deleted, password reset) is dropped on its notice", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { lookup, fullChecks } = countedLookup(t);
    const headers = new Headers({ cookie: alice.cookieHeader() });
    expect(await lookup.get(headers)).not.toBeNull();
    const heard = nextNotice(t.db, (notice) => notice.kind === "sessions");
    await t.db.delete(sessions).where(eq(sessions.userId, await userIdOf(t.db, "alice@example.com")));
    // PGlite is one connection in this process: the notice has arrived when the delete returns. PostgreSQL
    // sends it on the listening connection right after the commit.
    if (kind === "pglite") expect(lookup.size).toBe(0);
    await heard;
    expect(lookup.size).toBe(0);
    expect(await lookup.get(headers)).toBeNull();
    expect(fullChecks()).toBe(2);
  });

  it("a full check that overlaps a revocation is not cached", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const hub = new ChangeNoticeHub();
    hub.connected = true;
    const { lookup, fullChecks } = countedLookup(t, {
      notices: hub,
      duringFullCheck: () => hub.emit({ kind: "sessions", sessionIds: ["some-session"] }),
    });
    const headers = new Headers({ cookie: alice.cookieHeader() });
    await lookup.get(headers);
    await lookup.get(headers);
    expect(fullChecks()).toBe(2);
    expect(lookup.size).toBe(0);
  });

  it("while the notice channel is down, each reuse asks the database whether the session still exists", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    // Notices that never arrive: only the per-request query can see the row go.
    const hub = new ChangeNoticeHub();
    const { lookup, fullChecks, queries } = countedLookup(t, { notices: hub });
    const headers = new Headers({ cookie: alice.cookieHeader() });
    await lookup.get(headers);
    await lookup.get(headers);
    await lookup.get(headers);
    expect(fullChecks()).toBe(1);
    expect(queries()).toBe(2);
    await t.db.delete(sessions).where(eq(sessions.userId, await userIdOf(t.db, "alice@example.com")));
    expect(await lookup.get(headers)).toBeNull();
    // Back up: whatever was cached may be stale, so it is all dropped.
    hub.connected = true;
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const bobHeaders = new Headers({ cookie: bob.cookieHeader() });
    await lookup.get(bobHeaders);
    expect(lookup.size).toBe(1);
    hub.emit({ kind: "missed" });
    expect(lookup.size).toBe(0);
  });

  it("a changed or deleted user drops every session of that user", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const { lookup } = countedLookup(t);
    expect(await lookup.get(new Headers({ cookie: alice.cookieHeader() }))).not.toBeNull();
    const aliceId = await userIdOf(t.db, "alice@example.com");
    const heard = nextNotice(t.db, (notice) => notice.kind === "users");
    // What `npm run users -- disable` and the operator route write, minus the session delete.
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, aliceId));
    expect(await heard).toEqual({ kind: "users", userIds: [aliceId] });
    expect(lookup.size).toBe(0);
  });

  it("keys its cache by the session cookie alone: junk cookies beside it neither add entries nor cost full checks", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const { lookup, fullChecks } = countedLookup(t, { maxEntries: 2 });
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
