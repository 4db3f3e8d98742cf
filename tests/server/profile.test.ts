import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { profiles } from "../../src/server/db/schema";
import { countRows, signUp, userIdOf } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

describeEachDatabase("profile", ({ createApp }) => {
  it("sign-up stores the language from the body and GET /api/profile returns it", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com", undefined, "de");

    const profile = await alice.get("/api/profile");
    expect(profile.status).toBe(200);
    expect(profile.json).toEqual({
      languageCode: "de",
      textSize: "normal",
      theme: "system",
      email: "alice@example.com",
      emailVerified: false,
      isOperator: false,
    });

    const [row] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, await userIdOf(t.db, "alice@example.com")));
    expect(row?.languageCode).toBe("de");
  });

  it("sign-up without a valid language stores en", async () => {
    const t = await createApp();
    const bob = t.client();
    await signUp(bob, "bob@example.com", undefined, "xx");
    expect((await bob.get("/api/profile")).body.languageCode).toBe("en");
    const userId = await userIdOf(t.db, "bob@example.com");
    expect(await countRows(t.db, profiles, eq(profiles.userId, userId))).toBe(1);
  });

  it("PUT /api/profile/language changes the language", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com", undefined, "en");

    const put = await alice.put("/api/profile/language", { languageCode: "de" });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ languageCode: "de" });
    expect((await alice.get("/api/profile")).body.languageCode).toBe("de");

    const back = await alice.put("/api/profile/language", { languageCode: "en" });
    expect(back.json).toEqual({ languageCode: "en" });
    expect((await alice.get("/api/profile")).body.languageCode).toBe("en");
  });

  it("PUT /api/profile/language creates the profile when it is missing", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com", undefined, "en");
    const userId = await userIdOf(t.db, "alice@example.com");
    await t.db.delete(profiles).where(eq(profiles.userId, userId));
    expect(await countRows(t.db, profiles, eq(profiles.userId, userId))).toBe(0);

    const put = await alice.put("/api/profile/language", { languageCode: "de" });
    expect(put.status).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(row?.languageCode).toBe("de");
    expect((await alice.get("/api/profile")).body.languageCode).toBe("de");
  });

  it("rejects an unknown language or extra fields with 400 bad-request and keeps the old value", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com", undefined, "de");

    for (const body of [{ languageCode: "fr" }, { languageCode: "" }, { languageCode: 1 }, {}, { languageCode: "en", admin: true }]) {
      const response = await alice.put("/api/profile/language", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body.code).toBe("bad-request");
    }
    expect((await alice.get("/api/profile")).body.languageCode).toBe("de");
  });

  it("PUT /api/profile/display stores the text size and theme, and GET /api/profile returns them", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const put = await alice.put("/api/profile/display", { textSize: "larger", theme: "dark" });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ textSize: "larger", theme: "dark" });
    expect((await alice.get("/api/profile")).json).toMatchObject({ languageCode: "en", textSize: "larger", theme: "dark" });
    const bob = t.client();
    await signUp(bob, "bob@example.com");
    expect((await bob.get("/api/profile")).json).toMatchObject({ textSize: "normal", theme: "system" });
  });

  it("refuses an unknown text size or theme, a missing one or extra fields with 400 and keeps the old values", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    await alice.put("/api/profile/display", { textSize: "large", theme: "light" });
    const bodies = [
      { textSize: "huge", theme: "dark" },
      { textSize: "large", theme: "blue" },
      { textSize: "large" },
      { theme: "dark" },
      { textSize: "large", theme: "dark", languageCode: "de" },
      null,
    ];
    for (const body of bodies) {
      const response = await alice.put("/api/profile/display", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe("bad-request");
    }
    expect((await alice.get("/api/profile")).json).toMatchObject({ textSize: "large", theme: "light" });
    expect((await t.client().put("/api/profile/display", { textSize: "large", theme: "dark" })).status).toBe(401);
  });

  it("needs a session: anonymous requests get 401 unauthorized", async () => {
    const t = await createApp();
    const anonymous = t.client();
    const get = await anonymous.get("/api/profile");
    expect(get.status).toBe(401);
    expect(get.body.code).toBe("unauthorized");
    const put = await anonymous.put("/api/profile/language", { languageCode: "de" });
    expect(put.status).toBe(401);
    expect(put.body.code).toBe("unauthorized");
  });
});
