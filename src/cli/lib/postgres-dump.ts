import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { devNull } from "node:os";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { ensureRestorable, knownSettings, type Query, wipeStatements } from "./database-contents";
import { createPreambleFilter } from "./dump-text";
import { writeAtomically } from "./write-atomically";

/**
 * pg_dump and psql take the URL without its password, which goes in PGPASSWORD: a command line is visible to
 * every user of the machine (ps), the environment is not.
 */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool, its output on ours; `input` feeds its standard input. */
async function runTool(tool: "pg_dump" | "psql", args: string[], env: NodeJS.ProcessEnv, input?: Readable): Promise<void> {
  const child = spawn(tool, args, { env, stdio: [input ? "pipe" : "ignore", "inherit", "inherit"] });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT" ? new Error(`${tool} was not found: install the PostgreSQL client tools (e.g. postgresql-client).`) : error,
      ),
    );
    child.once("close", (code) => resolve(code));
  });
  // When the tool stops early (an error in the dump), feeding it fails with EPIPE; its exit code tells why.
  const fed =
    input && child.stdin
      ? pipeline(input, child.stdin).then(
          () => undefined,
          (error: unknown) => error,
        )
      : undefined;
  const code = await exited;
  if (code !== 0) throw new Error(`${tool} failed (exit code ${code}).`);
  const feedError = await fed;
  if (feedError) throw feedError;
}

/** Writes the PostgreSQL database as a plain SQL dump with pg_dump. */
export async function backupPostgres({ url, file }: { url: string; file: string }): Promise<void> {
  const target = connection(url);
  await writeAtomically(file, (temporary) =>
    runTool("pg_dump", ["--no-owner", "--no-privileges", "--file", temporary, "--dbname", target.url], target.env),
  );
}

async function* linesOf(file: string, keep: (line: string) => boolean): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (keep(line)) yield `${line}\n`;
  }
}

/** Loads a plain SQL dump into the PostgreSQL database with psql, in one transaction: all of it or nothing. */
export async function restorePostgres({ url, file, force }: { url: string; file: string; force: boolean }): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let wipe: string;
  let settings: Set<string>;
  try {
    const query: Query = async <T>(text: string) => (await client.query(text)).rows as T[];
    await ensureRestorable(query, { force, where: `The database ${connection(url).url.replace(/^.*@/, "")}` });
    settings = await knownSettings(query);
    wipe = force ? await wipeStatements(query) : "";
  } finally {
    await client.end();
  }
  // COMMIT only once the whole file was read: if reading fails, psql meets the end of its input inside the
  // transaction, and the server rolls it back (psql's --single-transaction would commit what it got).
  async function* input() {
    yield `BEGIN;\n${wipe}`;
    yield* linesOf(file, createPreambleFilter({ knownSettings: settings, forPsql: true }));
    yield "COMMIT;\n";
  }
  const target = connection(url);
  // -X: no ~/.psqlrc; query results (set_config's) to nowhere; errors still reach stderr and stop it.
  const args = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--output", devNull, "--dbname", target.url];
  try {
    await runTool("psql", args, target.env, Readable.from(input()));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)} Nothing was restored.`, { cause: error });
  }
}
