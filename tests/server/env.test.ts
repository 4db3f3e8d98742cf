import { describe, expect, it } from "vitest";
import { loadEnv, publicUrl } from "../../src/server/env";

describe("loadEnv", () => {
  it("has working defaults for an empty environment", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      TRUST_PROXY: false,
      RATE_LIMITS: "on",
      PASSWORD_MIN_LENGTH: 8,
      PASSWORD_MAX_LENGTH: 128,
      PASSWORD_REJECT_COMMON: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(publicUrl(env)).toBe("http://localhost:3000");
  });

  it("rejects a DATABASE_URL that is not PostgreSQL with a readable message", () => {
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
    expect(loadEnv({ DATABASE_URL: "postgres://u@h/db" }).DATABASE_URL).toBe("postgres://u@h/db");
    expect(loadEnv({ DATABASE_URL: "postgresql://u@h/db" }).DATABASE_URL).toBe("postgresql://u@h/db");
  });

  it("rejects an AUTH_SECRET shorter than 32 characters with a readable message", () => {
    expect(() => loadEnv({ AUTH_SECRET: "too-short" })).toThrow(/AUTH_SECRET: AUTH_SECRET must be at least 32 characters/);
    expect(() => loadEnv({ AUTH_SECRET: "x".repeat(31) })).toThrow(/AUTH_SECRET/);
    expect(loadEnv({ AUTH_SECRET: "x".repeat(32) }).AUTH_SECRET).toBe("x".repeat(32));
  });

  it("lists every problem at once and never echoes the secret", () => {
    let message = "";
    try {
      loadEnv({ DATABASE_URL: "mysql://x", AUTH_SECRET: "hunter2-secret", PORT: "not a number", RATE_LIMITS: "maybe" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    for (const key of ["DATABASE_URL", "AUTH_SECRET", "PORT", "RATE_LIMITS"]) expect(message).toContain(`  ${key}:`);
    expect(message).not.toContain("hunter2-secret");
  });

  it("treats blank optional values as unset and parses flags and numbers", () => {
    const env = loadEnv({ DATABASE_URL: "  ", SMTP_URL: "", TRUST_PROXY: "yes", PASSWORD_REQUIRE_DIGIT: "1", MAX_BODY_BYTES: "4096" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.PASSWORD_REQUIRE_DIGIT).toBe(true);
    expect(env.MAX_BODY_BYTES).toBe(4096);
    expect(() => loadEnv({ TRUST_PROXY: "sure" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ RESET_TOKEN_TTL_SECONDS: "10" })).toThrow(/RESET_TOKEN_TTL_SECONDS/);
  });

  it("runs both caches by default, none with CACHES=none, and refuses an unknown one", () => {
    expect(loadEnv({}).CACHES).toEqual(["sessions", "prompts"]);
    expect(loadEnv({ CACHES: "none" }).CACHES).toEqual([]);
    expect(loadEnv({ CACHES: " prompts " }).CACHES).toEqual(["prompts"]);
    expect(() => loadEnv({ CACHES: "sessions,users" })).toThrow(/CACHES/);
  });

  it("refuses a PASSWORD_MAX_LENGTH below 64 (NIST 800-63B)", () => {
    expect(() => loadEnv({ PASSWORD_MAX_LENGTH: "40" })).toThrow(/PASSWORD_MAX_LENGTH/);
    expect(loadEnv({ PASSWORD_MAX_LENGTH: "64" }).PASSWORD_MAX_LENGTH).toBe(64);
  });

  it("defaults the model timeout to 10 minutes and its retries to 2", () => {
    expect(loadEnv({})).toMatchObject({ LLM_TIMEOUT_MS: 600_000, LLM_MAX_RETRIES: 2, LLM_IDLE_TIMEOUT_MS: 60_000 });
  });

  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(publicUrl(loadEnv({ PUBLIC_URL: "https://health.example/" }))).toBe("https://health.example");
  });
});
