import { like } from "drizzle-orm";
import { expect, it } from "vitest";
import { rateLimits } from "../../src/server/db/schema";
import { GOOD_PASSWORD, signUpRequest } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

/**
 * better-auth's per-IP limits, stored in the database. Requests made with app.request have no
 * socket, so without a trusted proxy every one of them falls into one shared bucket
 * (better-auth's "no-trusted-ip" key; 127.0.0.1 when NODE_ENV=test) and is still limited.
 */
describeEachDatabase("per-IP rate limits", ({ createApp }) => {
  const limits = { SIGN_UP_RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "60" };

  it("refuses the third sign-up in a window with 429", async () => {
    const t = await createApp(limits);
    expect((await signUpRequest(t.client(), "a@example.com")).status).toBe(200);
    expect((await signUpRequest(t.client(), "b@example.com")).status).toBe(200);
    const third = await signUpRequest(t.client(), "c@example.com");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("x-retry-after"))).toBeGreaterThan(0);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const t = await createApp(limits);
    const spoofed = (ip: string, email: string) => signUpRequest(t.client(), email, GOOD_PASSWORD, "en", { "x-forwarded-for": ip });
    expect((await spoofed("198.51.100.1", "a@example.com")).status).toBe(200);
    expect((await spoofed("198.51.100.2", "b@example.com")).status).toBe(200);
    expect((await spoofed("198.51.100.3", "c@example.com")).status).toBe(429);
  });

  it("behind a trusted proxy limits each client address on its own", async () => {
    const t = await createApp({ ...limits, TRUST_PROXY: "true" });
    const from = (ip: string, email: string) => signUpRequest(t.client(), email, GOOD_PASSWORD, "en", { "x-forwarded-for": ip });
    expect((await from("203.0.113.7", "a@example.com")).status).toBe(200);
    expect((await from("203.0.113.7", "b@example.com")).status).toBe(200);
    expect((await from("203.0.113.7", "c@example.com")).status).toBe(429);
    // The last hop is the one the proxy saw; addresses a client puts in front of it do not count.
    expect((await from("203.0.113.99, 203.0.113.7", "c@example.com")).status).toBe(429);
    expect((await from("203.0.113.8", "c@example.com")).status).toBe(200);
  });

  it("shares the count between app instances on one database", async () => {
    const first = await createApp(limits);
    const second = await createApp(limits, { shareDatabaseWith: first });
    expect((await signUpRequest(first.client(), "a@example.com")).status).toBe(200);
    expect((await signUpRequest(second.client(), "b@example.com")).status).toBe(200);
    expect((await signUpRequest(first.client(), "c@example.com")).status).toBe(429);
    expect((await signUpRequest(second.client(), "c@example.com")).status).toBe(429);
    // The count lives in the database, not in process memory.
    const [row] = await first.db.select().from(rateLimits).where(like(rateLimits.key, "%|/sign-up/email"));
    expect(row?.count).toBe(2);
  });

  it("does not limit with RATE_LIMITS=off", async () => {
    const t = await createApp({ ...limits, RATE_LIMITS: "off" });
    for (const name of ["a", "b", "c", "d"]) expect((await signUpRequest(t.client(), `${name}@example.com`)).status).toBe(200);
  });
});
