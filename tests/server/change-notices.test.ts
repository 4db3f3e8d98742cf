import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { CHANGE_CHANNEL, type ChangeNotice, changeNoticesOf } from "../../src/server/db/change-notices";
import type { Database } from "../../src/server/db/client";
import { NOTICE_APPLICATION_NAME, PostgresChangeNotices } from "../../src/server/db/postgres-notices";
import { getPrompt, setPrompt } from "../../src/server/db/queries/prompts";
import { sessions, startingPrompts, users } from "../../src/server/db/schema";
import { SessionLookup } from "../../src/server/http/session-lookup";
import { PromptCache, promptCacheOf } from "../../src/server/prompts/prompt-cache";
import { signUp, userIdOf } from "../helpers/auth";
import { postgresAdminUrl } from "../helpers/scratch-database";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

/** Every raw payload on the channel, heard on a listener of the test's own (not the app's); stop it before the app closes. */
async function rawPayloads(t: TestApp): Promise<{ payloads: string[]; stop: () => Promise<void> }> {
  const payloads: string[] = [];
  if (t.pglite) {
    const unlisten = await t.pglite.listen(CHANGE_CHANNEL, (payload) => payloads.push(payload));
    return { payloads, stop: () => unlisten() };
  }
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  client.on("notification", (message) => payloads.push(message.payload ?? ""));
  await client.query(`LISTEN ${CHANGE_CHANNEL}`);
  return { payloads, stop: () => client.end() };
}

/**
 * Resolves once every notice committed so far has reached the app: notices arrive in commit order, so once a
 * marker sent now is heard, the ones before it (the prompt seeding at start, say) have been too.
 */
