// `npm run soak`: many simulated users against one server process; fails unless nothing was lost.
// Options: --users N (200) --seconds S (300) --database-url postgres://… (else the embedded PGlite).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseCommandLine } from "../src/cli/lib/args";
import { runSoak } from "./soak/run-soak";

const usage = `Usage: npm run soak -- [--users N] [--seconds S] [--database-url postgres://…]

Many simulated users against one server process; fails unless nothing was lost. Writes bench/results/soak-*.json.

Options:
  --users N                  simulated users (200)
  --seconds S                how long (300)
  --database-url URL         PostgreSQL (BENCH_DATABASE_URL), else the embedded PGlite
  -h, --help                 show this help`;
const { values } = parseCommandLine(usage, {
  users: { type: "string", default: "200" },
  seconds: { type: "string", default: "300" },
  "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL },
});
const result = await runSoak({
  users: Number(values.users),
  durationMs: Number(values.seconds) * 1000,
  databaseUrl: values["database-url"],
});
const resultsDir = join(import.meta.dirname, "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, `soak-${values["database-url"] ? "postgres" : "pglite"}.json`), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ ...result, errors: result.errors.slice(0, 20), errorCount: result.errors.length }, null, 2));
const ok = result.errors.length === 0 && result.lostMessages === 0 && result.leftoverRowsOfDeletedChats === 0;
console.log(ok ? "soak: no errors, no lost messages" : "soak: FAILED");
process.exit(ok ? 0 : 1);
