import { join } from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase } from "../../tests/helpers/scratch-database";
import { getJson, signUp } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { type ServerOptions, startServer } from "../lib/procs";
import { atLeast, type Figure, formatNumber, notMeasuredWithoutPostgres } from "../lib/report";
import { explainHotPaths, openRaw, seedHistory } from "../lib/seed";
import { round } from "../lib/stats";

interface Load {
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
  non2xx: number;
  errors: number;
}

async function load(url: string, cookie: string, seconds: number, into: Load) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.p50.push(result.latency.p50);
  into.p99.push(result.latency.p99);
  into.non2xx += result.non2xx;
  into.errors += result.errors + result.timeouts;
}

/**
 * The first page of the chat list and the opening page of a 200-message chat, of a user with 500 chats, vs a
 * trivial JSON route, with autocannon.
 */
async function historyOn(ctx: BenchContext, label: string, options: ServerOptions, raw: { pgliteDir: string } | { url: string }) {
  let server = await startServer(options);
  const cookie = await signUp(server.base, `history-${label.toLowerCase()}@bench.local`);
  const session = JSON.parse((await getJson(`${server.base}/api/auth/get-session`, cookie)).body) as { user: { id: string } };
  const userId = session.user.id;
  // PGlite allows one process at a time: stop the server, seed directly, start it again.
  await server.stop();
  const db = await openRaw(raw);
  let chatId: string;
  try {
    ({ chatId } = await seedHistory(db, userId));
    const plans = await explainHotPaths(db, { userId, chatId });
    for (const plan of plans) ctx.plans.push({ ...plan, label: `${label}: ${plan.label}` });
  } finally {
    await db.close();
  }
  server = await startServer(options);
  try {
    const routes = [
      { name: "trivial JSON route (GET /api/password-policy)", url: `${server.base}/api/password-policy` },
      { name: "chat list, first page (50 of 500 chats)", url: `${server.base}/api/chats` },
      { name: "opening a chat (newest 50 of 200 messages)", url: `${server.base}/api/chats/${chatId}` },
    ];
    const list = JSON.parse((await getJson(routes[1]?.url ?? "", cookie)).body) as { chats: unknown[]; nextCursor: string | null };
    const chat = JSON.parse((await getJson(routes[2]?.url ?? "", cookie)).body) as { messages: unknown[]; olderBefore: number | null };
    if (list.chats.length !== 50 || !list.nextCursor || chat.messages.length !== 50 || chat.olderBefore !== 150)
      throw new Error(`seeded data not served in pages: ${list.chats.length} chats, ${chat.messages.length} messages`);
    for (const route of routes) await load(route.url, cookie, 1, { requests: 0, seconds: 0, p50: [], p99: [], non2xx: 0, errors: 0 });
    const loads: Load[] = routes.map(() => ({ requests: 0, seconds: 0, p50: [], p99: [], non2xx: 0, errors: 0 }));
    const rounds = ctx.quick ? 1 : 3;
    const seconds = ctx.quick ? 2 : 3;
    // Rounds take turns over the three routes so each sees the same background load.
    for (let r = 0; r < rounds; r++) for (const [i, route] of routes.entries()) await load(route.url, cookie, seconds, loads[i] as Load);
    const rate = (l: Load) => l.requests / l.seconds;
    const worst = (values: number[]) => Math.max(...values);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const trivial = loads[0] as Load;
    const figures: Figure[] = [];
    for (const [i, route] of routes.entries()) {
      if (i === 0) continue;
      const l = loads[i] as Load;
      const ratio = rate(l) / rate(trivial);
      const failed = l.non2xx + l.errors;
      const check = failed > 0 ? { met: false, verdict: `${failed} failed requests` } : atLeast(round(ratio * 100, 1), 30, "%");
      figures.push({
        section: "History API",
        name: `${label}, ${route.name}`,
        measured: `${formatNumber(rate(l))} req/s (${formatNumber(ratio * 100)}% of trivial), p50 ${median(l.p50)} ms, p99 ${worst(l.p99)} ms, n=${l.requests}`,
        baseline: `${routes[0]?.name}: ${formatNumber(rate(trivial))} req/s, p50 ${median(trivial.p50)} ms, p99 ${worst(trivial.p99)} ms, n=${trivial.requests}`,
        target: "≥ 30% of the trivial route's req/s",
        ...check,
        samples: l.requests,
        data: { route: route.name, load: l, trivial, ratio: round(ratio, 3), connections: 10 },
      });
      ctx.log(`  ${label} ${route.name}: ${figures.at(-1)?.measured}`);
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export async function measureHistory(ctx: BenchContext, postgresUrl: string | undefined): Promise<Figure[]> {
  const dataDir = join(ctx.tmp, "history");
  const figures = await historyOn(ctx, "PGlite", { dataDir, logFile: ctx.serverLog }, { pgliteDir: join(dataDir, "pglite") });
  if (!postgresUrl) {
    figures.push(notMeasuredWithoutPostgres("History API"));
    return figures;
  }
  const database = await createScratchDatabase("history", postgresUrl);
  try {
    const options = { dataDir: join(ctx.tmp, "history-pg"), databaseUrl: database.url, logFile: ctx.serverLog };
    figures.push(...(await historyOn(ctx, "PostgreSQL", options, { url: database.url })));
  } finally {
    await database.drop();
  }
  const unindexed = ctx.plans.filter((plan) => !plan.indexed);
  figures.push({
    section: "Query plans",
    name: "hot-path queries (chats by user and time, messages by chat and position, session by token)",
    measured: `${ctx.plans.length - unindexed.length} of ${ctx.plans.length} use an index (plans below)`,
    target: "all indexed",
    met: unindexed.length === 0,
    verdict: unindexed.length === 0 ? "met" : `missed: ${unindexed.map((p) => p.label).join(", ")}`,
    samples: ctx.plans.length,
  });
  return figures;
}
