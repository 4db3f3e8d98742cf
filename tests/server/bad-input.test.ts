import { expect, it } from "vitest";
import type { TestResponse } from "../helpers/agent";
import { GOOD_PASSWORD, signUp } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

/** A client error with a JSON body: never a 5xx, never HTML. */
function expectJsonClientError(response: TestResponse, label: string) {
  expect(response.status, `${label}: ${response.text}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${label}: ${response.text}`).toBeLessThan(500);
  expect(response.headers.get("content-type"), label).toContain("application/json");
  expect(response.json, label).toBeTypeOf("object");
}

const malformed = ["{not json", '{"languageCode": "de"', "", "null", "[]", '"de"', "\u0000"];

describeEachDatabase("bad input", ({ createApp }) => {
  it("answers malformed JSON to PUT /api/profile/language with 400 bad-request", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    for (const rawBody of malformed) {
      const response = await alice.send("PUT", "/api/profile/language", { rawBody });
      expectJsonClientError(response, JSON.stringify(rawBody));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("bad-request");
    }
  });

  it("answers malformed JSON to the auth endpoints with a JSON 4xx", async () => {
    const t = await createApp();
    await signUp(t.client(), "alice@example.com");
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
    ]) {
      for (const rawBody of malformed) {
        expectJsonClientError(await t.client().send("POST", path, { rawBody }), `${path} ${JSON.stringify(rawBody)}`);
      }
    }
  });

  it("answers wrong types with a JSON 4xx", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const cases: [string, unknown][] = [
      ["/api/auth/sign-in/email", { email: 123, password: GOOD_PASSWORD }],
      ["/api/auth/sign-in/email", { email: "alice@example.com", password: 123 }],
      ["/api/auth/sign-in/email", { email: ["alice@example.com"], password: GOOD_PASSWORD }],
      ["/api/auth/sign-in/email", { email: { $ne: "" }, password: GOOD_PASSWORD }],
      ["/api/auth/sign-up/email", { email: 123, password: GOOD_PASSWORD, name: "" }],
      ["/api/auth/sign-up/email", { email: "new@example.com", password: 12345678901, name: "" }],
      ["/api/auth/sign-up/email", { email: "not an e-mail", password: GOOD_PASSWORD, name: "" }],
      ["/api/auth/request-password-reset", { email: 123 }],
      ["/api/auth/reset-password", { newPassword: 123, token: "x" }],
      ["/api/auth/reset-password", { newPassword: GOOD_PASSWORD, token: 123 }],
    ];
    for (const [path, body] of cases) {
      expectJsonClientError(await t.client().post(path, body), `${path} ${JSON.stringify(body)}`);
    }
    const put = await alice.put("/api/profile/language", { languageCode: ["de"] });
    expectJsonClientError(put, "languageCode array");
    expect(put.body.code).toBe("bad-request");
    expect(put.body.issues).toBeInstanceOf(Array);
  });

  it("refuses a body larger than MAX_BODY_BYTES with 413 payload-too-large", async () => {
    const t = await createApp({ MAX_BODY_BYTES: "2048" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const padding = "x".repeat(4096);

    const profile = await alice.put("/api/profile/language", { languageCode: "de", padding });
    expect(profile.status).toBe(413);
    expect(profile.body.code).toBe("payload-too-large");
    expect((await alice.get("/api/profile")).body.languageCode).toBe("en");

    const signIn = await t.client().post("/api/auth/sign-in/email", { email: "alice@example.com", password: padding });
    expect(signIn.status).toBe(413);
    expect(signIn.body.code).toBe("payload-too-large");

    // A body within the limit still works.
    const small = await alice.put("/api/profile/language", { languageCode: "de" });
    expect(small.status).toBe(200);
  });

  it("answers unknown API routes with 404 not-found JSON", async () => {
    const t = await createApp();
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["GET", "/api/password-policy/nope"],
      ["POST", "/api/nope"],
      ["DELETE", "/api"],
    ] as const) {
      const response = await t.client().send(method, path, { json: method === "GET" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body.code, `${method} ${path}`).toBe("not-found");
    }
  });
});
