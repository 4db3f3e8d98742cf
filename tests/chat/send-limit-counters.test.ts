import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { countRequests } from "../../src/server/db/queries/request-counters";
import { requestCounters } from "../../src/server/db/schema";
import { describeEachDatabase } from "../helpers/test-app";

/** Issue 13, item 3: both send limits (per user and per address) are counted in one statement. */
describeEachDatabase("send limit counters", ({ createApp }) => {
  it("counts every key in one call, each in its own fixed window, with the seconds left in it", async () => {
    const { db } = await createApp();
    const counters = [
      { key: "chat:user:u1", windowSeconds: 60 },
      { key: "chat:ip:203.0.113.7", windowSeconds: 600 },
    ];
    const first = await countRequests({ db, counters });
    expect(first).toEqual(
      expect.arrayContaining([
        { key: "chat:user:u1", count: 1, retryAfterSeconds: 60 },
        { key: "chat:ip:203.0.113.7", count: 1, retryAfterSeconds: 600 },
      ]),
    );
    const second = await countRequests({ db, counters });
    expect(second.map(({ key, count }) => [key, count]).sort()).toEqual([
      ["chat:ip:203.0.113.7", 2],
      ["chat:user:u1", 2],
    ]);

    // The user's window ended 2 minutes ago: it starts over; the address's 10-minute window still runs.
    const past = new Date(Date.now() - 120_000);
    await db.update(requestCounters).set({ windowStartedAt: past }).where(sql`true`);
    const third = await countRequests({ db, counters });
    const byKey = new Map(third.map((state) => [state.key, state]));
    expect(byKey.get("chat:user:u1")).toEqual({ key: "chat:user:u1", count: 1, retryAfterSeconds: 60 });
    expect(byKey.get("chat:ip:203.0.113.7")?.count).toBe(3);
    expect(byKey.get("chat:ip:203.0.113.7")?.retryAfterSeconds).toBeGreaterThan(470);
    expect(byKey.get("chat:ip:203.0.113.7")?.retryAfterSeconds).toBeLessThanOrEqual(480);
  });

  it("counts a key given twice once, and nothing for no keys", async () => {
    const { db } = await createApp();
    const states = await countRequests({
      db,
      counters: [
        { key: "chat:user:u2", windowSeconds: 60 },
        { key: "chat:user:u2", windowSeconds: 60 },
      ],
    });
    expect(states).toEqual([{ key: "chat:user:u2", count: 1, retryAfterSeconds: 60 }]);
    expect(await countRequests({ db, counters: [] })).toEqual([]);
    const [row] = await db.select().from(requestCounters).where(eq(requestCounters.key, "chat:user:u2"));
    expect(row?.count).toBe(1);
  });

  it("loses no count when many requests arrive at once", async () => {
    const { db } = await createApp();
    const counters = [
      { key: "chat:user:u3", windowSeconds: 60 },
      { key: "chat:ip:198.51.100.9", windowSeconds: 60 },
    ];
    const results = await Promise.all(Array.from({ length: 20 }, () => countRequests({ db, counters })));
    const userCounts = results
      .map((states) => states.find((state) => state.key === "chat:user:u3")?.count)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(userCounts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const rows = await db.select().from(requestCounters);
    expect(rows.map((row) => row.count)).toEqual([20, 20]);
  });
});
