import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/env";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { parsePrometheusText, samplesOf, sampleValue } from "../helpers/prometheus-text";
import { describeEachDatabase, type TestApp } from "../helpers/test-app";

const TOKEN = "scrape-token-0123456789abcdef";
const model = fakeModelForFile({ tokenDelayMs: 0, classifyDelayMs: 20 });

// A built web app, so that a /metrics the server did not answer itself would come back as index.html (200).
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), "metrics-web-"));
  await writeFile(join(webRoot, "index.html"), "<!doctype html><title>the web app</title>");
});
afterAll(() => rm(webRoot, { recursive: true, force: true }));

const scrape = (t: TestApp, authorization?: string) =>
  t.request("/metrics", { headers: authorization ? { Authorization: authorization } : {} });

async function scrapeSamples(t: TestApp) {
  const response = await scrape(t, `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return parsePrometheusText(await response.text());
}

describe("METRICS_TOKEN", () => {
  it("must be long enough to guess, and one word (it is sent as a bearer token)", () => {
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadEnv({ METRICS_TOKEN: "sixteen chars with spaces" })).toThrow(/METRICS_TOKEN/);
    expect(loadEnv({ METRICS_TOKEN: ` ${TOKEN} ` }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
  });
});

describeEachDatabase("/metrics", ({ kind, createApp }) => {
  it("does not exist without METRICS_TOKEN: 404, never the web app's fallback page", async () => {
    const t = await createApp({}, { webRoot });
    expect((await t.request("/some/page")).status, "the fallback serves other paths").toBe(200);
    const response = await scrape(t, `Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("the web app");
  });

  it("answers a missing or wrong bearer token with a bare 401, the right one with Prometheus text", async () => {
    const t = await createApp({ METRICS_TOKEN: TOKEN }, { webRoot });
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Bearer ${TOKEN}x`, `Basic ${btoa(`x:${TOKEN}`)}`, TOKEN]) {
      const response = await scrape(t, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.text()).toBe("Unauthorized");
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    const response = await scrape(t, `bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // No cross-site check applies: a scraper sends no Origin, and none was sent here.
    expect(await response.text()).toContain("health_chat_live_replies 0");
  });

  it("after chats: requests by route pattern, live replies, first tokens, provider errors, red flags, pool waits, loop delay", async () => {
    const t = await createApp({ METRICS_TOKEN: TOKEN, OPENAI_BASE_URL: model().url, LLM_MAX_RETRIES: "0", RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");

    // The rules flag cardiac and breathing; the model's verdict names cardiac as well.
    const emergency = await sendMessage(alice, "#model-emergency:cardiac I have crushing chest pain and I can't breathe");
    expect(eventOf(emergency.events, "done")).toBeDefined();
    // A new chat whose reply fails at the provider (HTTP 500); only the model flags it (stroke).
    model().queue({ kind: "status", status: 500 });
    const failed = await sendMessage(alice, "#model-emergency:stroke what helps against a cold?");
    expect(eventOf(failed.events, "error")?.code).toBe("provider-unavailable");
    expect((await alice.get(`/api/chats/${emergency.chatId}`)).status).toBe(200);

    const samples = await scrapeSamples(t);

    const requests = "health_chat_http_request_duration_seconds_count";
    expect(sampleValue(samples, requests, { method: "POST", route: "/api/chats/messages", status_class: "2xx" })).toBe(2);
    expect(sampleValue(samples, requests, { method: "GET", route: "/api/chats/:id", status_class: "2xx" })).toBe(1);
    expect(sampleValue(samples, requests, { method: "POST", route: "/api/auth/*", status_class: "2xx" })).toBe(1);
    const routes = new Set(samplesOf(samples, requests).map((s) => s.labels.route));
    expect(
      [...routes].filter((route) => route?.includes(emergency.chatId ?? "no chat")),
      "no raw path with an id",
    ).toEqual([]);

    expect(sampleValue(samples, "health_chat_live_replies"), "every reply has ended").toBe(0);

    expect(sampleValue(samples, "health_chat_reply_first_token_seconds_count"), "one reply sent tokens").toBe(1);
    const firstTokenSeconds = sampleValue(samples, "health_chat_reply_first_token_seconds_sum");
    expect(firstTokenSeconds).toBeGreaterThan(0);
    expect(firstTokenSeconds).toBeLessThan(10);

    const providerErrors = "health_chat_provider_errors_total";
    expect(sampleValue(samples, providerErrors, { kind: "provider-unavailable" })).toBe(1);
    expect(sampleValue(samples, providerErrors, { kind: "provider-timeout" }), "kinds that did not happen are 0").toBe(0);

    const redFlags = Object.fromEntries(
      samplesOf(samples, "health_chat_red_flag_hits_total")
        .filter((s) => s.value > 0)
        .map((s) => [`${s.labels.layer}:${s.labels.category}`, s.value]),
    );
    expect(redFlags).toEqual({ "both:cardiac": 1, "rules:breathing": 1, "model:stroke": 1 });

    const poolWaits = sampleValue(samples, "health_chat_db_pool_wait_seconds_count");
    if (kind === "postgres") {
      expect(poolWaits, "every query waited for a pool connection, however briefly").toBeGreaterThan(10);
      expect(sampleValue(samples, "health_chat_db_pool_wait_seconds_sum")).toBeLessThan(poolWaits * 5);
    } else {
      expect(poolWaits, "PGlite has no pool").toBe(0);
    }

    const loopDelayP99 = sampleValue(samples, "nodejs_eventloop_lag_p99_seconds");
    expect(loopDelayP99).toBeGreaterThan(0);
    expect(loopDelayP99).toBeLessThan(5);
  });
});
