import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD } from "../helpers/auth";
import { waitForOutboxMail } from "../helpers/mail";
import { cookieOf, type ServerProcess, startServerProcess } from "../helpers/server-process";
import { describeEachDatabase, TEST_ORIGIN } from "../helpers/test-app";

const signUpAt = (address: string, origin: string, email: string) =>
  fetch(`${address}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: GOOD_PASSWORD, name: "", languageCode: "en" }),
  });

describe("without PUBLIC_URL, the server works from whatever address it was opened at", () => {
  let dataDir: string;
  let server: ServerProcess;
  let port: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "health-chat-any-address-"));
    server = await startServerProcess({ dataDir, env: { PUBLIC_URL: "" } });
    port = new URL(server.origin).port;
  }, 120_000);
  afterAll(async () => {
    await server?.kill9();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("prints the addresses it can be opened at", () => {
    expect(server.stdout()).toContain(`http://127.0.0.1:${port}`);
  });

  it("signs up and changes settings through 127.0.0.1 and through localhost", async () => {
    for (const address of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const email = `someone-${new URL(address).hostname}@example.com`;
      const signedUp = await signUpAt(address, address, email);
      expect(signedUp.status, `sign-up at ${address}`).toBe(200);
      const cookie = cookieOf(signedUp);
      const put = await fetch(`${address}/api/profile/language`, {
        method: "PUT",
        headers: { "content-type": "application/json", origin: address, cookie },
        body: JSON.stringify({ languageCode: "de" }),
      });
      expect(put.status, `settings at ${address}`).toBe(200);
      // The confirmation link points where the user came from, not at a made-up localhost:3000.
      const mail = await waitForOutboxMail(join(dataDir, "outbox"), email, 0, "verify");
      expect(mail.text).toContain(`${address}/confirm-email?token=`);
    }
  });

  it("still refuses cross-site requests, and an Origin that is not the address the request was sent to", async () => {
    for (const origin of ["https://evil.example", `http://localhost:${port}`, "null"]) {
      const refused = await signUpAt(`http://127.0.0.1:${port}`, origin, "victim@example.com");
      expect(refused.status, `origin ${origin}`).toBe(403);
      const body = (await refused.json()) as { code: string; publicUrl?: string };
      expect(body.code).toBe("forbidden-origin");
      expect(body.publicUrl).toBeUndefined();
    }
    const noOrigin = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "victim@example.com", password: GOOD_PASSWORD, name: "" }),
    });
    expect(noOrigin.status).toBe(403);
  });
});

describeEachDatabase("with PUBLIC_URL set, only its origin passes", ({ createApp }) => {
  it("refuses another address with forbidden-origin naming the address to open", async () => {
    const t = await createApp();
    const response = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" },
      body: JSON.stringify({ email: "someone@example.com", password: GOOD_PASSWORD, name: "" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden-origin", publicUrl: TEST_ORIGIN });
  });
});
