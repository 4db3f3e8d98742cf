import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { sessions } from "../../src/server/db/schema";
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, signIn, signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const ABSOLUTE_SECONDS = 3600;

/** Moves the creation of the user's sessions `seconds` into the past; their sliding expiry stays days ahead. */
async function signedInAgo(db: Database, userId: string, seconds: number) {
  await db
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sessions.userId, userId));
}

async function sessionCount(db: Database, userId: string) {
  return (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
}

describeEachDatabase("a session ends SESSION_ABSOLUTE_MAX_AGE_SECONDS after sign-in, however often it is used", ({ createApp }) => {
  it("our routes refuse it (also when their cache holds it) and it is deleted; a younger one still works", async () => {
    const t = await createApp({ SESSION_ABSOLUTE_MAX_AGE_SECONDS: String(ABSOLUTE_SECONDS) });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const aliceId = await userIdOf(t.db, "alice@example.com");
    expect((await alice.get("/api/chats")).status).toBe(200);

    await signedInAgo(t.db, aliceId, ABSOLUTE_SECONDS - 300);
    expect((await alice.get("/api/chats")).status).toBe(200);

    await signedInAgo(t.db, aliceId, ABSOLUTE_SECONDS + 60);
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, aliceId));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    expect((await alice.get("/api/chats")).status).toBe(401);
    expect(await sessionCount(t.db, aliceId)).toBe(0);
  });

  it("better-auth's own endpoints refuse it too: get-session finds none and clears the cookie, change-password is 401", async () => {
    const t = await createApp({ SESSION_ABSOLUTE_MAX_AGE_SECONDS: String(ABSOLUTE_SECONDS) });
    const signUpTab = t.client();
    await signUp(signUpTab, "alice@example.com");
    expect((await signUpTab.post("/api/auth/sign-out", {})).status).toBe(200);
    const aliceId = await userIdOf(t.db, "alice@example.com");

    const tab = t.client();
    await signIn(tab, "alice@example.com");
    await signedInAgo(t.db, aliceId, ABSOLUTE_SECONDS + 60);
    const cookieBefore = tab.cookieHeader();
    const session = await tab.get("/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(session.json).toBeNull();
    expect(tab.cookieHeader()).not.toBe(cookieBefore);
    expect(await sessionCount(t.db, aliceId)).toBe(0);

    const other = t.client();
    await signIn(other, "alice@example.com");
    await signedInAgo(t.db, aliceId, ABSOLUTE_SECONDS + 60);
    const change = await other.post("/api/auth/change-password", { currentPassword: GOOD_PASSWORD, newPassword: OTHER_GOOD_PASSWORD });
    expect(change.status).toBe(401);
    expect(await sessionCount(t.db, aliceId)).toBe(0);
    // The password was not changed by the refused request.
    await signIn(t.client(), "alice@example.com", GOOD_PASSWORD);
  });
});
