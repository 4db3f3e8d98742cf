import { resolve } from "node:path";
import { openDatabase } from "../../src/server/db/client";
import { loadEnv } from "../../src/server/env";

/** The database the server uses, from the same environment (DATABASE_URL or DATA_DIR), for operator commands. */
export function openCliDatabase() {
  const env = loadEnv();
  return env.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 1 })
    : openDatabase({ kind: "pglite", dataDir: resolve(env.DATA_DIR, "pglite") });
}

/** Runs an operator command: its errors become a message and exit code 1, and the database is always closed. */
export async function runCli(command: (db: Awaited<ReturnType<typeof openCliDatabase>>["db"]) => Promise<number | undefined>) {
  const database = await openCliDatabase();
  try {
    process.exitCode = (await command(database.db)) ?? 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
