import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { verifyPassword } from "../../src/server/auth/password-hash";
import { accounts } from "../../src/server/db/schema";
import { GOOD_PASSWORD, sessionUser, signIn, signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const SESSION_COOKIE = "better-auth.session_token";

function sessionCookieLine(headers: Headers): string {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(headers.getSetCookie())}`);
  return line;
}

describeEachDatabase("session security", ({ createApp }) => {
  it("stores the password as Argon2id with m=19456, t=2, p=1", async () => {
    const t = await createApp();
    await signUp(t.client(), "alice@example.com");
    const userId = await userIdOf(t.db, "alice@example.com");
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(account?.providerId).toBe("credential");
    const hash = account?.password ?? "";
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain(GOOD_PASSWORD);
    expect(await verifyPassword({ hash, password: GOOD_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: "not the password" })).toBe(false);
  });

  it("keeps the session token out of sign-up and sign-in JSON", async () => {
    const t = await createApp();
    const signUpResponse = await signUp(t.client(), "alice@example.com");
    expect(signUpResponse.body).not.toHaveProperty("token");
    expect(signUpResponse.body).toHaveProperty("user");

    const signInResponse = await signIn(t.client(), "alice@example.com");
    expect(signInResponse.body).not.toHaveProperty("token");
    expect(signInResponse.body).toHaveProperty("user");
    // The raw token must not appear anywhere in the body either.
    const token = decodeURIComponent(sessionCookieLine(signInResponse.headers).split(";")[0]?.split("=")[1] ?? "").split(".")[0];
    expect(token).toBeTruthy();
    expect(signInResponse.text).not.toContain(token);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax (not Secure on http)", async () => {
    const t = await createApp();
    for (const response of [await signUp(t.client(), "alice@example.com"), await signIn(t.client(), "alice@example.com")]) {
      const attributes = sessionCookieLine(response.headers)
        .split(";")
        .slice(1)
        .map((part) => part.trim().toLowerCase());
      expect(attributes).toContain("httponly");
      expect(attributes).toContain("samesite=lax");
      expect(attributes).toContain("path=/");
      expect(attributes).not.toContain("secure");
    }
  });

  it("uses Secure __Secure- cookies when PUBLIC_URL is https", async () => {
    const t = await createApp({ PUBLIC_URL: "https://health.example" });
    const response = await t
      .client()
      .post(
        "/api/auth/sign-up/email",
        { email: "alice@example.com", password: GOOD_PASSWORD, name: "", languageCode: "en" },
        { origin: "https://health.example" },
      );
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`__Secure-${SESSION_COOKIE}=`));
    expect(line?.toLowerCase()).toMatch(/;\s*secure/);
    expect(line?.toLowerCase()).toContain("httponly");
  });

  it("signs in and out through the cookie alone", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await sessionUser(alice))?.email).toBe("alice@example.com");
    expect((await alice.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await sessionUser(alice)).toBeNull();
  });
  it("keeps the session token out of get-session, answers unknown auth paths with JSON, and clears the cookie on account delete", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const token = decodeURIComponent([...alice.cookies.values()][0] ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const session = await alice.get("/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(session.text).not.toContain(token);
    expect((session.json as { user: { email: string } }).user.email).toBe("alice@example.com");

    const unknown = await alice.get("/api/auth/no-such-endpoint");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not-found");

    // better-auth mounts these too; list-sessions would answer every session's raw token.
    const unused = [
      alice.get("/api/auth/list-sessions"),
      alice.get("/api/auth/list-accounts"),
      alice.post("/api/auth/update-user", { name: "x" }),
      alice.post("/api/auth/revoke-sessions", {}),
      alice.post("/api/auth/revoke-other-sessions", {}),
      alice.post("/api/auth/change-email", { newEmail: "mallory@example.com" }),
    ];
    for (const answer of await Promise.all(unused)) {
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain(token);
    }
    expect((await sessionUser(alice))?.email).toBe("alice@example.com");

    const deleted = await alice.delete("/api/account");
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((line) => /^better-auth\.session_token=;.*Max-Age=0/i.test(line))).toBe(true);
    expect(alice.cookies.size).toBe(0);
  });
});
