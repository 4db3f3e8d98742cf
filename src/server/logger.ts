import pino from "pino";
import { errorFields } from "./log-safe-error";
import { requestContext } from "./request-context";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
type Fields = Record<string, unknown>;

export interface Logger {
  debug: (message: string, fields?: Fields) => void;
  info: (message: string, fields?: Fields) => void;
  warn: (message: string, fields?: Fields) => void;
  error: (message: string, fields?: Fields) => void;
}

/** A second guard after the call sites: an Error passed as a field is logged as its name and codes only. */
function withSafeErrors(fields: Fields): Fields {
  if (!Object.values(fields).some((value) => value instanceof Error)) return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value instanceof Error ? errorFields(value) : value]));
}

/**
 * Structured JSON lines (pino) on stderr, or to `write` in tests. Callers pass ids and counts, never
 * message text or secrets; the redact paths are a second guard for fields that must never appear.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write ? { write: (line: string) => write(line.trimEnd()) } : pino.destination({ dest: 2, sync: true });
  const base = pino(
    {
      level,
      base: undefined,
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A new object each time: pino merges the line's own fields into what mixin returns, and merged into the
      // context itself they would reappear in every later line of the request.
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
      redact: { paths: ["password", "token", "text", "authorization", "cookie", "*.password", "*.token"], censor: "[redacted]" },
    },
    destination,
  );
  const at =
    (name: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: Fields): void =>
      fields ? base[name](withSafeErrors(fields), message) : base[name](message);
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
