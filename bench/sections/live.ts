import { join } from "node:path";
import { replyTo } from "../../tests/fake-model/server";
import { createScratchDatabase } from "../../tests/helpers/scratch-database";
import { getJson, type StreamResult, signUp, streamViaServer } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { type ServerOptions, startModel, startServer } from "../lib/procs";
import { all, atMost, type Figure, formatNumber, kb, mb } from "../lib/report";
import { percentile, round } from "../lib/stats";

/** A question whose fake reply has exactly `tokens` streamed pieces (the fake model splits after whitespace). */
function questionFor(tokens: number): string {
  const overhead = replyTo("x").split(/(?<=\s)/).length - 1;
  return `Why ${"do ".repeat(Math.max(0, tokens - overhead - 2))}I sleep badly?`;
}

/**
 * N clients each stream one long reply through one server process, started over a ramp and all live at
 * once for most of the reply: every reply must arrive whole; the server's RSS per live stream and its
 * event-loop delay are measured while they all run.
 */
async function liveOn(
  ctx: BenchContext,
  label: string,
  options: Omit<ServerOptions, "modelUrl" | "logFile">,
  { clients, rampMs }: { clients: number; rampMs: number },
): Promise<Figure> {
  const replySeconds = ctx.quick ? 10 : 30;
  const tokens = 150;
  const question = questionFor(tokens);
  const expected = replyTo(question);
  const expectedTokens = expected.split(/(?<=\s)/).length;
  const paceMs = Math.round((replySeconds * 1000) / expectedTokens);

  const model = await startModel(paceMs);
  // Started once before, so the baseline is a server on an existing database (not one that just ran initdb).
  await (await startServer({ ...options, logFile: ctx.serverLog })).stop();
  const server = await startServer({ ...options, modelUrl: model.url, logFile: ctx.serverLog });
  try {
    const cookie = await signUp(server.base, "live@bench.local");
    // Warm the path (JIT, pools) with a few short chats before measuring the idle baseline.
    await Promise.all(Array.from({ length: 5 }, () => streamViaServer(server.base, cookie, "warm up")));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await server.stats({ reset: true, gc: true });
    const baseRss = server.rss();

    let live = 0;
    let peakLive = 0;
    let plateauRss = 0;
    const pings: number[] = [];
    const sampler = setInterval(() => {
      if (live >= clients) plateauRss = Math.max(plateauRss, server.rss());
    }, 250);
    // A cheap route every 100 ms: what a person opening the site sees while the streams run.
    let pinging = true;
    const pinger = (async () => {
      while (pinging) {
        const t = performance.now();
        await getJson(`${server.base}/api/password-policy`, "");
        pings.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: clients }, async (_, i): Promise<StreamResult | Error> => {
        await new Promise((resolve) => setTimeout(resolve, (i * rampMs) / clients));
        live += 1;
        peakLive = Math.max(peakLive, live);
        try {
          return await streamViaServer(server.base, cookie, question);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        } finally {
          live -= 1;
        }
      }),
    );
    const elapsedMs = performance.now() - started;
    clearInterval(sampler);
    pinging = false;
    await pinger;
    const loop = await server.stats();

    const failed = results.filter((r) => r instanceof Error || r.status !== 200 || r.error);
    const streams = results.filter((r): r is StreamResult => !(r instanceof Error));
    const lost = streams.filter((r) => r.status === 200 && (r.text !== expected || r.doneText !== expected));
    // Counted in the reply's text: one event may carry several tokens that arrived together.
    const lostTokens = streams.reduce((sum, r) => sum + Math.max(0, expectedTokens - r.text.split(/(?<=\s)/).length), 0);
    // PGlite's WebAssembly heap can dwarf the streams' memory; a plateau below the baseline measures nothing.
    const perStream = plateauRss > baseRss ? (plateauRss - baseRss) / clients : Number.NaN;
    const ttfts = streams.map((r) => r.ttftMs);
    const complete = { met: failed.length === 0 && lost.length === 0, verdict: `${failed.length} failed, ${lost.length} incomplete` };
    const check = all([
      { label: "completion", ...complete },
      { label: "RSS/stream", ...atMost(perStream / 1024, 64, " KB") },
      { label: "loop delay p99", ...atMost(loop.loop.p99, 50, " ms") },
    ]);
    const figure: Figure = {
      section: "Concurrent live chats",
      name: `${label}: ${clients} streams × ${replySeconds} s (${expectedTokens} tokens at ${paceMs} ms), one process`,
      measured:
        `${clients - failed.length - lost.length}/${clients} complete, ${lostTokens} tokens lost; peak ${peakLive} live; ` +
        `RSS ${mb(baseRss)} → ${mb(plateauRss)} = ${Number.isNaN(perStream) ? "not measurable" : kb(perStream)} per live stream; ` +
        `event-loop delay p50 ${loop.loop.p50} / p99 ${loop.loop.p99} / max ${loop.loop.max} ms; ` +
        `ping route p50 ${formatNumber(percentile(pings, 50))} / p99 ${formatNumber(percentile(pings, 99))} ms (n=${pings.length}); ` +
        `time to first token p50 ${formatNumber(percentile(ttfts, 50))} / p99 ${formatNumber(percentile(ttfts, 99))} ms`,
      baseline: `idle server before the streams (after a full GC): RSS ${mb(baseRss)}`,
      target: "all complete, no lost tokens, ≤ 64 KB RSS per stream, loop delay p99 ≤ 50 ms",
      ...check,
      samples: clients,
      data: {
        clients,
        replySeconds,
        tokens: expectedTokens,
        paceMs,
        rampMs,
        elapsedMs: round(elapsedMs),
        failed: failed.length,
        incomplete: lost.length,
        lostTokens,
        peakLive,
        baseRss,
        plateauRss,
        rssPerStreamBytes: round(perStream),
        loop: loop.loop,
        pingP50: round(percentile(pings, 50)),
        pingP99: round(percentile(pings, 99)),
        pings: pings.length,
        ttftP50: round(percentile(ttfts, 50)),
        ttftP99: round(percentile(ttfts, 99)),
        firstFailure: failed[0] instanceof Error ? failed[0].message : (failed[0] as StreamResult | undefined)?.error,
      },
    };
    ctx.log(`  ${label}: ${figure.measured}`);
    return figure;
  } finally {
    await server.stop();
    await model.stop();
  }
}

