/** The messages between the server's thread and the PGlite worker thread (src/server/db/pglite/worker.ts). */

/** What starts the worker (its workerData). */
export interface PgliteWorkerData {
  dataDir: string;
  postgresqlconf: string[];
}

/**
 * One request. `rawTypes`: type OIDs whose text the worker returns unparsed, because the caller's own parsers
 * (functions, which cannot cross threads) run on them here. `txId`: run inside that open transaction.
 */
export type WorkerRequest =
  | { op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object"; rawTypes: number[]; txId?: number }
  | { op: "exec"; sql: string; txId?: number }
  | { op: "begin" }
  | { op: "end"; txId: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "close" };

/** An error as it crosses the thread boundary: its message and PostgreSQL's fields (code, constraint …), plain values only. */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerMessage =
  | { kind: "ready" }
  | { kind: "failed"; error: WorkerError }
  | { kind: "reply"; id: number; ok: true; value: unknown }
  | { kind: "reply"; id: number; ok: false; error: WorkerError }
  | { kind: "notice"; channel: string; payload: string };

export function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  // Only plain values: PGlite's errors also carry the query's options, whose parsers are functions.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again, on this side, with the same name, message and fields (so `code` checks keep working). */
export function fromWorkerError({ name, message, fields }: WorkerError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
