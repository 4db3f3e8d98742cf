import { join } from "node:path";
import { replyTo } from "../../tests/fake-model/server";
import { createScratchDatabase } from "../../tests/helpers/scratch-database";
import { type StreamResult, signUp, streamDirect, streamViaServer } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { type ServerOptions, startModel, startServer } from "../lib/procs";
import { all, atMost, type Figure, formatNumber, notMeasuredWithoutPostgres } from "../lib/report";
import { percentile, round, summarize } from "../lib/stats";
import { checkComplete, type Mode, pair } from "./latency-pairs";
import { measureThroughput } from "./throughput";

export const question = "I have had a mild headache since this morning after a short night, what can I do about it at home?";

/** Where a pass keeps its data: a new PGlite folder, or a new scratch database on the PostgreSQL server. */
export interface Storage {
  label: "PGlite" | "PostgreSQL";
  open: (pass: string) => Promise<{ options: Pick<ServerOptions, "dataDir" | "databaseUrl">; close: () => Promise<void> }>;
}

export function pglite(ctx: BenchContext): Storage {
  return { label: "PGlite", open: async (pass) => ({ options: { dataDir: join(ctx.tmp, pass) }, close: async () => {} }) };
}

export function postgres(ctx: BenchContext, adminUrl: string): Storage {
  return {
    label: "PostgreSQL",
    open: async (pass) => {
      const database = await createScratchDatabase(pass.replace(/\W/g, "_"), adminUrl);
      return { options: { dataDir: join(ctx.tmp, `${pass}-pg`), databaseUrl: database.url }, close: database.drop };
    },
  };
}

function ttftFigure(storage: Storage, level: number, out: Record<Mode, StreamResult[]>, limits: { p50: number; p99: number }): Figure {
  const direct = out.direct.map((r) => r.ttftMs);
  const server = out.server.map((r) => r.ttftMs);
  const d = summarize(direct);
  const s = summarize(server);
  const added50 = round(percentile(server, 50) - percentile(direct, 50));
  const added99 = round(percentile(server, 99) - percentile(direct, 99));
  const check = all([
    { label: "p50", ...atMost(added50, limits.p50, " ms") },
    { label: "p99", ...atMost(added99, limits.p99, " ms") },
  ]);
  return {
    section: "Added time to first token",
    name: `${storage.label}, ${level} concurrent chat${level > 1 ? "s" : ""}`,
    measured: `added p50 ${formatNumber(added50)} ms, p99 ${formatNumber(added99)} ms (through us: p50 ${s.p50} / p99 ${s.p99} ms, n=${s.samples})`,
    baseline: `direct from model: p50 ${d.p50} / p99 ${d.p99} ms, n=${d.samples}`,
    target: `added p50 ≤ ${limits.p50} ms, p99 ≤ ${limits.p99} ms`,
    ...check,
    samples: s.samples + d.samples,
    data: { database: storage.label, direct: d, server: s, addedP50: added50, addedP99: added99 },
  };
}

/** Starts the model and a server on a fresh database, runs `measure`, and stops both. */
async function withServer<T>(
  ctx: BenchContext,
  storage: Storage,
  pass: string,
  tokenDelayMs: number,
  measure: (run: (mode: Mode) => Promise<StreamResult>) => Promise<T>,
): Promise<T> {
  const { options, close } = await storage.open(pass);
  try {
    const model = await startModel(tokenDelayMs);
    try {
      const server = await startServer({ ...options, modelUrl: model.url, logFile: ctx.serverLog });
      try {
        const cookie = await signUp(server.base, `${pass}@bench.local`);
        return await measure((mode) =>
          mode === "direct" ? streamDirect(model.url, question) : streamViaServer(server.base, cookie, question),
        );
      } finally {
        await server.stop();
      }
    } finally {
      await model.stop();
    }
  } finally {
    await close();
  }
}

/** 1 chat at a time: direct and through-us requests alternate, one after another. */
function oneChat(ctx: BenchContext, storage: Storage): Promise<Figure> {
  return withServer(ctx, storage, "ttft-1", 1, async (run) => {
    for (let i = 0; i < 20; i++) await pair(run, i, { direct: [], server: [] });
    const out: Record<Mode, StreamResult[]> = { direct: [], server: [] };
    const samples = ctx.quick ? 40 : 200;
    for (let i = 0; i < samples; i++) await pair(run, i, out);
    checkComplete([...out.direct, ...out.server], replyTo(question), `${storage.label}, 1 chat`);
    return ttftFigure(storage, 1, out, { p50: 3, p99: 10 });
  });
}

/**
 * 50 chats at once: 50 closed-loop clients, each reply ~40 tokens at 20 ms (about a second, like a fast model);
 * slices of direct and through-us traffic take turns.
 */
function fiftyChats(ctx: BenchContext, storage: Storage): Promise<Figure> {
  const concurrency = 50;
  return withServer(ctx, storage, "ttft-50", 20, async (run) => {
    const slice = async (mode: Mode, ms: number, into: StreamResult[]) => {
      const end = performance.now() + ms;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          // Stagger the first requests so a slice does not open with a burst of 50 at the same instant.
          await new Promise((resolve) => setTimeout(resolve, worker * 20));
          while (performance.now() < end) into.push(await run(mode));
        }),
      );
    };
    await slice("server", 2000, []);
    await slice("direct", 1000, []);
    const out: Record<Mode, StreamResult[]> = { direct: [], server: [] };
    const slices = ctx.quick ? 2 : 4;
    const sliceMs = ctx.quick ? 3000 : 8000;
    for (let i = 0; i < slices; i++) {
      const modes: Mode[] = i % 2 === 0 ? ["direct", "server"] : ["server", "direct"];
      for (const mode of modes) await slice(mode, sliceMs, out[mode]);
    }
    checkComplete([...out.direct, ...out.server], replyTo(question), `${storage.label}, 50 chats`);
    return ttftFigure(storage, concurrency, out, { p50: 5, p99: 25 });
  });
}

/**
 * Added time to first token at 1 and 50 concurrent chats vs the model directly, on PGlite and (with
 * BENCH_DATABASE_URL) on PostgreSQL, each pass on a new database; then streaming throughput.
 */
export async function measureLatency(ctx: BenchContext, postgresUrl: string | undefined): Promise<Figure[]> {
  const figures: Figure[] = [];
  const storages = [pglite(ctx), ...(postgresUrl ? [postgres(ctx, postgresUrl)] : [])];
  for (const storage of storages)
    for (const pass of [oneChat, fiftyChats]) {
      figures.push(await pass(ctx, storage));
      ctx.log(`  TTFT ${figures.at(-1)?.name}: ${figures.at(-1)?.measured}`);
    }
  if (!postgresUrl) figures.push(notMeasuredWithoutPostgres("Added time to first token"));
  figures.push(await measureThroughput(ctx));
  return figures;
}
