import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import {
  accounts,
  chats,
  messages,
  profiles,
  sessions,
  signInDelays,
  signInFailures,
  users,
  verifications,
} from "../../src/server/db/schema";
import { countRows, GOOD_PASSWORD, requestResetToken, sessionUser, signIn, signInRequest, signUp, userIdOf } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";
import { clockPast } from "../helpers/wait";

const EMAIL = "alice@example.com";

/** Rows that belong to a user, per table. */
async function rowsOf(db: Database, userId: string, email: string, chatIds: string[]) {
  return {
    users: await countRows(db, users, eq(users.id, userId)),
    sessions: await countRows(db, sessions, eq(sessions.userId, userId)),
    accounts: await countRows(db, accounts, eq(accounts.userId, userId)),
    profiles: await countRows(db, profiles, eq(profiles.userId, userId)),
    verifications: await countRows(db, verifications, eq(verifications.value, userId)),
    signInFailures: await countRows(db, signInFailures, eq(signInFailures.email, email)),
    signInDelays: await countRows(db, signInDelays, eq(signInDelays.email, email)),
    chats: await countRows(db, chats, eq(chats.userId, userId)),
    // By the chat ids taken before: a message left without its chat would still count.
    messages: chatIds.length ? await countRows(db, messages, inArray(messages.chatId, chatIds)) : 0,
  };
}

describeEachDatabase("delete account", ({ createApp }) => {
  it("deletes the user and every row that belongs to them, and nobody else's", async () => {
    const t = await createApp();
    const alice = t.client();
    const otherDevice = t.client();
    const bob = t.client();
    await signUp(alice, EMAIL, GOOD_PASSWORD, "de");
    await signIn(otherDevice, EMAIL);
    await signUp(bob, "bob@example.com");
    const aliceChats = [(await sendMessage(alice, "my symptoms")).chatId ?? "", (await sendMessage(alice, "other symptoms")).chatId ?? ""];
    const bobChats = [(await sendMessage(bob, "bob's symptoms")).chatId ?? ""];
    await requestResetToken(t, EMAIL);
    await requestResetToken(t, "bob@example.com");
    expect((await signInRequest(t.client(), EMAIL, "a wrong password")).status).toBe(401);
    expect((await signInRequest(t.client(), "bob@example.com", "a wrong password")).status).toBe(401);

    const aliceId = await userIdOf(t.db, EMAIL);
    const bobId = await userIdOf(t.db, "bob@example.com");
    const bobBefore = await rowsOf(t.db, bobId, "bob@example.com", bobChats);
    expect(bobBefore).toMatchObject({ chats: 1, messages: 2 });
    expect(await rowsOf(t.db, aliceId, EMAIL, aliceChats)).toEqual({
      users: 1,
      sessions: 2,
      accounts: 1,
      profiles: 1,
      verifications: 1,
      signInFailures: 1,
      signInDelays: 1,
      chats: 2,
      messages: 4,
    });

    const response = await alice.delete("/api/account");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ deleted: true });

    expect(await rowsOf(t.db, aliceId, EMAIL, aliceChats)).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      profiles: 0,
      verifications: 0,
      signInFailures: 0,
      signInDelays: 0,
      chats: 0,
      messages: 0,
    });
    expect(await rowsOf(t.db, bobId, "bob@example.com", bobChats)).toEqual(bobBefore);
    expect(await sessionUser(otherDevice)).toBeNull();
    expect((await sessionUser(bob))?.email).toBe("bob@example.com");
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(401);
  });

  it("frees the e-mail address for a new sign-up", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, EMAIL);
    expect((await alice.delete("/api/account")).status).toBe(200);
    await signUp(t.client(), EMAIL);
  });

  it("requires a recent sign-in: 403 requires-recent-login and nothing deleted", async () => {
    const t = await createApp({ RECENT_LOGIN_SECONDS: "0" });
    const alice = t.client();
    await signUp(alice, EMAIL);
    const userId = await userIdOf(t.db, EMAIL);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    await clockPast(session?.createdAt.getTime() ?? Date.now());

    const response = await alice.delete("/api/account");
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("requires-recent-login");
    expect(await rowsOf(t.db, userId, EMAIL, [])).toMatchObject({ users: 1, sessions: 1, accounts: 1, profiles: 1 });
    expect((await sessionUser(alice))?.email).toBe(EMAIL);
  });

  it("counts the time since sign-in against RECENT_LOGIN_SECONDS", async () => {
    const t = await createApp({ RECENT_LOGIN_SECONDS: "300" });
    const alice = t.client();
    await signUp(alice, EMAIL);
    const userId = await userIdOf(t.db, EMAIL);
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 301_000) })
      .where(eq(sessions.userId, userId));
    const stale = await alice.delete("/api/account");
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe("requires-recent-login");

    // Signing in again makes a fresh session that may delete.
    const fresh = t.client();
    await signIn(fresh, EMAIL);
    expect((await fresh.delete("/api/account")).status).toBe(200);
    expect(await countRows(t.db, users, eq(users.id, userId))).toBe(0);
  });

  it("refuses anonymous requests with 401", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const response = await t.client().delete("/api/account");
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("unauthorized");
    expect(await countRows(t.db, users, eq(users.email, EMAIL))).toBe(1);
  });
});
