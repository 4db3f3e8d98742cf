import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { verifications } from "../../src/server/db/schema";
import {
  GOOD_PASSWORD,
  OTHER_GOOD_PASSWORD,
  requestResetToken,
  sessionUser,
  signIn,
  signInRequest,
  signUp,
  userIdOf,
} from "../helpers/auth";
import { isMailOfKind, readOutbox, waitForOutboxMail } from "../helpers/mail";
import { describeEachDatabase } from "../helpers/test-app";

const EMAIL = "alice@example.com";

describeEachDatabase("password reset", ({ createApp }) => {
  it("answers an unknown e-mail exactly like a known one and mails only the known one", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const unknown = await t.client().post("/api/auth/request-password-reset", { email: "nobody@example.com" });
    const { mail, link, token } = await requestResetToken(t, EMAIL);
    const known = await t.client().post("/api/auth/request-password-reset", { email: EMAIL });
    // Let the second mail land before the test ends; it is written in the background.
    await waitForOutboxMail(t.outboxDir, EMAIL, 1, "reset");

    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(unknown.headers.getSetCookie()).toEqual(known.headers.getSetCookie());

    expect(mail.to).toContain(EMAIL);
    expect(mail.subject).toBe("Reset your password");
    expect(link).toBe(`http://localhost:3000/reset-password?token=${encodeURIComponent(token)}`);
    expect(token.length).toBeGreaterThanOrEqual(20);
    const recipients = (await readOutbox(t.outboxDir)).filter((m) => isMailOfKind(m, "reset")).map((m) => m.to);
    expect(recipients).toHaveLength(2);
    expect(recipients.some((to) => to.includes("nobody@example.com"))).toBe(false);
  });

  it("resets the password with the mailed token: old password fails, new one works", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const { token } = await requestResetToken(t, EMAIL);

    const reset = await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ status: true });

    const old = await signInRequest(t.client(), EMAIL, GOOD_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe("invalid-credential");
    await signIn(t.client(), EMAIL, OTHER_GOOD_PASSWORD);
  });

  it("revokes the user's other sessions and leaves other users signed in", async () => {
    const t = await createApp();
    const laptop = t.client();
    const phone = t.client();
    const bob = t.client();
    await signUp(laptop, EMAIL);
    await signIn(phone, EMAIL);
    await signUp(bob, "bob@example.com");
    expect((await sessionUser(laptop))?.email).toBe(EMAIL);
    expect((await sessionUser(phone))?.email).toBe(EMAIL);

    const { token } = await requestResetToken(t, EMAIL);
    expect((await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token })).status).toBe(200);

    expect(await sessionUser(laptop)).toBeNull();
    expect(await sessionUser(phone)).toBeNull();
    expect((await laptop.get("/api/profile")).status).toBe(401);
    expect((await sessionUser(bob))?.email).toBe("bob@example.com");
  });

  it("accepts a token only once", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const { token } = await requestResetToken(t, EMAIL);
    expect((await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token })).status).toBe(200);

    const again = await t.client().post("/api/auth/reset-password", { newPassword: "a third fine passphrase", token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("invalid-token");
    await signIn(t.client(), EMAIL, OTHER_GOOD_PASSWORD);
  });

  it("rejects a made-up token", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const response = await t
      .client()
      .post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token: "made-up-token-0123456789" });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid-token");
  });

  it("issues tokens that live RESET_TOKEN_TTL_SECONDS and refuses them once expired", async () => {
    const t = await createApp({ RESET_TOKEN_TTL_SECONDS: "60" });
    await signUp(t.client(), EMAIL);
    const { token } = await requestResetToken(t, EMAIL);
    const userId = await userIdOf(t.db, EMAIL);
    const [row] = await t.db.select().from(verifications).where(eq(verifications.value, userId));
    if (!row) throw new Error("no verification row for the token");
    // Tokens are stored hashed: a database dump does not hand out working reset links.
    expect(row.identifier).not.toContain(token);
    const ttlSeconds = (row.expiresAt.getTime() - row.createdAt.getTime()) / 1000;
    expect(ttlSeconds).toBeGreaterThan(55);
    expect(ttlSeconds).toBeLessThan(65);

    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row.id));
    const response = await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid-token");
    await signIn(t.client(), EMAIL, GOOD_PASSWORD);
  });

  it("clears the failed sign-in lock", async () => {
    const t = await createApp({ FAILED_SIGN_IN_MAX: "3" });
    await signUp(t.client(), EMAIL);
    for (let i = 0; i < 3; i++) expect((await signInRequest(t.client(), EMAIL, "wrong guess here")).status).toBe(401);
    expect((await signInRequest(t.client(), EMAIL, GOOD_PASSWORD)).status).toBe(429);

    const { token } = await requestResetToken(t, EMAIL);
    expect((await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token })).status).toBe(200);
    await signIn(t.client(), EMAIL, OTHER_GOOD_PASSWORD);
  });

  it("rejects a weak new password with weak-password and keeps the token usable", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL);
    const { token } = await requestResetToken(t, EMAIL);
    for (const weak of ["password", "qwerty123", "short"]) {
      const response = await t.client().post("/api/auth/reset-password", { newPassword: weak, token });
      expect(response.status, weak).toBe(400);
      expect(response.body.code, weak).toBe("weak-password");
    }
    await signIn(t.client(), EMAIL, GOOD_PASSWORD);
    expect((await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token })).status).toBe(200);
  });

  it("writes the mail in German for a German profile", async () => {
    const t = await createApp();
    await signUp(t.client(), EMAIL, GOOD_PASSWORD, "de");
    const { mail, link } = await requestResetToken(t, EMAIL);
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.text).toContain("Passwort");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("60 Minuten");
  });
});