export async function measureLiveChats(ctx: BenchContext, postgresUrl: string | undefined): Promise<Figure[]> {
  // Sends are spread over a ramp (100 new chats a second at full size on PostgreSQL) so that the figure is
  // about holding live streams, not a burst of sign-ons; all are live at once for the rest of the reply.
  // PGlite runs every query on the server's own thread: at 2,000 streams (100 new chats a second) its queue
  // grew for minutes in the first full run (437 of 2,000 failed), so the full size runs on PostgreSQL only.
  const figures = [
    await liveOn(ctx, "PGlite", { dataDir: join(ctx.tmp, "live") }, { clients: ctx.quick ? 100 : 300, rampMs: ctx.quick ? 3000 : 10_000 }),
  ];
  if (postgresUrl) {
    const database = await createScratchDatabase("live", postgresUrl);
    try {
      figures.push(
        await liveOn(
          ctx,
          "PostgreSQL",
          { dataDir: join(ctx.tmp, "live-pg"), databaseUrl: database.url },
          { clients: ctx.quick ? 200 : 2000, rampMs: ctx.quick ? 3000 : 20_000 },
        ),
      );
    } finally {
      await database.drop();
    }
  }
  figures.push(await measureCap(ctx));
  return figures;
}

/**
 * With MAX_LIVE_CHATS set, more sends at once than the cap: the first `cap` stream to the end, the rest are
 * refused at once with 429 `server-busy` and Retry-After, and the live ones do not slow down.
 */
async function measureCap(ctx: BenchContext): Promise<Figure> {
  const cap = 100;
  const extra = 50;
  const model = await startModel(50);
  const server = await startServer({
    dataDir: join(ctx.tmp, "cap"),
    modelUrl: model.url,
    logFile: ctx.serverLog,
    extraEnv: { MAX_LIVE_CHATS: String(cap), LIVE_CHATS_RETRY_AFTER_SECONDS: "5" },
  });
  try {
    const cookie = await signUp(server.base, "cap@bench.local");
    const question = questionFor(100);
    const expected = replyTo(question);
    // `cap` replies (about 5 s each) are live, their response headers in, before the extra sends go out.
    let answered = 0;
    let allLive: () => void = () => {};
    const live = new Promise<void>((resolve) => {
      allLive = resolve;
    });
    const onResponse = () => {
      answered += 1;
      if (answered === cap) allLive();
    };
    const first = Array.from({ length: cap }, () => streamViaServer(server.base, cookie, question, { onResponse }));
    await live;
    const extras = await Promise.all(
      Array.from({ length: extra }, async () => {
        const t = performance.now();
        const result = await streamViaServer(server.base, cookie, question);
        return { result, ms: performance.now() - t };
      }),
    );
    const streams = await Promise.all(first);
    const complete = streams.filter((r) => r.status === 200 && !r.error && r.text === expected && r.doneText === expected);
    const refused = extras.filter(({ result }) => result.status === 429 && Number(result.retryAfter) > 0);
    const answerMs = extras.map(({ ms }) => ms);
    const met = complete.length === cap && refused.length === extra;
    return {
      section: "Concurrent live chats",
      name: `cap on live chats: MAX_LIVE_CHATS=${cap}, ${extra} more sends while ${cap} stream`,
      measured:
        `${complete.length}/${cap} live replies complete; ${refused.length}/${extra} extra sends refused with 429 and Retry-After, ` +
        `answered in p50 ${formatNumber(percentile(answerMs, 50))} / max ${formatNumber(Math.max(...answerMs))} ms`,
      target: "configurable cap; new chats get 429 with Retry-After",
      met,
      verdict: met ? "met" : `missed: ${cap - complete.length} live replies incomplete, ${extra - refused.length} extra sends not refused`,
      samples: cap + extra,
      data: { cap, extra, complete: complete.length, refused: refused.length, answerP50: round(percentile(answerMs, 50)) },
    };
  } finally {
    await server.stop();
    await model.stop();
  }
}
