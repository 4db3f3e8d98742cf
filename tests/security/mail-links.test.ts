import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD, signUp } from "../helpers/auth";
import { isMailOfKind, resetLink } from "../helpers/mail";
import { rawHttpRequest } from "../helpers/raw-http";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { closeAllTestApps, createTestApp, TEST_ORIGIN } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

const ALICE = "alice@example.com";

/** The requests that make the server send a mail with a link in it (a sign-up of `newEmail`). */
const mailRequests = (newEmail: string) => [
  { path: "/api/auth/sign-up/email", body: { email: newEmail, password: GOOD_PASSWORD, name: "", languageCode: "en" } },
  { path: "/api/auth/request-password-reset", body: { email: ALICE } },
  { path: "/api/auth/send-verification-email", body: { email: ALICE } },
];

describe("without PUBLIC_URL, mail links name only the addresses the server printed at start", () => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  let server: ServerProcess;
  let port: string;
  /** A JSON POST to the real server over loopback, with the Host (and other headers) the test names. */
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await rawHttpRequest(`${server.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await mkdtemp(join(tmpdir(), "health-chat-mail-links-"));
    server = await startServerProcess({
      dataDir,
      env: {
        PUBLIC_URL: "",
        TRUST_PROXY: "true",
        NODE_ENV: "production",
        SMTP_URL: smtp.url,
        SIGN_UP_RATE_LIMIT_MAX: "100",
        PASSWORD_RESET_RATE_LIMIT_MAX: "100",
      },
    });
    port = new URL(server.origin).port;
    const [signUpRequest] = mailRequests(ALICE);
    const signedUp = await post(signUpRequest?.path ?? "", signUpRequest?.body, { origin: server.origin });
    expect(signedUp.status).toBe(200);
    expect((await smtp.waitForMail(ALICE, "verify")).text).toContain(`${server.origin}/confirm-email?token=`);
  }, 120_000);
  afterAll(async () => {
    await server?.kill9();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a mail-sending request sent with another Host, naming PUBLIC_URL, and sends nothing", async () => {
    for (const { path, body } of mailRequests("bob@example.com")) {
      const refused = await post(path, body, { host: "evil.example", origin: "http://evil.example" });
      expect(refused.status, path).toBe(400);
      expect(refused.body.code, path).toBe("unknown-host");
      expect(refused.body.message, path).toContain("PUBLIC_URL");
    }
    // A request the server accepts after those: once its mail is in, none of the refused ones can follow.
    expect((await post("/api/auth/request-password-reset", { email: ALICE }, { origin: server.origin })).status).toBe(200);
    expect(resetLink((await smtp.waitForMail(ALICE, "reset")).text).link).toMatch(new RegExp(`^${server.origin}/reset-password\\?`));
    expect(smtp.received.map((mail) => mail.text).join("\n")).not.toContain("evil.example");
  });

  it("behind TRUST_PROXY, holds X-Forwarded-Host to the same addresses", async () => {
    const loopback = { host: `127.0.0.1:${port}`, "x-forwarded-proto": "http" };
    for (const { path, body } of mailRequests("carol@example.com")) {
      const refused = await post(path, body, { ...loopback, "x-forwarded-host": "evil.example", origin: "http://evil.example" });
      expect(refused.status, path).toBe(400);
      expect(refused.body.code, path).toBe("unknown-host");
    }
    // A forwarded host the server printed (localhost is loopback) is taken: the link names it.
    const before = smtp.received.length;
    const viaProxy = { ...loopback, "x-forwarded-host": `localhost:${port}`, origin: `http://localhost:${port}` };
    expect((await post("/api/auth/request-password-reset", { email: ALICE }, viaProxy)).status).toBe(200);
    const mail = await waitFor("the reset mail", () => smtp.received.slice(before).find((received) => isMailOfKind(received, "reset")));
    expect(resetLink(mail.text).link).toMatch(new RegExp(`^http://localhost:${port}/reset-password\\?`));
    expect(smtp.received.map((received) => received.text).join("\n")).not.toContain("evil.example");
  });

  it("warns at start in production that PUBLIC_URL is unset", () => {
    expect(server.stderr()).toMatch(/"level":"warn".*PUBLIC_URL is not set/);
    expect(server.stdout()).toContain("PUBLIC_URL is not set");
  });
});

describe("X-Forwarded-Host counts only without PUBLIC_URL and with TRUST_PROXY", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  afterEach(closeAllTestApps);

  const resetMailLink = async (env: Record<string, string>, headers: Record<string, string>) => {
    const t = await createTestApp({ SMTP_URL: smtp.url, ...env });
    const email = `user-${crypto.randomUUID()}@example.com`;
    await signUp(t.client(), email);
    const response = await t.client().post("/api/auth/request-password-reset", { email }, { headers });
    expect(response.status).toBe(200);
    return resetLink((await smtp.waitForMail(email, "reset")).text).link;
  };

  it("is ignored without TRUST_PROXY: the link names the address the request was sent to", async () => {
    const link = await resetMailLink({ PUBLIC_URL: "" }, { "x-forwarded-host": "evil.example" });
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);
  });

  it("is ignored with PUBLIC_URL set, even with TRUST_PROXY: the link names PUBLIC_URL", async () => {
    const link = await resetMailLink({ TRUST_PROXY: "true" }, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);
  });
});

describe("a Host the server did not print, without PUBLIC_URL", () => {
  afterEach(closeAllTestApps);

  it("gets the refusal on account requests, and a signed-in user's other requests still work (no 500)", async () => {
    const t = await createTestApp({ PUBLIC_URL: "" });
    const alice = t.client();
    await signUp(alice, ALICE);
    const elsewhere = { host: "elsewhere.example", origin: "http://elsewhere.example" };
    const session = await alice.get("/api/auth/get-session", { headers: elsewhere });
    expect(session.status).toBe(400);
    expect(session.body.code).toBe("unknown-host");
    expect((await alice.get("/api/profile", { headers: elsewhere })).status).toBe(200);
  });
});
