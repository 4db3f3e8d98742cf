import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;
const helpOption = { help: { type: "boolean", short: "h" } } as const;

/** Ends the command before it touches anything: the problem and the usage on stderr, exit code 2. */
export function exitWithUsage(usage: string, problem?: string): never {
  process.stderr.write(`${problem ? `${problem}\n\n` : ""}${usage}\n`);
  process.exit(2);
}

/**
 * Parses a command's arguments strictly, before it opens the database: `--help` (or `-h`) prints the usage on
 * stdout and exits 0; an unknown or malformed option exits through exitWithUsage.
 */
export function parseCommandLine<const O extends Options>(usage: string, options: O, args = process.argv.slice(2)) {
  const config = { args, options: { ...options, ...helpOption }, allowPositionals: true, strict: true } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    exitWithUsage(usage, error instanceof Error ? error.message : String(error));
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}
