import { expect, it } from "vitest";
import { describeEachDatabase } from "../helpers/test-app";

function expectSecurityHeaders(headers: Headers, label: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toMatch(/script-src 'self'(;|$)/);
  expect(csp, label).not.toContain("unsafe-inline");
  expect(csp, label).not.toContain("unsafe-eval");
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  // Dictation may use the microphone on our own pages only; camera, location and payments are off for all.
  expect(headers.get("permissions-policy"), label).toBe("microphone=(self), camera=(), geolocation=(), payment=()");
}

describeEachDatabase("security headers", ({ createApp }) => {
  it("are set on our routes, auth routes, errors and non-API paths", async () => {
    const t = await createApp();
    const client = t.client();
    const responses = {
      "password policy": await client.get("/api/password-policy"),
      "site config": await client.get("/api/site-config"),
      "get-session": await client.get("/api/auth/get-session"),
      "sign-in error": await client.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever it is" }),
      "401": await client.get("/api/profile"),
      "404": await client.get("/api/nope"),
      "413": await client.post("/api/auth/sign-in/email", undefined, { rawBody: "x".repeat(70_000) }),
      "403 origin": await client.put("/api/profile/language", { languageCode: "de" }, { origin: null }),
      "web path": await client.get("/"),
    };
    for (const [label, response] of Object.entries(responses)) expectSecurityHeaders(response.headers, label);
  });

  it("send no HSTS over http and HSTS when PUBLIC_URL is https", async () => {
    const plain = await createApp();
    expect((await plain.client().get("/api/password-policy")).headers.get("strict-transport-security")).toBeNull();
    const secure = await createApp({ PUBLIC_URL: "https://health.example" });
    expect((await secure.client().get("/api/password-policy")).headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  });
});
