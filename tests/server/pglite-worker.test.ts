import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeNotice } from "../../src/server/db/change-notices";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";
import { DataDirLockedError } from "../../src/server/db/pglite/data-dir-lock";
import { getPrompt, seedDefaultPrompts, setPrompt } from "../../src/server/db/queries/prompts";
import { startingPrompts, users } from "../../src/server/db/schema";

/** The longest wait between two turns of this thread's event loop while `work` runs, and how long it took. */
async function loopGapDuring(work: () => Promise<unknown>) {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  running = false;
  return { longest: Math.max(longest, performance.now() - last), took };
}

const heavyQuery = sql`select count(*) from generate_series(1, 4000000) as n where n % 7 = 3`;

describe("PGlite in a worker thread (PGLITE_WORKER)", () => {
  let dir: string;
  let dataDir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "health-chat-pglite-worker-"));
    dataDir = join(dir, "pglite");
    database = await openDatabase({ kind: "pglite", dataDir, worker: true });
    await seedDefaultPrompts({ db: database.db });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("is migrated and answers Drizzle's queries with the same types as PGlite in this thread", async () => {
    const system = await getPrompt({ db: database.db, id: "system" });
    expect(system?.version).toBe(1);
    expect(system?.updatedAt).toBeInstanceOf(Date);
    // The app's Database type leaves execute()'s result open (it differs per driver); on PGlite it has rows.
    const result = (await database.db.execute(sql`select 2::int as two, '{"a":[1]}'::jsonb as j, now() as at`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const [row] = result.rows;
    expect(row).toMatchObject({ two: 2, j: { a: [1] } });
    // Drizzle keeps timestamps as text here (its parsers, which run on this side of the thread boundary).
    expect(typeof row?.at).toBe("string");
  });

  it("commits a transaction, rolls one back, and keeps PostgreSQL's error fields", async () => {
    await database.db.insert(users).values({ id: "worker-user", name: "", email: "worker@example.com" });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ name: "changed" }).where(eq(users.id, "worker-user"));
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const [kept] = await database.db.select().from(users).where(eq(users.id, "worker-user"));
    expect(kept?.name).toBe("");
    const duplicate = await database.db
      .insert(users)
      .values({ id: "worker-user", name: "", email: "other@example.com" })
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ cause: { code: "23505", constraint: "users_pkey" } });
  });

  it("runs transactions one at a time while other queries wait, as PGlite does", async () => {
    const before = (await getPrompt({ db: database.db, id: "title" }))?.version ?? 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? database.db.select().from(users)
          : database.db.transaction(async (tx) => {
              const [row] = await tx.select().from(startingPrompts).where(eq(startingPrompts.id, "title"));
              await tx
                .update(startingPrompts)
                .set({ version: (row?.version ?? 0) + 1 })
                .where(eq(startingPrompts.id, "title"));
            }),
      ),
    );
    expect((await getPrompt({ db: database.db, id: "title" }))?.version).toBe(before + 8);
  });

  it("hands a change notice over before the write that caused it returns", async () => {
    const heard: ChangeNotice[] = [];
    const stop = database.notices.subscribe((notice) => heard.push(notice));
    await setPrompt({ db: database.db, id: "system", prompt: "Changed in the worker.", changedBy: "test" });
    stop();
    expect(heard).toContainEqual({ kind: "prompts" });
    expect((await getPrompt({ db: database.db, id: "system" }))?.prompt).toBe("Changed in the worker.");
  });

  it("keeps this thread's event loop turning while a long query runs", async () => {
    const { longest, took } = await loopGapDuring(() => database.db.execute(heavyQuery));
    expect(took).toBeGreaterThan(50);
    expect(longest).toBeLessThan(took / 2);
  });

  it("holds the data dir's lock until closed", async () => {
    await expect(openDatabase({ kind: "pglite", dataDir, worker: true })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();
    database = await openDatabase({ kind: "pglite", dataDir, worker: true });
    expect((await getPrompt({ db: database.db, id: "system" }))?.prompt).toBe("Changed in the worker.");
  }, 60_000);
});

describe("PGlite in this thread, for comparison", () => {
  it("stops the event loop for as long as a long query runs", async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      const { longest, took } = await loopGapDuring(() => database.db.execute(heavyQuery));
      expect(longest).toBeGreaterThanOrEqual(took * 0.9);
    } finally {
      await database.close();
    }
  }, 60_000);
});
