// Operator command: `npm run backup -- FILE` writes the server's database as a plain SQL dump.

import { exitWithUsage, parseCommandLine } from "./lib/args";
import { cliDatabaseTarget } from "./lib/database";
import { backupPglite } from "./lib/pglite-dump";
import { backupPostgres } from "./lib/postgres-dump";
import { ensureNewFile } from "./lib/write-atomically";

const usage = `Usage: npm run backup -- FILE

Writes the server's database as a plain SQL dump to FILE, for npm run restore or psql. FILE must not exist yet
(an older backup is never replaced); it is readable by its owner only (mode 0600).
  embedded (DATA_DIR)   PGlite's own pg_dump; the server must be stopped, as one process at a time may open it
  DATABASE_URL          pg_dump, which must be on the PATH (PostgreSQL client tools, the server's version or newer)

Options:
  -h, --help            show this help`;

const { positionals } = parseCommandLine(usage, {});
const [file] = positionals;
if (positionals.length !== 1 || !file) exitWithUsage(usage, "Give the file to write.");

try {
  // Before the dump's work; writeAtomically checks again as it puts the finished dump in place.
  ensureNewFile(file);
  const target = cliDatabaseTarget();
  if (target.kind === "postgres") await backupPostgres({ url: target.url, file });
  else await backupPglite({ dataDir: target.dataDir, file });
  console.error(`written to ${file}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
