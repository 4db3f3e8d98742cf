import pg from "pg";

/** The PostgreSQL server tests may use (TEST_DATABASE_URL), or undefined when none is configured. */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function withAdmin<T>(adminUrl: string | undefined, run: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server of `adminUrl` (TEST_DATABASE_URL unless given; the benchmark passes
 * BENCH_DATABASE_URL); `drop` removes it (closing what is still connected).
 */
export async function createScratchDatabase(label: string, adminUrl = postgresAdminUrl): Promise<ScratchDatabase> {
  const name = `health_chat_${label}_${process.pid}_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
