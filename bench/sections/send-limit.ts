import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/server/db/client";
import { countRequests } from "../../src/server/db/queries/request-counters";
import { createScratchDatabase } from "../../tests/helpers/scratch-database";
import type { BenchContext } from "../lib/context";
import { type Figure, formatNumber, notMeasuredWithoutPostgres } from "../lib/report";
import { percentile } from "../lib/stats";

/** How long each of `rounds` runs of `work` took, in milliseconds, after `warmUp` runs not counted. */
async function timeOf(work: (round: number) => Promise<unknown>, rounds: number, warmUp: number): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const ms = (samples: number[]) => `p50 ${formatNumber(percentile(samples, 50))} ms, p99 ${formatNumber(percentile(samples, 99))} ms`;

/**
 * The send limit's statement (countRequests with the user's and the address's key, as every send and regenerate
 * counts them before the model is asked), one at a time, against a `select 1` round trip on the same database.
 * Every tenth round is another user, so both paths of the upsert (new row, counted row) are in the samples.
 */
async function sendLimitOn(label: string, db: Database, rounds: number): Promise<Figure> {
  const counters = (round: number) => [
    { key: `chat:user:bench-${Math.floor(round / 10)}`, windowSeconds: 60 },
    { key: "chat:ip:203.0.113.7", windowSeconds: 60 },
  ];
  const warmUp = Math.min(50, rounds);
  const baseline = await timeOf(() => db.execute(sql`select 1`), rounds, warmUp);
  const statement = await timeOf((round) => countRequests({ db, counters: counters(round) }), rounds, warmUp);
  return {
    section: "Send limit",
    name: `${label}, the send-limit statement before the model is asked (2 keys)`,
    measured: `${ms(statement)}, n=${rounds}`,
    baseline: `select 1: ${ms(baseline)}, n=${rounds}`,
    met: null,
    verdict: "no target",
    samples: rounds,
    data: { statementMs: statement, selectOneMs: baseline },
  };
}

/**
 * PGlite as the server runs it (a data dir in a worker thread), then PostgreSQL when BENCH_DATABASE_URL (or,
 * for this section, TEST_DATABASE_URL) names a server.
 */
export async function measureSendLimit(ctx: BenchContext, postgresUrl: string | undefined): Promise<Figure[]> {
  const rounds = ctx.quick ? 200 : 2000;
  const pglite = await openDatabase({ kind: "pglite", dataDir: join(ctx.tmp, "send-limit"), worker: true });
  const figures: Figure[] = [];
  try {
    figures.push(await sendLimitOn("PGlite (worker thread)", pglite.db, rounds));
    ctx.log(`  PGlite: ${figures.at(-1)?.measured}`);
  } finally {
    await pglite.close();
  }
  const url = postgresUrl ?? process.env.TEST_DATABASE_URL;
  if (!url) return [...figures, notMeasuredWithoutPostgres("Send limit")];
  const database = await createScratchDatabase("send_limit", url);
  try {
    const postgres = await openDatabase({ kind: "postgres", url: database.url });
    try {
      figures.push(await sendLimitOn("PostgreSQL", postgres.db, rounds));
      ctx.log(`  PostgreSQL: ${figures.at(-1)?.measured}`);
    } finally {
      await postgres.close();
    }
  } finally {
    await database.drop();
  }
  return figures;
}
