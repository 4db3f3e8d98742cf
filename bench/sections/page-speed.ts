import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../../e2e/chromium";
import { signUp, streamViaServer } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { startGzipProxy } from "../lib/gzip-proxy";
import { observePageSpeed, type PageSpeedWindow, phone, throttle, totalBlockingTime } from "../lib/page-metrics";
import { startModel, startServer } from "../lib/procs";
import { atMost, type Figure, formatNumber } from "../lib/report";
import { percentile } from "../lib/stats";
import { measureStreamingBlockingTime } from "./streaming-blocking-time";

/** After the network has been quiet for 500 ms, how long to keep watching for long tasks. */
const settleMs = 1000;
const limits = { lcpMs: 2000, tbtMs: 200 };

interface Sample {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/** One cold load in a fresh context (empty cache), throttled; waits until the page has settled. */
async function loadOnce(
  browser: Browser,
  url: string,
  cookies: { name: string; value: string }[],
  ready: string,
): Promise<Sample | undefined> {
  const context = await browser.newContext(phone);
  try {
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: new URL(url).hostname, path: "/" })));
    await context.addInitScript(observePageSpeed);
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page));
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(settleMs);
    if (!(await page.getByText(ready).first().isVisible())) {
      const shown = ((await page.locator("body").textContent()) ?? "").replace(/\s+/g, " ").slice(0, 200);
      throw new Error(`${url} did not show “${ready}” but: ${shown}`);
    }
    const result = await page.evaluate(() => ({
      ...(window as unknown as PageSpeedWindow).__pageSpeed,
      fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      nowMs: performance.now(),
    }));
    // Now and then Chromium (throttled, on a busy machine) reports no LCP entry at all for a load that did show
    // the page; such a load is no sample (0 would flatter the figure).
    if (result.lcpMs === 0) return undefined;
    return { fcpMs: result.fcpMs, lcpMs: result.lcpMs, tbtMs: totalBlockingTime(result.longTasks, result.fcpMs, result.nowMs) };
  } finally {
    await context.close();
  }
}

/** A signed-in user's new chat of three turns, made through the API; returns its id. */
async function chatOfThreeTurns(base: string, cookie: string): Promise<string> {
  const questions = [
    "I have had a mild headache since this morning after a short night, what can I do about it at home?",
    "Is it fine to take ibuprofen on an empty stomach?",
    "When should I see a doctor about it?",
  ];
  let chatId: string | undefined;
  for (const question of questions) {
    const result = await streamViaServer(base, cookie, question, { chatId });
    if (result.status !== 200 || result.error || !result.chatId)
      throw new Error(`sending a message answered ${result.status} ${result.error ?? ""}`);
    chatId = result.chatId;
  }
  return chatId as string;
}

/** The cookies of a Cookie header, for a browser context. */
function browserCookies(cookie: string): { name: string; value: string }[] {
  return cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

function figures(page: string, samples: Sample[]): Figure[] {
  const n = samples.length;
  const of = (key: keyof Sample) => samples.map((sample) => sample[key]);
  const lcp = { p50: percentile(of("lcpMs"), 50), max: Math.max(...of("lcpMs")) };
  const tbt = { p50: percentile(of("tbtMs"), 50), max: Math.max(...of("tbtMs")) };
  const fcp = percentile(of("fcpMs"), 50);
  const seconds = (ms: number) => `${formatNumber(ms / 1000)} s`;
  const profile = "cold load, 4× CPU slowdown, slow 4G, 412 px phone";
  return [
    {
      section: "Page speed",
      name: `LCP ${page}`,
      measured: `p50 ${seconds(lcp.p50)}, max ${seconds(lcp.max)} (FCP p50 ${seconds(fcp)}), n=${n}; ${profile}`,
      target: `p50 ≤ ${seconds(limits.lcpMs)}`,
      ...atMost(lcp.p50 / 1000, limits.lcpMs / 1000, " s"),
      samples: n,
      data: { samples, lcp, fcpP50: fcp },
    },
    {
      section: "Page speed",
      name: `TBT ${page}`,
      measured: `p50 ${formatNumber(tbt.p50)} ms, max ${formatNumber(tbt.max)} ms, n=${n}; ${profile}`,
      target: `p50 ≤ ${limits.tbtMs} ms`,
      ...atMost(tbt.p50, limits.tbtMs, " ms"),
      samples: n,
      data: { tbt },
    },
  ];
}

/**
 * LCP and TBT of the landing page (signed out) and a saved chat (signed in), in Chromium, throttled; then the
 * blocking time while a reply streams into a chat of 200 messages.
 */
export async function measurePageSpeed(ctx: BenchContext): Promise<Figure[]> {
  const runs = ctx.quick ? 3 : 5;
  const model = await startModel(1);
  const server = await startServer({ dataDir: join(ctx.tmp, "page-speed"), modelUrl: model.url, logFile: ctx.serverLog });
  const proxy = await startGzipProxy(server.base);
  // Launched inside the try: a browser that fails to start must not leave the server and the model running.
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const cookie = await signUp(server.base, "page-speed@bench.local");
    const cookies = browserCookies(cookie);
    const chatId = await chatOfThreeTurns(server.base, cookie);
    const pages = [
      { path: "/landingpage", cookies: [], ready: "Health questions, answered with care" },
      { path: "/chats/:id", url: `/chats/${chatId}`, cookies, ready: "This reply comes from the test model." },
    ];
    const results: Figure[] = [];
    for (const page of pages) {
      const samples: Sample[] = [];
      for (let attempt = 0; samples.length < runs; attempt++) {
        if (attempt === 2 * runs) throw new Error(`${page.path}: ${attempt - samples.length} of ${attempt} loads reported no LCP`);
        const sample = await loadOnce(browser, `${proxy.base}${page.url ?? page.path}`, page.cookies, page.ready);
        if (sample) samples.push(sample);
      }
      results.push(...figures(page.path, samples));
      ctx.log(`  ${page.path}: ${results.at(-2)?.measured}; TBT ${results.at(-1)?.measured}`);
    }
    const streaming = await measureStreamingBlockingTime(browser, { base: server.base, cookie, cookies, modelUrl: model.url, runs });
    ctx.log(`  ${streaming.name}: ${streaming.measured}`);
    return [...results, streaming];
  } finally {
    await browser?.close();
    await proxy.stop();
    await server.stop();
    await model.stop();
  }
}
