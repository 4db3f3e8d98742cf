import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { countRows, GOOD_PASSWORD, sessionUser, signUp } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const EVIL = "https://evil.example";

describeEachDatabase("same-origin checks", ({ createApp }) => {
  it("refuses state-changing requests to our routes without our Origin with 403 forbidden-origin", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com", GOOD_PASSWORD, "en");

    for (const origin of [null, EVIL, "http://localhost:3001", "null", "http://localhost:3000.evil.example"]) {
      const put = await alice.put("/api/profile/language", { languageCode: "de" }, { origin });
      expect(put.status, `PUT origin ${origin}`).toBe(403);
      expect(put.body.code).toBe("forbidden-origin");
      const del = await alice.delete("/api/account", undefined, { origin });
      expect(del.status, `DELETE origin ${origin}`).toBe(403);
      expect(del.body.code).toBe("forbidden-origin");
    }
    expect((await alice.get("/api/profile")).body.languageCode).toBe("en");
    expect(await countRows(t.db, users, eq(users.email, "alice@example.com"))).toBe(1);
  });

  it("lets safe methods through without an Origin", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await alice.get("/api/profile", { origin: null })).status).toBe(200);
    expect((await alice.get("/api/password-policy", { origin: null })).status).toBe(200);
  });

  it("has better-auth refuse cookie-carrying POSTs from another or no origin", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");

    const crossSite = await alice.post("/api/auth/sign-out", {}, { origin: EVIL });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe("INVALID_ORIGIN");
    const noOrigin = await alice.post("/api/auth/sign-out", {}, { origin: null });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.code).toBe("MISSING_OR_NULL_ORIGIN");
    expect((await sessionUser(alice))?.email).toBe("alice@example.com");
  });

  it("has better-auth refuse a cross-site sign-in from a browser (Fetch Metadata)", async () => {
    const t = await createApp();
    await signUp(t.client(), "alice@example.com");
    const response = await t
      .client()
      .post(
        "/api/auth/sign-in/email",
        { email: "alice@example.com", password: GOOD_PASSWORD },
        { origin: EVIL, headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } },
      );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
