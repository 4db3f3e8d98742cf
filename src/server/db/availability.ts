import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** Socket errors of a connection that could not be opened or was cut. */
const connectionErrnos = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** SQLSTATEs of a server that is shutting down, crashed or not accepting connections (class 08 is checked separately). */
const unavailableSqlStates = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Errors pg raises without a code when a connection ends or cannot be made in time. */
const connectionMessages = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

/**
 * True when the error (or one it wraps: Drizzle and better-auth keep the driver's error as `cause`) means the
 * database cannot be reached right now, rather than that a query was wrong. Such requests answer 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}

/**
 * The driver's code (or pg's message) that shows the database is unreachable, or undefined. Safe to log: it
 * never includes a query or its parameters, which Drizzle puts into the message of the error it wraps.
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const visit = (value: unknown): string | undefined => {
    if (!value || typeof value !== "object" || seen.has(value)) return undefined;
    seen.add(value);
    const { code, message, cause, errors } = value as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (connectionErrnos.has(code) || unavailableSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return code;
    const known = typeof message === "string" ? connectionMessages.find((text) => message.includes(text)) : undefined;
    if (known) return known;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    for (const inner of Array.isArray(errors) ? errors : []) {
      const reason = visit(inner);
      if (reason) return reason;
    }
    return visit(cause);
  };
  return visit(error);
}

/** Whether the database answers a trivial query now (fails as fast as the pool's connection timeout). */
export async function databaseReachable(db: Database): Promise<boolean> {
  return db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
}