async function noticesSettled(db: Database) {
  const marker = `settled-${crypto.randomUUID()}`;
  const heard = new Promise<void>((resolve) => {
    const stop = noticesOf(db).subscribe((notice) => {
      if (notice.kind !== "sessions" || notice.sessionIds[0] !== marker) return;
      stop();
      resolve();
    });
  });
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`session:${marker}`})`);
  await heard;
}

function noticesOf(db: Database) {
  const notices = changeNoticesOf(db);
  if (!notices) throw new Error("no change notices on this database");
  return notices;
}

/** Every notice the app's channel delivers from now on. */
function heardNotices(db: Database): ChangeNotice[] {
  const heard: ChangeNotice[] = [];
  onTestFinished(noticesOf(db).subscribe((notice) => heard.push(notice)));
  return heard;
}

describeEachDatabase("change notices from the database's triggers", ({ createApp }) => {
  it("name sessions and users by id, never by session token or e-mail address", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const aliceId = await userIdOf(t.db, "alice@example.com");
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, aliceId));
    await noticesSettled(t.db);
    const { payloads, stop } = await rawPayloads(t);
    const heard = heardNotices(t.db);

    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, aliceId));
    await waitFor("the notice of the change", () => payloads.length >= 1 && heard.length >= 1);
    await t.db.delete(users).where(eq(users.id, aliceId));
    await waitFor("the notices of the delete", () => payloads.length >= 3 && heard.length >= 3);
    await stop();
    expect(payloads[0]).toBe(`user:${aliceId}`);
    // The user's delete and its sessions' (by cascade) are announced in one transaction, in either order.
    expect(payloads.slice(1).sort()).toEqual([`session:${session?.id}`, `user:${aliceId}`]);
    expect(heard).toEqual([
      { kind: "users", userIds: [aliceId] },
      ...(payloads[1]?.startsWith("user:")
        ? [
            { kind: "users", userIds: [aliceId] },
            { kind: "sessions", sessionIds: [session?.id] },
          ]
        : [
            { kind: "sessions", sessionIds: [session?.id] },
            { kind: "users", userIds: [aliceId] },
          ]),
    ]);
    for (const payload of payloads) {
      expect(payload).not.toContain(session?.token);
      expect(payload).not.toContain("alice@example.com");
    }
  });

  it("announce only what can end a session: not a new one, not one extended", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    await noticesSettled(t.db);
    const { payloads, stop } = await rawPayloads(t);
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const bobId = await userIdOf(t.db, "bob@example.com");
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`${sessions.expiresAt} + interval '1 day'` })
      .where(eq(sessions.userId, bobId));
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`${sessions.expiresAt} - interval '2 days'` })
      .where(eq(sessions.userId, bobId));
    const [bobSession] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, bobId));
    await noticesSettled(t.db);
    await waitFor("the marker on the test's own listener", () => payloads.some((payload) => payload.includes("settled-")));
    await stop();
    expect(payloads.filter((payload) => !payload.includes("settled-"))).toEqual([`session:${bobSession?.id}`]);
  });

  it("send many ids in groups that fit NOTIFY's payload limit", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const aliceId = await userIdOf(t.db, "alice@example.com");
    const ids = Array.from({ length: 450 }, (_, i) => `bulk-session-${String(i).padStart(4, "0")}`);
    const far = new Date(Date.now() + 3600_000);
    await t.db.insert(sessions).values(ids.map((id) => ({ id, token: `token-${id}`, userId: aliceId, expiresAt: far })));
    const heard = heardNotices(t.db);
    await t.db.delete(sessions).where(sql`${sessions.id} like 'bulk-session-%'`);
    await waitFor("three groups", () => heard.length >= 3);
    const groups = heard.map((notice) => (notice.kind === "sessions" ? notice.sessionIds : []));
    expect(groups.map((group) => group.length)).toEqual([200, 200, 50]);
    expect(groups.flat().sort()).toEqual(ids);
  });

  it("are not kept at all when CACHES leaves prompts out", async () => {
    const t = await createApp({ CACHES: "sessions" });
    expect(promptCacheOf(t.db)).toBeUndefined();
    const cached = await createApp();
    expect(promptCacheOf(cached.db)).toBeDefined();
  });

  it("keep prompts in memory and drop them when any writer changes one", async () => {
    const t = await createApp();
    await noticesSettled(t.db);
    let reads = 0;
    const cache = new PromptCache<string>(noticesOf(t.db));
    const read = async () => {
      reads += 1;
      return (await t.db.select().from(startingPrompts).where(eq(startingPrompts.id, "system")))[0]?.prompt;
    };
    const first = await cache.get("system", read);
    expect(await cache.get("system", read)).toBe(first);
    expect(reads).toBe(1);

    // A raw write, as from another process or plain SQL: only the trigger can tell.
    const heard = heardNotices(t.db);
    await t.db.update(startingPrompts).set({ prompt: "Changed by hand." }).where(eq(startingPrompts.id, "system"));
    await waitFor("the prompts notice", () => heard.some((notice) => notice.kind === "prompts"));
    expect(await cache.get("system", read)).toBe("Changed by hand.");
    expect(reads).toBe(2);

    // getPrompt, the function every reply uses, goes through the database's own cache.
    expect((await getPrompt({ db: t.db, id: "system" }))?.prompt).toBe("Changed by hand.");
    await setPrompt({ db: t.db, id: "system", prompt: "Set through the operator tools.", changedBy: "test" });
    // A change made in this process is seen at once, before its notice comes back.
    expect((await getPrompt({ db: t.db, id: "system" }))?.prompt).toBe("Set through the operator tools.");
  });
});

describe.skipIf(!postgresAdminUrl)("the PostgreSQL notice connection", () => {
  it("when lost, turns caches off at once, empties them, reconnects, and is trusted again once listening", async () => {
    const { createTestApp } = await import("../helpers/test-app");
    const t = await createTestApp({}, { kind: "postgres" });
    onTestFinished(() => t.close());
    const notices = noticesOf(t.db) as PostgresChangeNotices;
    expect(notices.connected).toBe(true);
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const lookup = new SessionLookup(t.auth, t.db, { absoluteMaxAgeSeconds: t.env.SESSION_ABSOLUTE_MAX_AGE_SECONDS });
    const headers = new Headers({ cookie: alice.cookieHeader() });
    expect(await lookup.get(headers)).not.toBeNull();
    expect(lookup.size).toBe(1);
    const heard = heardNotices(t.db);

    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    onTestFinished(() => admin.end());
    const database = new URL(t.databaseUrl ?? "").pathname.slice(1);
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2",
      [NOTICE_APPLICATION_NAME, database],
    );
    expect(killed.rowCount).toBe(1);
    await waitFor("the loss to be noticed", () => !notices.connected);
    expect(heard[0]).toEqual({ kind: "missed" });
    expect(lookup.size).toBe(0);

    await waitFor("the reconnect", () => notices.connected, { timeoutMs: 15_000 });
    expect(heard.filter((notice) => notice.kind === "missed").length).toBeGreaterThanOrEqual(2);
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    const bobHeaders = new Headers({ cookie: bob.cookieHeader() });
    expect(await lookup.get(bobHeaders)).not.toBeNull();
    await t.db.delete(sessions).where(eq(sessions.userId, await userIdOf(t.db, "bob@example.com")));
    await waitFor("bob's session notice", () => lookup.size === 0);
    expect(await lookup.get(bobHeaders)).toBeNull();
  }, 60_000);

  it("checks itself with notices it sends itself, and stays trusted while it hears them", async () => {
    // A heartbeat unheard by the next one forces a reconnect: 250 ms leaves room for a loaded machine (20 did not).
    const notices = new PostgresChangeNotices({ url: postgresAdminUrl ?? "", heartbeatMs: 250 });
    onTestFinished(() => notices.close());
    const heard: ChangeNotice[] = [];
    notices.subscribe((notice) => heard.push(notice));
    await notices.firstAttempt;
    await waitFor("five heartbeats", () => notices.heartbeatsHeard >= 5);
    expect(notices.connected).toBe(true);
    // Only the one "missed" of connecting: no heartbeat went unheard and forced a reconnect.
    expect(heard).toEqual([{ kind: "missed" }]);
  });

  it("keeps trying while the database cannot be reached, trusting nothing until it listens", async () => {
    const notices = new PostgresChangeNotices({ url: "postgres://postgres@127.0.0.1:1/none", firstRetryMs: 10, maxRetryMs: 50 });
    onTestFinished(() => notices.close());
    await notices.firstAttempt;
    expect(notices.connected).toBe(false);
    expect(await notices.sync()).toBe(false);
  });

  it("syncs: answers only once every notice committed before the call has been handed on", async () => {
    const notices = new PostgresChangeNotices({ url: postgresAdminUrl ?? "" });
    onTestFinished(() => notices.close());
    await notices.firstAttempt;
    const heard: string[] = [];
    notices.subscribe((notice) => {
      if (notice.kind === "sessions" && notice.sessionIds[0]?.startsWith("sync-test-")) heard.push(notice.sessionIds[0]);
    });
    const writer = new pg.Client({ connectionString: postgresAdminUrl });
    await writer.connect();
    onTestFinished(() => writer.end());
    // Another process's sign-out: its notice is on the way when its statement returns, and may not have arrived.
    for (let round = 0; round < 50; round += 1) {
      await writer.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, `session:sync-test-${round}`]);
      expect(await notices.sync()).toBe(true);
      expect(heard.at(-1)).toBe(`sync-test-${round}`);
    }
  });

  it("syncs callers that wait together with one round trip", async () => {
    const notices = new PostgresChangeNotices({ url: postgresAdminUrl ?? "" });
    onTestFinished(() => notices.close());
    await notices.firstAttempt;
    const before = notices.barriersSent;
    const answers = await Promise.all(Array.from({ length: 200 }, () => notices.sync()));
    expect(answers.every(Boolean)).toBe(true);
    // The first caller's barrier, and one more for everyone who came while it was on the way.
    expect(notices.barriersSent - before).toBeLessThanOrEqual(2);
  });

  it("sends one statement at a time on its connection when heartbeats and barriers fall due together", async () => {
    // pg queues overlapping queries on one client itself, but warns that pg@9 will not.
    let inFlight = 0;
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      const own = (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters;
      if (own.application_name !== NOTICE_APPLICATION_NAME || !(result instanceof Promise)) return result;
      inFlight += 1;
      most = Math.max(most, inFlight);
      return result.finally(() => {
        inFlight -= 1;
      });
    } as typeof query);
    onTestFinished(() => spy.mockRestore());
    // Heartbeats often enough that many fall due together with the barriers below.
    const notices = new PostgresChangeNotices({ url: postgresAdminUrl ?? "", heartbeatMs: 20 });
    onTestFinished(() => notices.close());
    await notices.firstAttempt;
    const until = performance.now() + 500;
    while (performance.now() < until) expect(await notices.sync()).toBe(true);
    expect(notices.heartbeatsHeard).toBeGreaterThan(5);
    expect(most).toBe(1);
  });

  it("answers a sync false when the connection is lost while it waits", async () => {
    const notices = new PostgresChangeNotices({ url: postgresAdminUrl ?? "", firstRetryMs: 60_000 });
    onTestFinished(() => notices.close());
    await notices.firstAttempt;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    onTestFinished(() => admin.end());
    const pending = notices.sync();
    // Only this database's: the other test files' servers listen on databases of their own.
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
      [NOTICE_APPLICATION_NAME],
    );
    // Either its barrier came back before the connection went, or the answer is false; never left hanging.
    expect(typeof (await pending)).toBe("boolean");
    await waitFor("the loss to be noticed", () => !notices.connected);
    expect(await notices.sync()).toBe(false);
  });
});
