import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "../logger";
import { migrationsFolder } from "../paths";
import { type ChangeNotices, registerChangeNotices } from "./change-notices";
import { openPgliteDataDir, PGLITE_SETTINGS } from "./pglite/data-dir";
import { listenOnPglite, type PgliteListener } from "./pglite/notices";
import { withBaselineWasm } from "./pglite/wasm";
import { openPgliteDataDirInWorker } from "./pglite/worker-client";
import { timePoolCheckouts } from "./pool-waits";
import { PostgresChangeNotices } from "./postgres-notices";
import * as schema from "./schema";

export type Schema = typeof schema;
const MIGRATION_LOCK_ID = 727_146_301;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** The one database type the rest of the server sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** What other writers change (prompts, sessions); also found with changeNoticesOf(db). */
  notices: ChangeNotices;
  close: () => Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /** How long opening a connection may take before the query fails (so requests fail fast during an outage). */
      connectTimeoutMs?: number;
      onIdleError?: (error: Error) => void;
      /** Where losing and regaining the change-notice connection is reported. */
      logger?: Pick<Logger, "warn" | "info" | "debug">;
    }
  | {
      kind: "pglite";
      dataDir?: string;
      instance?: PGlite;
      /** With dataDir: run PGlite in a worker thread, so its queries never hold up this thread (PGLITE_WORKER). */
      worker?: boolean;
    };

/** Opens the database and runs the same migrations on PGlite or PostgreSQL. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
    // An idle connection the server drops (restart, failover) must not crash the process: the next
    // query opens a new one. Without a listener, pg-pool's 'error' event would be thrown.
    pool.on("error", (error) => options.onIdleError?.(error));
    // The same for a connection that is checked out (inside a transaction) when the server goes away: pg
    // rejects the running query, then emits 'error' on the client, which pg-pool does not listen to then.
    pool.on("connect", (client) => client.on("error", (error) => options.onIdleError?.(error)));
    const db = drizzlePg(pool, { schema });
    timePoolCheckouts(pool, db);
    // Several servers may start at once on one database: an advisory lock lets one migrate at a time.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).finally(() => lock.release());
    }
    const notices = new PostgresChangeNotices({ url: options.url, logger: options.logger, connectTimeoutMs: options.connectTimeoutMs });
    // Not fatal if it fails: it keeps trying, and until then nothing is cached.
    await notices.firstAttempt;
    registerChangeNotices(db, notices);
    const close = async () => {
      try {
        await notices.close();
      } finally {
        await endPool(pool);
      }
    };
    return { db: db as unknown as Database, kind: "postgres", notices, close };
  }
  const { client, listener, close } = await openPglite(options);
  const db = drizzlePglite(client, { schema });
  let notices: ChangeNotices;
  try {
    await migratePglite(db, { migrationsFolder });
    notices = await listenOnPglite(listener);
  } catch (error) {
    await close();
    throw error;
  }
  registerChangeNotices(db, notices);
  const closeAll = async () => {
    try {
      await notices.close();
    } finally {
      await close();
    }
  };
  return { db: db as unknown as Database, kind: "pglite", notices, close: closeAll };
}

interface OpenedPglite {
  /** What Drizzle is given: PGlite itself, or the worker thread's stand-in for it. */
  client: PGlite;
  listener: PgliteListener;
  close: () => Promise<void>;
}

/**
 * The given instance (the caller closes it), a data dir held under its lock (in this thread or a worker thread),
 * or a new in-memory database.
 */
async function openPglite(options: { dataDir?: string; instance?: PGlite; worker?: boolean }): Promise<OpenedPglite> {
  if (options.instance) return { client: options.instance, listener: options.instance, close: async () => {} };
  if (options.dataDir && options.worker) return openPgliteDataDirInWorker(options.dataDir);
  if (options.dataDir) {
    const { client, close } = await openPgliteDataDir(options.dataDir);
    return { client, listener: client, close };
  }
  const client = await withBaselineWasm(() => PGlite.create({ postgresqlconf: PGLITE_SETTINGS }));
  return { client, listener: client, close: () => client.close() };
}

/** pool.end() resolves before its connections have closed; wait for each one's 'remove' event too. */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allRemoved = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  await allRemoved;
}
