import type pg from "pg";

type PoolWaitListener = (seconds: number) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** Who wants to know about a database's pool waits, keyed by its Drizzle instance (what the app is given). */
const listenersByDatabase = new WeakMap<object, Set<PoolWaitListener>>();

/**
 * Calls `listener` with the seconds each query (or transaction) on `db` waited for a pool connection: for a free
 * one when all are busy, or for a new one to open. PostgreSQL only: PGlite has no pool, so nothing is reported.
 * Returns a function that stops the reports.
 */
export function observePoolWaits(db: object, listener: PoolWaitListener): () => void {
  const listeners = listenersByDatabase.get(db) ?? new Set();
  listenersByDatabase.set(db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Times every checkout from `pool` and reports it for `db`. pg-pool has no event for when a checkout was asked
 * for, so `connect` itself is wrapped; `pool.query` goes through it as well.
 */
export function timePoolCheckouts(pool: pg.Pool, db: object): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const timedConnect = (callback?: ConnectCallback) => {
    const started = performance.now();
    const report = () => {
      const listeners = listenersByDatabase.get(db);
      if (!listeners?.size) return;
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    if (callback) {
      return connect((error, client, done) => {
        report();
        callback(error, client, done);
      });
    }
    return connect()?.finally(report);
  };
  pool.connect = timedConnect as typeof pool.connect;
}
