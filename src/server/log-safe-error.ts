/** What a log line may say about an error. */
export interface SafeErrorFields {
  /** The error's class (DrizzleQueryError, DatabaseError, TypeError …), or the type of a thrown non-error. */
  name: string;
  /** A driver or library code: a SQLSTATE such as 23502, an errno such as ECONNREFUSED. */
  code?: string;
  /** The first code along the error's `cause` chain (Drizzle keeps the driver's error there). */
  causeCode?: string;
  /** Where it was thrown: the stack's frames, without the message the stack begins with. */
  frames?: string[];
}

/** Names and codes are identifiers; anything else in those fields (free text) is left out. */
const identifier = /^[\w.$-]{1,64}$/;
/** A V8 stack frame: `    at fn (file:line:col)` or `    at file:line:col`, always ending in a location. */
const frame = /^ {4}at (?:[^\n]* \()?[^\s()]+:\d+:\d+\)?$/;
const MAX_CAUSE_DEPTH = 5;

/**
 * An error reduced to name, code, the code of its cause and its stack frames; never its message. Drizzle puts
 * the query's parameters into its message (a user's text, an e-mail address), and a driver's message can quote
 * the value it refused, so no message (and no stack header, which repeats it) reaches the log.
 */
export function errorFields(error: unknown): SafeErrorFields {
  if (typeof error !== "object" || error === null) return { name: typeof error };
  const fields: SafeErrorFields = { name: nameOf(error) };
  const code = codeOf(error);
  if (code) fields.code = code;
  const causeCode = causeCodeOf(error);
  if (causeCode) fields.causeCode = causeCode;
  const frames = error instanceof Error ? framesOf(error) : undefined;
  if (frames && frames.length > 0) fields.frames = frames;
  return fields;
}

function nameOf(error: object): string {
  // Drizzle's error and pg's keep the generic name ("Error", "error"); their class says more.
  const className = error.constructor?.name;
  if (className && className !== "Error" && className !== "Object" && identifier.test(className)) return className;
  const name = (error as { name?: unknown }).name;
  return typeof name === "string" && identifier.test(name) ? name : "Error";
}

function codeOf(value: object): string | undefined {
  const code = (value as { code?: unknown }).code;
  const text = typeof code === "number" ? String(code) : code;
  return typeof text === "string" && identifier.test(text) ? text : undefined;
}

function causeCodeOf(error: object): string | undefined {
  let cause = (error as { cause?: unknown }).cause;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof cause === "object" && cause !== null; depth++) {
    const code = codeOf(cause);
    if (code) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * V8 formats the stack when it is first read, starting with `name: message` as they are then; when the stack
 * does not start with the current header, it cannot be split from the message safely and is left out.
 */
function framesOf(error: Error): string[] | undefined {
  const { stack } = error;
  if (typeof stack !== "string") return undefined;
  const name = error.name === undefined ? "Error" : String(error.name);
  const message = error.message === undefined ? "" : String(error.message);
  const header = !name ? message : !message ? name : `${name}: ${message}`;
  if (!stack.startsWith(`${header}\n`)) return undefined;
  return stack
    .slice(header.length + 1)
    .split("\n")
    .filter((line) => frame.test(line))
    .map((line) => line.trim());
}
