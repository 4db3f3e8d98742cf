import { type StreamResult, signUp, streamDirect, streamViaServer } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { type ServerProcess, startModel, startServer } from "../lib/procs";
import { type Figure, formatNumber, notMeasuredWithoutPostgres } from "../lib/report";
import { percentile, round } from "../lib/stats";
import { pglite, postgres, question, type Storage } from "./latency";
import { checkComplete } from "./latency-pairs";

/** The CACHES settings compared: all caches, and each one left out. */
const configs = [
  { label: "all caches", caches: "sessions,prompts" },
  { label: "no session cache", caches: "prompts" },
  { label: "no prompt cache", caches: "sessions" },
] as const;

/** What removing a cache must cost for it to stay (issue 24): added TTFT p50 or throughput at 50 chats. */
const KEEP_IF = { addedTtftMs: 2, throughputLoss: 0.1 };

interface Running {
  label: string;
  server: ServerProcess;
  cookie: string;
  ttft: number[];
  direct: number[];
  replies: number;
  seconds: number;
}

async function startAll(ctx: BenchContext, modelUrl: string, storage: Storage, closes: (() => Promise<void>)[]) {
  const running: Running[] = [];
  for (const [index, { label, caches }] of configs.entries()) {
    const pass = `caches-${index}`;
    const { options, close } = await storage.open(pass);
    closes.push(close);
    const server = await startServer({ ...options, modelUrl, logFile: ctx.serverLog, extraEnv: { CACHES: caches } });
    running.push({ label, server, cookie: await signUp(server.base, `${pass}@bench.local`), ttft: [], direct: [], replies: 0, seconds: 0 });
  }
  return running;
}

/** One chat at a time: each server's request follows one straight to the model, round-robin, so all share the noise. */
async function measureTtft(ctx: BenchContext, modelUrl: string, running: Running[]) {
  const rounds = ctx.quick ? 40 : 200;
  for (let i = 0; i < rounds + 10; i++) {
    for (const entry of i % 2 === 0 ? running : [...running].reverse()) {
      const direct = await streamDirect(modelUrl, question);
      const through = await streamViaServer(entry.server.base, entry.cookie, question);
      checkComplete([direct, through], direct.text, entry.label);
      if (i < 10) continue;
      entry.direct.push(direct.ttftMs);
      entry.ttft.push(through.ttftMs);
    }
  }
}

/** 50 closed-loop clients per server in turn (slices round-robin): replies completed per second. */
async function measureThroughput(ctx: BenchContext, running: Running[]) {
  const slice = async (entry: Running, ms: number) => {
    const end = performance.now() + ms;
    const started = performance.now();
    const results: StreamResult[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (performance.now() < end) results.push(await streamViaServer(entry.server.base, entry.cookie, question));
      }),
    );
    checkComplete(results, results[0]?.text ?? "", `${entry.label}, 50 chats`);
    return { replies: results.length, seconds: (performance.now() - started) / 1000 };
  };
  for (const entry of running) await slice(entry, 1000);
  const rounds = ctx.quick ? 2 : 4;
  for (let round = 0; round < rounds; round++) {
    for (const entry of round % 2 === 0 ? running : [...running].reverse()) {
      const { replies, seconds } = await slice(entry, ctx.quick ? 2000 : 5000);
      entry.replies += replies;
      entry.seconds += seconds;
    }
  }
}

function figuresOf(storage: string, running: Running[]): Figure[] {
  const [all, ...without] = running;
  if (!all) return [];
  const added = (entry: Running) => percentile(entry.ttft, 50) - percentile(entry.direct, 50);
  const rate = (entry: Running) => entry.replies / entry.seconds;
  return without.map((entry) => {
    const extraMs = round(added(entry) - added(all));
    const loss = round(1 - rate(entry) / rate(all), 3);
    const keep = extraMs >= KEEP_IF.addedTtftMs || loss >= KEEP_IF.throughputLoss;
    return {
      section: "Caches",
      name: `${storage}, ${entry.label}`,
      measured: `added TTFT p50 ${formatNumber(extraMs)} ms more; ${formatNumber(rate(entry))} replies/s at 50 chats (${formatNumber(-loss * 100)}%)`,
      baseline: `all caches: added TTFT p50 ${formatNumber(round(added(all)))} ms, ${formatNumber(rate(all))} replies/s, n=${all.ttft.length}`,
      target: `keep the cache if removing it costs ≥ ${KEEP_IF.addedTtftMs} ms or ≥ ${KEEP_IF.throughputLoss * 100}%`,
      met: null,
      verdict: keep ? "keep: removing it costs more than the bar" : "remove: it saves less than the bar",
      samples: entry.ttft.length,
      data: { storage, config: entry.label, extraMs, loss, keep },
    };
  });
}

async function measureStorage(ctx: BenchContext, storage: Storage): Promise<Figure[]> {
  const model = await startModel(1);
  const closes: (() => Promise<void>)[] = [];
  let running: Running[] = [];
  try {
    running = await startAll(ctx, model.url, storage, closes);
    await measureTtft(ctx, model.url, running);
    await measureThroughput(ctx, running);
    return figuresOf(storage.label, running);
  } finally {
    for (const entry of running) await entry.server.stop();
    await model.stop();
    for (const close of closes) await close();
  }
}

/** Weighs each in-memory cache (CACHES) by what the server loses without it, on PGlite and PostgreSQL. */
export async function measureCaches(ctx: BenchContext, postgresUrl: string | undefined): Promise<Figure[]> {
  const figures = await measureStorage(ctx, pglite(ctx));
  if (postgresUrl) figures.push(...(await measureStorage(ctx, postgres(ctx, postgresUrl))));
  else figures.push(notMeasuredWithoutPostgres("Caches"));
  for (const figure of figures) ctx.log(`  ${figure.name}: ${figure.measured} → ${figure.verdict}`);
  return figures;
}
