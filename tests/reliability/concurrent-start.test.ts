import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { createScratchDatabase, postgresAdminUrl } from "../helpers/scratch-database";

describe.skipIf(!postgresAdminUrl)("several servers starting at once on one PostgreSQL", () => {
  it("migrate one at a time and all come up", async () => {
    const database = await createScratchDatabase("start");
    const url = new URL(database.url);
    try {
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 })));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      await check.end();
      expect(rows[0].n).toBeGreaterThanOrEqual(5);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await database.drop();
    }
  });
});
