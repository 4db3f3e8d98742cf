import { describe, expect, it } from "vitest";
import { runSoak } from "../../bench/soak/run-soak";

// The CI-sized soak: `npm run soak` runs the full one (200 users, 5 minutes).
const databases = [
  { name: "pglite", databaseUrl: undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", databaseUrl: process.env.TEST_DATABASE_URL }] : []),
];

describe.each(databases)("soak on $name", ({ databaseUrl }) => {
  it("20 users chatting, reacting, listing and deleting for 15 s: no errors, nothing lost", { timeout: 120_000 }, async () => {
    const result = await runSoak({ users: 20, durationMs: 15_000, databaseUrl });
    expect(result.errors).toEqual([]);
    expect(result.acknowledgedMessages).toBeGreaterThan(20);
    expect(result.lostMessages).toBe(0);
    expect(result.leftoverRowsOfDeletedChats).toBe(0);
    for (const operation of ["send", "react", "list", "open", "delete"]) expect(result.operations[operation]).toBeGreaterThan(0);
  });
});
