import { errorFields } from "../log-safe-error";
import type { Logger, LogLevel } from "../logger";

/**
 * A run of characters around an `@`: an e-mail address, maybe inside a URL. Single quotes belong to it (they are
 * allowed in an address, O'Neil@…), so an address in single quotes loses them too.
 */
const emailAddress = /[^\s"<>()[\]{},;]+@[^\s"<>()[\]{},;]+/g;
/** A bearer token in a URL's query (a reset or confirmation link, an OAuth code). */
const tokenParameter = /([?&](?:token|code)=)[^&\s"'`<>]+/gi;
const MAX_DETAIL_CHARS = 500;

/** Library text as it may be logged: no e-mail address, no token from a link. */
export function scrubLibraryText(text: string): string {
  return text.replace(emailAddress, "[e-mail]").replace(tokenParameter, "$1[redacted]");
}

/** One argument of a library's log call: an error as its name and codes, text scrubbed, objects one level deep. */
function detailOf(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return errorFields(value);
  if (typeof value === "string") return scrubLibraryText(value.slice(0, MAX_DETAIL_CHARS));
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return value;
  if (typeof value === "object" && depth === 0 && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, detailOf(inner, depth + 1)]));
  return `[${Array.isArray(value) ? "array" : typeof value}]`;
}

/**
 * better-auth's `logger` option: its lines go through our JSON logger (so LOG_LEVEL applies to them), without
 * the e-mail addresses it puts into some messages ("Sign-up attempt for existing email: …") and without the
 * messages of the errors it passes along, which for a failed query hold that query's parameters.
 */
export function betterAuthLogger({ level, logger }: { level: LogLevel; logger: Logger }) {
  return {
    disabled: level === "silent",
    level: level === "silent" ? ("error" as const) : level,
    log: (at: Exclude<LogLevel, "silent">, message: string, ...args: unknown[]) => {
      const fields = args.length > 0 ? { details: args.map((arg) => detailOf(arg)) } : undefined;
      logger[at](`better-auth: ${scrubLibraryText(message)}`, fields);
    },
  };
}
