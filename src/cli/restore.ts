// Operator command: `npm run restore -- [--force] FILE` loads a plain SQL dump into the server's (empty) database.
import { existsSync } from "node:fs";
import { exitWithUsage, parseCommandLine } from "./lib/args";
import { cliDatabaseTarget } from "./lib/database";
import { restorePglite } from "./lib/pglite-dump";
import { restorePostgres } from "./lib/postgres-dump";

const usage = `Usage: npm run restore -- [--force] FILE

Loads a plain SQL dump (from npm run backup, or pg_dump) into the server's database, in one transaction.
  embedded (DATA_DIR)   created when missing; the server must be stopped, as one process at a time may open it.
                        Dumps that load rows with COPY (pg_dump's default) need PostgreSQL: use pg_dump --inserts
  DATABASE_URL          through psql, which must be on the PATH (PostgreSQL client tools)
The database must be empty: restore refuses to mix a dump with data already there.

Options:
  --force               replace everything in the database (every schema is dropped first; stop the server)
  -h, --help            show this help`;

const { values, positionals } = parseCommandLine(usage, { force: { type: "boolean" } });
const [file] = positionals;
if (positionals.length !== 1 || !file) exitWithUsage(usage, "Give the dump file to load.");

try {
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
  const target = cliDatabaseTarget();
  const force = values.force === true;
  if (target.kind === "postgres") await restorePostgres({ url: target.url, file, force });
  else await restorePglite({ dataDir: target.dataDir, file, force });
  console.error(`restored from ${file}; the server applies any newer migrations when it starts`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
