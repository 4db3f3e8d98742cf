import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD, signInRequest, signUp } from "../helpers/auth";
import { findNginx, type RunningNginx, startNginx } from "../helpers/nginx";
import { agentOn } from "../helpers/scale";
import { freePort, type ServerProcess, startServerProcess } from "../helpers/server-process";

/**
 * Issue 11, item 7, through deploy/nginx.conf: nginx keeps its connections to the app open (upstream keepalive)
 * and sends the next request, whoever's it is, on one of them. So after the app refused a body over
 * MAX_BODY_BYTES with 413, the connection that carried it must serve the next request (or have been closed
 * by a `Connection: close` that nginx honours): never a 502 for the next user. One app process behind nginx,
 * so every request goes over that process's few keep-alive connections.
 */

const skipReason = findNginx() ? undefined : "nginx is not installed (apt-get install nginx-light; .ci/run installs it)";
if (skipReason) console.log(`nginx oversize-body tests skipped: ${skipReason}`);

/** Below nginx's client_max_body_size (64k), so the app refuses these bodies itself, not nginx. */
const APP_MAX_BODY_BYTES = 8192;
const OVERSIZED_BYTES = 60_000;
const ROUNDS = 12;

let dataDir: string | undefined;
let app: ServerProcess | undefined;
let nginx: RunningNginx | undefined;
let proxy: string;

describe.skipIf(skipReason)("nginx (deploy/nginx.conf): a 413 from the app never costs the next user their request", () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "health-chat-nginx-413-"));
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    app = await startServerProcess({
      dataDir,
      env: { PUBLIC_URL: proxy, TRUST_PROXY: "true", MAX_BODY_BYTES: String(APP_MAX_BODY_BYTES), RATE_LIMITS: "off" },
    });
    nginx = await startNginx({ port, upstreams: [new URL(app.origin).host] });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await app?.kill9();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("after each of the app's 413s, another user's POST on the same upstream succeeds", { timeout: 120_000 }, async () => {
    const mallory = agentOn(proxy, { publicOrigin: proxy });
    await signUp(mallory, "mallory@example.com");
    const bob = agentOn(proxy, { publicOrigin: proxy });
    await signUp(bob, "bob@example.com");
    const oversized = JSON.stringify({ text: "x".repeat(OVERSIZED_BYTES), language: "en" });
    expect(oversized.length).toBeGreaterThan(APP_MAX_BODY_BYTES);
    expect(oversized.length).toBeLessThan(64 * 1024);

    for (let round = 0; round < ROUNDS; round++) {
      const refused = await mallory.post("/api/chats/messages", undefined, { rawBody: oversized });
      expect(refused.status).toBe(413);
      expect(refused.body.code).toBe("payload-too-large");
      // The app's answer (it carries the app's security headers), not nginx's own 413.
      expect(refused.headers.get("content-security-policy")).toContain("default-src");

      // Another user's request with a body of its own, read after the refused one on that connection.
      const next = await signInRequest(bob, "bob@example.com", GOOD_PASSWORD);
      expect(next.status, `round ${round}: ${next.text.slice(0, 200)}`).toBe(200);
    }
    expect(nginx?.stderr() ?? "").not.toMatch(/upstream prematurely closed|reset by peer|upstream timed out/);
    expect(nginx?.accessLog() ?? "").not.toMatch(/ 502 /);
  });
});
