// PGlite in this thread or in a worker thread: what the event loop (which streams replies) feels while requests
// query the embedded database, and what each query costs. `npx tsx bench/pglite-thread.ts [seconds]`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../src/server/db/client";
import { chats, messages, users } from "../src/server/db/schema";
import { percentile, round } from "./lib/stats";

const seconds = Number(process.argv[2] ?? 5);
const CONCURRENT = 20;
const HISTORY = 200;

async function seed(db: Database) {
  await db.insert(users).values({ id: "bench-user", name: "", email: "bench@bench.local" }).onConflictDoNothing();
  const [chat] = await db.insert(chats).values({ userId: "bench-user", title: "bench" }).returning();
  if (!chat) throw new Error("no chat");
  const text = "A typical answer of a few sentences about resting, drinking enough and when to see a doctor. ".repeat(6);
  await db
    .insert(messages)
    .values(
      Array.from(
        { length: HISTORY },
        (_, position) => ({ chatId: chat.id, position, sender: position % 2 ? "assistant" : "user", text }) as const,
      ),
    );
  return chat.id;
}

/**
 * What a streaming reply feels: the gaps between turns of the event loop. (monitorEventLoopDelay would miss the
 * worst case: PGlite in this thread can keep the loop busy in promise callbacks alone, and its timer never fires.)
 */
function loopGaps() {
  const gaps: number[] = [];
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      gaps.push(performance.now() - last);
      return gaps;
    },
  };
}

/** One "request": open a chat (its 200 messages), then save a message and touch the chat in one transaction. */
async function request(db: Database, chatId: string, position: number) {
  await db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.position));
  await db.transaction(async (tx) => {
    await tx.insert(messages).values({ chatId, position, sender: "user", text: "How long should a cold last?" });
    await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
  });
}

async function measure(worker: boolean) {
  const dir = await mkdtemp(join(tmpdir(), "bench-pglite-thread-"));
  const handle = await openDatabase({ kind: "pglite", dataDir: join(dir, "pglite"), worker });
  try {
    const chatId = await seed(handle.db);
    // A light query alone: the round trip to the worker is pure overhead here.
    const single: number[] = [];
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      await handle.db.select({ id: users.id }).from(users).where(eq(users.id, "bench-user"));
      single.push(performance.now() - started);
    }
    let position = HISTORY;
    const latencies: number[] = [];
    const loop = loopGaps();
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await request(handle.db, chatId, position++);
          latencies.push(performance.now() - started);
        }
      }),
    );
    const gaps = loop.stop();
    await handle.db.execute(sql`select 1`);
    return {
      mode: worker ? "worker thread" : "same thread",
      "single query p50 ms": round(percentile(single, 50)),
      "single query p99 ms": round(percentile(single, 99)),
      "requests/s": round(latencies.length / seconds),
      "request p50 ms": round(percentile(latencies, 50)),
      "request p99 ms": round(percentile(latencies, 99)),
      "loop gap p50 ms": round(percentile(gaps, 50)),
      "loop gap p99 ms": round(percentile(gaps, 99)),
      "loop gap max ms": round(gaps.reduce((max, gap) => Math.max(max, gap), 0)),
    };
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const worker of [false, true, false, true]) results.push(await measure(worker));
console.table(results);
