import { join } from "node:path";
import { createScratchDatabase } from "../../tests/helpers/scratch-database";
import { buildIsFresh } from "../lib/build";
import type { BenchContext } from "../lib/context";
import { type ServerOptions, startServer } from "../lib/procs";
import { atMost, type Figure, formatNumber, mb, notMeasuredWithoutPostgres } from "../lib/report";
import { summarize } from "../lib/stats";

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

async function startupRuns(options: ServerOptions, runs: number) {
  const first = await startServer(options);
  await settle();
  const firstIdleRss = first.rss();
  await first.stop();
  const startMs: number[] = [];
  const startCpuMs: number[] = [];
  const idleRss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(options);
    startMs.push(server.startMs);
    startCpuMs.push(server.startCpuMs);
    await settle();
    idleRss.push(server.rss());
    await server.stop();
  }
  return { firstStartMs: first.startMs, firstIdleRss, startMs, startCpuMs, idleRss };
}

/** Start-up to the first 200 (new and existing database) and the idle server's memory, on PGlite and PostgreSQL. */
export async function measureStartup(ctx: BenchContext, postgresUrl: string | undefined): Promise<Figure[]> {
  const runs = ctx.quick ? 2 : 3;
  const figures: Figure[] = [];
  const variants: { label: string; options: () => Promise<{ options: ServerOptions; cleanup: () => Promise<void> }> }[] = [
    {
      label: "PGlite",
      options: async () => ({ options: { dataDir: join(ctx.tmp, "startup"), logFile: ctx.serverLog }, cleanup: async () => {} }),
    },
  ];
  if (postgresUrl)
    variants.push({
      label: "PostgreSQL",
      options: async () => {
        const database = await createScratchDatabase("startup", postgresUrl);
        return {
          options: { dataDir: join(ctx.tmp, "startup-pg"), databaseUrl: database.url, logFile: ctx.serverLog },
          cleanup: database.drop,
        };
      },
    });

  for (const variant of variants) {
    const { options, cleanup } = await variant.options();
    try {
      const result = await startupRuns(options, runs);
      const start = summarize(result.startMs);
      const cpu = summarize(result.startCpuMs);
      const rss = summarize(result.idleRss);
      figures.push({
        section: "Start-up",
        name: `${variant.label}, existing database`,
        measured: `p50 ${formatNumber(start.p50)} ms, max ${formatNumber(Math.max(...result.startMs))} ms to the first 200 (CPU used: p50 ${formatNumber(cpu.p50)} ms), n=${start.samples}`,
        baseline: `new database (migrations${variant.label === "PGlite" ? ", initdb" : ""}): ${formatNumber(result.firstStartMs)} ms`,
        target: "≤ 2 s",
        ...atMost(start.p50 / 1000, 2, " s"),
        samples: start.samples,
        data: { ...result, start, cpu },
      });
      figures.push({
        section: "Idle memory",
        name: variant.label,
        measured: `RSS ${mb(rss.p50)} (p50 of ${rss.samples} starts)`,
        baseline: `first start on a new database: ${mb(result.firstIdleRss)}`,
        target: "≤ 150 MB",
        ...atMost(rss.p50 / 2 ** 20, 150, " MB"),
        samples: rss.samples,
        data: { rssBytes: result.idleRss },
      });
      ctx.log(`  ${variant.label}: start ${start.p50} ms, idle RSS ${mb(rss.p50)}`);
    } finally {
      await cleanup();
    }
  }
  if (!postgresUrl) figures.push(notMeasuredWithoutPostgres("Start-up"));

  // `npm start` itself (npm's own start-up included), only while dist/ is fresh so that it does not build.
  if (buildIsFresh()) {
    const options: ServerOptions = { dataDir: join(ctx.tmp, "startup"), logFile: ctx.serverLog, viaNpmStart: true };
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const server = await startServer(options);
      times.push(server.startMs);
      await server.stop();
    }
    const s = summarize(times);
    figures.push({
      section: "Start-up",
      name: "`npm start`, PGlite, existing database",
      measured: `p50 ${formatNumber(s.p50)} ms to the first 200, n=${s.samples}`,
      baseline: "the built server without npm: row above",
      target: "≤ 2 s",
      ...atMost(s.p50 / 1000, 2, " s"),
      samples: s.samples,
      data: { startMs: times },
    });
    ctx.log(`  npm start: ${s.p50} ms`);
  } else
    figures.push({
      section: "Start-up",
      name: "`npm start`",
      measured: "not measured",
      met: null,
      verdict: "not measured: sources changed during the run, so npm start would have built first",
    });
  return figures;
}
