import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";

const adminUrl = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!adminUrl)("several servers starting at once on one PostgreSQL", () => {
  it("migrate one at a time and all come up", async () => {
    const name = `health_chat_start_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    try {
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 })));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      await check.end();
      expect(rows[0].n).toBeGreaterThanOrEqual(5);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
