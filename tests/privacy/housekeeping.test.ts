import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { rateLimits, requestCounters, sessions } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { outboxKeptSecondsOf, startHousekeeping } from "../../src/server/retention";
import { requestResetToken, signUp, userIdOf } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { readOutbox, waitForOutboxMail } from "../helpers/mail";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RESET_TOKEN_TTL_SECONDS = 3600;
const VERIFICATION_TOKEN_TTL_SECONDS = 6 * 3600;

const rowsIn = async (db: Database, table: typeof rateLimits | typeof requestCounters | typeof sessions) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** One housekeeping pass with the clock set `aheadMs` past the real one. */
async function housekeepAt(t: TestApp, start: number, aheadMs: number) {
  const housekeeping = startHousekeeping({
    db: t.db,
    retentionDays: 0,
    signInWindowSeconds: 900,
    outboxDir: t.outboxDir,
    outboxKeptSeconds: outboxKeptSecondsOf(t.env),
    logger: createLogger("silent"),
    now: () => new Date(start + aheadMs),
  });
  await housekeeping.ready;
  housekeeping.stop();
  const state = {
    sessions: await rowsIn(t.db, sessions),
    rateLimits: await rowsIn(t.db, rateLimits),
    requestCounters: await rowsIn(t.db, requestCounters),
    outbox: (await readOutbox(t.outboxDir)).length,
  };
  return state;
}

describeEachDatabase("housekeeping and what account deletion leaves behind", ({ createApp }) => {
  it("prunes outbox mail once the links it holds expire, rate-limit rows after a day and sessions once expired", async () => {
    const t = await createApp({
      RESET_TOKEN_TTL_SECONDS: String(RESET_TOKEN_TTL_SECONDS),
      VERIFICATION_TOKEN_TTL_SECONDS: String(VERIFICATION_TOKEN_TTL_SECONDS),
    });
    const start = Date.now();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    await requestResetToken(t, "alice@example.com");
    await waitForOutboxMail(t.outboxDir, "alice@example.com", 0, "verify");
    await sendMessage(alice, "How much water should I drink?");

    const now = await housekeepAt(t, start, 0);
    expect(now).toMatchObject({ sessions: 1, outbox: 2 });
    // better-auth's limiter (sign-up, reset) and ours (chat sends) keep rows keyed by the client address.
    expect(now.rateLimits).toBeGreaterThan(0);
    expect(now.requestCounters).toBeGreaterThan(0);

    // The confirmation mail's link still works after the reset link has expired: both mails wait for the later.
    expect(await housekeepAt(t, start, RESET_TOKEN_TTL_SECONDS * 1000 + 60_000)).toEqual(now);
    expect(await housekeepAt(t, start, VERIFICATION_TOKEN_TTL_SECONDS * 1000 - 60_000)).toEqual(now);
    expect(await housekeepAt(t, start, VERIFICATION_TOKEN_TTL_SECONDS * 1000 + 60_000)).toEqual({ ...now, outbox: 0 });
    expect(await housekeepAt(t, start, DAY_MS - HOUR_MS)).toEqual({ ...now, outbox: 0 });
    expect(await housekeepAt(t, start, DAY_MS + HOUR_MS)).toEqual({ sessions: 1, rateLimits: 0, requestCounters: 0, outbox: 0 });
    // The session lives SESSION_MAX_AGE_SECONDS (7 days) from sign-up.
    expect((await housekeepAt(t, start, 6 * DAY_MS)).sessions).toBe(1);
    expect((await housekeepAt(t, start, 7 * DAY_MS + HOUR_MS)).sessions).toBe(0);
  });

  it("deleting the account deletes the mail sent to its address from the outbox, and nobody else's", async () => {
    const t = await createApp();
    const alice = t.client();
    const bob = t.client();
    await signUp(alice, "Alice@Example.com");
    await signUp(bob, "bob@example.com");
    await requestResetToken(t, "alice@example.com");
    await waitForOutboxMail(t.outboxDir, "alice@example.com", 0, "verify");
    await waitForOutboxMail(t.outboxDir, "bob@example.com", 0, "verify");
    expect((await readOutbox(t.outboxDir)).map((mail) => mail.to).sort()).toEqual([
      "alice@example.com",
      "alice@example.com",
      "bob@example.com",
    ]);
    const aliceId = await userIdOf(t.db, "alice@example.com");

    expect((await alice.delete("/api/account")).status).toBe(200);
    expect((await readOutbox(t.outboxDir)).map((mail) => mail.to)).toEqual(["bob@example.com"]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, aliceId))).toEqual([]);
  });
});
