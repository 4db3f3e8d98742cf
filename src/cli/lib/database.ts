import { resolve } from "node:path";
import { openDatabase } from "../../server/db/client";
import { loadEnv } from "../../server/env";
import { keepFilesPrivate } from "../../server/private-files";

/** Where the server's database is, from the same environment: DATABASE_URL, or PGlite in DATA_DIR/pglite. */
export type CliDatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

/** Also makes what the command writes from then on (database files, a backup, an export) its user's alone. */
export function cliDatabaseTarget(): CliDatabaseTarget {
  keepFilesPrivate();
  const env = loadEnv();
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: resolve(env.DATA_DIR, "pglite") };
}

/** The database the server uses (migrated, as at server start), for operator commands. */
export function openCliDatabase() {
  const target = cliDatabaseTarget();
  // Two connections: at start-up one holds the migration lock while the migrations run on another.
  return target.kind === "postgres"
    ? openDatabase({ kind: "postgres", url: target.url, poolSize: 2 })
    : openDatabase({ kind: "pglite", dataDir: target.dataDir });
}

/**
 * Runs an operator command: its errors (also a database it cannot open, e.g. one the running server holds)
 * become a message and exit code 1, and the database is always closed.
 */
export async function runCli(command: (db: Awaited<ReturnType<typeof openCliDatabase>>["db"]) => Promise<number | undefined>) {
  let database: Awaited<ReturnType<typeof openCliDatabase>> | undefined;
  try {
    database = await openCliDatabase();
    process.exitCode = (await command(database.db)) ?? 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
