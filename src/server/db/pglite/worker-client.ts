import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { makeTreePrivate } from "../../private-files";
import { PGLITE_SETTINGS } from "./data-dir";
import { acquireDataDirLock } from "./data-dir-lock";
import { fromWorkerError, type PgliteWorkerData, type WorkerError, type WorkerMessage, type WorkerRequest } from "./worker-protocol";

type Parser = (value: string, typeId: number) => unknown;
interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, Parser>;
}
interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What drizzle-orm/pglite calls on a PGlite (and on its transactions), forwarded to the worker thread. */
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<unknown>;
}

/**
 * The worker thread on the file beside this one: in the build, `pglite-worker.js` (vite.server.config.ts builds it
 * as its own entry next to the chunk this module ends up in); from the sources (tsx, Vitest), `worker.ts`,
 * loaded through tsx's loader, which a worker does not inherit.
 */
function startWorker(data: PgliteWorkerData): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  // A name in a variable: Vite would otherwise take `new URL("./literal", import.meta.url)` for an asset to copy.
  const file = fromSources ? "worker.ts" : "pglite-worker.js";
  const url = new URL(`./${file}`, import.meta.url);
  if (!fromSources) {
    if (!existsSync(url))
      throw new Error(`${fileURLToPath(url)} is missing: build the server again (npm run build), or set PGLITE_WORKER=false`);
    return new Worker(url, { workerData: data });
  }
  const source = JSON.stringify(url.href);
  const code = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${source}); });`;
  return new Worker(code, { eval: true, workerData: data });
}

/**
 * PGlite in a worker thread, with the part of PGlite's interface Drizzle and the change notices use (query, exec,
 * transaction, listen, close). Drizzle's type parsers are functions and cannot cross threads: the worker returns
 * those types' text unparsed and the parsers run here.
 */
export class PgliteWorkerClient implements Queryable {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | undefined;
  closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (message: WorkerMessage) => this.receive(message));
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", (code) => this.stop(new Error(`the database worker stopped (exit code ${code})`)));
  }

  /** Starts the worker on `dataDir` and resolves once PGlite is open there. */
  static async start(data: PgliteWorkerData): Promise<PgliteWorkerClient> {
    const worker = startWorker(data);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.kind === "ready") resolve();
        else if (message.kind === "failed") reject(fromWorkerError(message.error));
        else return;
        worker.off("message", onMessage);
        worker.off("error", reject);
      };
      worker.on("message", onMessage);
      worker.on("error", reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteWorkerClient(worker);
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.runQuery(sql, params, options, undefined);
  }

  exec(sql: string): Promise<unknown> {
    return this.request({ op: "exec", sql });
  }

  /** Runs `callback` in one transaction; like PGlite's, other queries wait until it ends. */
  async transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T> {
    const txId = (await this.request({ op: "begin" })) as number;
    const tx: Queryable = {
      query: (sql, params = [], options = {}) => this.runQuery(sql, params, options, txId),
      exec: (sql) => this.request({ op: "exec", sql, txId }),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.request({ op: "end", txId, commit: false });
      throw error;
    }
    await this.request({ op: "end", txId, commit: true });
    return result;
  }

  /** Calls `callback` with each notice on `channel`; returns a function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const callbacks = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, callbacks);
    callbacks.add(callback);
    if (callbacks.size === 1) await this.request({ op: "listen", channel });
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size === 0 && !this.closed) {
        this.listeners.delete(channel);
        await this.request({ op: "unlisten", channel });
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.request({ op: "close" });
    this.closed = true;
    await this.worker.terminate();
  }

  private async runQuery(sql: string, params: unknown[], options: QueryOptions, txId: number | undefined): Promise<QueryResult> {
    const { rowMode = "object", parsers = {} } = options;
    const rawTypes = Object.keys(parsers).map(Number);
    const result = (await this.request({ op: "query", sql, params, rowMode, rawTypes, txId })) as QueryResult;
    if (rawTypes.length > 0) applyParsers(result, parsers);
    return result;
  }

  private request(request: WorkerRequest): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }

  private receive(message: WorkerMessage) {
    if (message.kind === "notice") {
      for (const callback of this.listeners.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.kind !== "reply") return;
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(fromWorkerError(message.error as WorkerError));
  }

  private stop(error: Error) {
    this.stopped ??= error;
    this.closed = true;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

/** Runs the caller's parsers on the columns whose text the worker left unparsed. */
function applyParsers(result: QueryResult, parsers: Record<number, Parser>) {
  const columns = result.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    return parser ? [{ index, name: field.name, parser, type: field.dataTypeID }] : [];
  });
  if (columns.length === 0) return;
  for (const row of result.rows as (unknown[] | Record<string, unknown>)[]) {
    for (const { index, name, parser, type } of columns) {
      if (Array.isArray(row)) {
        if (typeof row[index] === "string") row[index] = parser(row[index], type);
      } else if (typeof row[name] === "string") {
        row[name] = parser(row[name], type);
      }
    }
  }
}

/** Opens an on-disk PGlite in a worker thread for this process alone, under the data dir's lock (as openPgliteDataDir). */
export async function openPgliteDataDirInWorker(dataDir: string) {
  const release = acquireDataDirLock(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // relaxedDurability stays off in the worker too (see openPgliteDataDir).
    const client = await PgliteWorkerClient.start({ dataDir, postgresqlconf: PGLITE_SETTINGS });
    makeTreePrivate(dataDir);
    const close = async () => {
      try {
        await client.close();
        makeTreePrivate(dataDir);
      } finally {
        release();
      }
    };
    // Drizzle's PGlite driver takes this in PGlite's place: it calls only what PgliteWorkerClient has.
    return { client: client as unknown as PGlite, listener: client, close };
  } catch (error) {
    release();
    throw error;
  }
}
