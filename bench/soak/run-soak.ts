import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { type DatabaseOptions, openDatabase } from "../../src/server/db/client";
import { chats, messages } from "../../src/server/db/schema";
import { startFakeModel } from "../../tests/fake-model/server";
import { createScratchDatabase } from "../../tests/helpers/scratch-database";
import { startServerProcess } from "../../tests/helpers/server-process";
import { rssOf } from "../lib/procs";
import { type SoakClient, signUpClient } from "./soak-client";

export interface SoakOptions {
  users: number;
  durationMs: number;
  /** A PostgreSQL database to run on; the embedded PGlite in a temporary folder otherwise. */
  databaseUrl?: string;
  /** Model pace: a reply of ~30 tokens at this delay per token. */
  tokenDelayMs?: number;
}

export interface SoakResult {
  users: number;
  durationMs: number;
  operations: Record<string, number>;
  errors: string[];
  acknowledgedMessages: number;
  lostMessages: number;
  leftoverRowsOfDeletedChats: number;
  rssMb: { start: number; end: number; max: number; slopeMbPerMinute: number };
}

/**
 * Many users signing in, chatting, reacting, listing and deleting against one real server process, then
 * counting in the database that every acknowledged message is there and every deleted chat is gone.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const model = await startFakeModel({ tokenDelayMs: options.tokenDelayMs ?? 10 });
  const dataDir = await mkdtemp(join(tmpdir(), "health-chat-soak-"));
  const postgres = options.databaseUrl ? await createScratchDatabase("soak", options.databaseUrl) : undefined;
  const database: DatabaseOptions = postgres
    ? { kind: "postgres", url: postgres.url }
    : { kind: "pglite", dataDir: join(dataDir, "pglite") };
  try {
    const server = await startServerProcess({
      dataDir,
      env: { DATABASE_URL: postgres?.url ?? "", RATE_LIMITS: "off", OPENAI_BASE_URL: model.url, OPENAI_API_KEY: "soak" },
    });
    const pid = server.child.pid ?? 0;
    const clients = await mapLimited(range(options.users), 10, (i) => signUpClient(server.origin, `soak-${i}@example.org`));
    const rss: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => rss.push({ at: Date.now(), mb: rssOf(pid) / 1024 / 1024 }), 500);
    const deadline = Date.now() + options.durationMs;
    try {
      await Promise.all(clients.map((client) => client.actUntil(deadline)));
    } finally {
      clearInterval(sampler);
      server.child.kill("SIGTERM");
      await server.exited;
    }
    const counts = await countInDatabase(database, clients);
    return {
      users: options.users,
      durationMs: options.durationMs,
      operations: sumOperations(clients),
      errors: clients.flatMap((client) => client.errors),
      ...counts,
      rssMb: summariseRss(rss),
    };
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await model.close();
  }
}

async function countInDatabase(database: DatabaseOptions, clients: SoakClient[]) {
  const handle = await openDatabase(database);
  try {
    const acknowledged = clients.flatMap((client) => client.acknowledged.filter((m) => !client.deletedChats.has(m.chatId)));
    const deletedChats = clients.flatMap((client) => [...client.deletedChats]);
    const ids = acknowledged.map((m) => m.id);
    const found = new Set<string>();
    for (const batch of chunks(ids, 500)) {
      const rows = await handle.db.select({ id: messages.id }).from(messages).where(inArray(messages.id, batch));
      for (const row of rows) found.add(row.id);
    }
    let leftover = 0;
    for (const batch of chunks(deletedChats, 500)) {
      leftover += (await handle.db.select({ id: chats.id }).from(chats).where(inArray(chats.id, batch))).length;
      leftover += (await handle.db.select({ id: messages.id }).from(messages).where(inArray(messages.chatId, batch))).length;
    }
    // Positions within every chat are unique and contiguous: a consistent order.
    for (const client of clients) {
      for (const chatId of client.liveChats()) {
        const positions = (await handle.db.select({ p: messages.position }).from(messages).where(eq(messages.chatId, chatId))).map(
          (r) => r.p,
        );
        positions.sort((a, b) => a - b);
        if (positions.some((p, i) => p !== i)) client.errors.push(`chat ${chatId}: positions ${positions.join(",")}`);
      }
    }
    return { acknowledgedMessages: ids.length, lostMessages: ids.length - found.size, leftoverRowsOfDeletedChats: leftover };
  } finally {
    await handle.close();
  }
}

function sumOperations(clients: SoakClient[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const client of clients) for (const [name, n] of Object.entries(client.operations)) total[name] = (total[name] ?? 0) + n;
  return total;
}

/** Start, end and peak RSS, and the least-squares slope over the second half of the run (after warm-up). */
function summariseRss(samples: { at: number; mb: number }[]) {
  const mbs = samples.map((s) => s.mb);
  const tail = samples.slice(Math.floor(samples.length / 2));
  let slope = 0;
  if (tail.length >= 3) {
    const t0 = tail[0]?.at ?? 0;
    const xs = tail.map((s) => (s.at - t0) / 60_000);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const mx = mean(xs);
    const my = mean(tail.map((s) => s.mb));
    const num = tail.reduce((sum, s, i) => sum + ((xs[i] ?? 0) - mx) * (s.mb - my), 0);
    const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
    slope = den > 0 ? num / den : 0;
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return { start: round(mbs[0] ?? 0), end: round(mbs.at(-1) ?? 0), max: round(Math.max(0, ...mbs)), slopeMbPerMinute: round(slope) };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(range(Math.min(limit, items.length)).map(worker));
  return results;
}
