const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;
type Fields = Record<string, unknown>;

export interface Logger {
  debug: (message: string, fields?: Fields) => void;
  info: (message: string, fields?: Fields) => void;
  warn: (message: string, fields?: Fields) => void;
  error: (message: string, fields?: Fields) => void;
}

/** One JSON line per event on stderr; callers pass ids and counts, never message text or secrets. */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const at = (name: Exclude<LogLevel, "silent">) => (message: string, fields?: Fields) => {
    if (levels[name] < levels[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: name, message, ...fields }));
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
