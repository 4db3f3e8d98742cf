import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { passwordPolicySchema } from "../../src/shared/schemas/password-policy";
import { countRows, signUpRequest } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const PASSPHRASE = "a long and quiet passphrase about violet kettles";

describeEachDatabase("password policy", ({ createApp }) => {
  it("GET /api/password-policy returns the defaults", async () => {
    const t = await createApp();
    const response = await t.client().get("/api/password-policy");
    expect(response.status).toBe(200);
    expect(passwordPolicySchema.parse(response.json)).toEqual(response.json);
    expect(response.json).toMatchObject({
      schemaVersion: 1,
      minLength: 8,
      maxLength: 128,
      requireLowercase: false,
      requireUppercase: false,
      requireDigit: false,
      requireSymbol: false,
      rejectsCommonPasswords: true,
    });
  });

  it("reflects env overrides and enforces them on sign-up with weak-password", async () => {
    const t = await createApp({ PASSWORD_REQUIRE_DIGIT: "true", PASSWORD_MIN_LENGTH: "12", PASSWORD_MAX_LENGTH: "64" });
    const policy = await t.client().get("/api/password-policy");
    expect(policy.json).toMatchObject({ minLength: 12, maxLength: 64, requireDigit: true, requireSymbol: false });

    const cases = [
      ["no digit", "no digits in this long one"],
      ["too short", "short9pass"],
      ["too long", `${"long passphrase 1 ".repeat(4)}`],
    ] as const;
    for (const [label, password] of cases) {
      const response = await signUpRequest(t.client(), "alice@example.com", password);
      expect(response.status, label).toBe(400);
      expect(response.body.code, label).toBe("weak-password");
    }
    expect(await countRows(t.db, users, eq(users.email, "alice@example.com"))).toBe(0);

    const ok = await signUpRequest(t.client(), "alice@example.com", "twelve chars and a 7");
    expect(ok.status).toBe(200);
  });

  it("enforces uppercase, lowercase and symbol rules when configured", async () => {
    const t = await createApp({
      PASSWORD_REQUIRE_UPPERCASE: "true",
      PASSWORD_REQUIRE_LOWERCASE: "true",
      PASSWORD_REQUIRE_SYMBOL: "true",
      PASSWORD_ALLOWED_SYMBOLS: "!#",
    });
    expect((await t.client().get("/api/password-policy")).json).toMatchObject({
      requireUppercase: true,
      requireLowercase: true,
      requireSymbol: true,
      allowedSymbols: "!#",
    });
    for (const password of ["all lower case!", "ALL UPPER CASE!", "Mixed Case No Symbol", "Mixed Case Other $ymbol"]) {
      const response = await signUpRequest(t.client(), "alice@example.com", password);
      expect(response.status, password).toBe(400);
      expect(response.body.code, password).toBe("weak-password");
    }
    expect((await signUpRequest(t.client(), "alice@example.com", "Mixed Case With Bang!")).status).toBe(200);
  });

  it("rejects common passwords (any letter case) and accepts a long passphrase", async () => {
    const t = await createApp();
    for (const password of ["password", "iloveyou", "qwerty123", "Password1", "sunshine", "trustno1", "123456789"]) {
      const response = await signUpRequest(t.client(), "alice@example.com", password);
      expect(response.status, password).toBe(400);
      expect(response.body.code, password).toBe("weak-password");
    }
    expect(await countRows(t.db, users, eq(users.email, "alice@example.com"))).toBe(0);
    expect((await signUpRequest(t.client(), "alice@example.com", PASSPHRASE)).status).toBe(200);
  });

  it("accepts common passwords when PASSWORD_REJECT_COMMON=false", async () => {
    const t = await createApp({ PASSWORD_REJECT_COMMON: "false" });
    expect((await t.client().get("/api/password-policy")).body.rejectsCommonPasswords).toBe(false);
    expect((await signUpRequest(t.client(), "alice@example.com", "iloveyou")).status).toBe(200);
  });
});
