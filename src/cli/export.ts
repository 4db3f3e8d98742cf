// Research export from the command line, pseudonymous like the dashboard's:
// `npm run export -- feedback|chats --from 2026-01-01 --to 2026-01-31 [--format csv|jsonl] [--out FILE]`.
import { existsSync } from "node:fs";
import { COMMAND_LINE_ACTOR, recordAudit } from "../server/audit/audit-log";
import { loadEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { researchExport } from "../server/research/exports";
import { dateRangeSchema, exportFormatSchema, exportKindSchema } from "../shared/schemas/research";
import { exitWithUsage, parseCommandLine } from "./lib/args";
import { runCli } from "./lib/database";
import { FileExistsError, writeNewFile } from "./lib/write-atomically";

const usage = `Usage: npm run export -- feedback|chats --from YYYY-MM-DD --to YYYY-MM-DD [--format csv|jsonl] [--out FILE]

Writes the research export the operator dashboard offers, pseudonymous, from the server's database
(DATABASE_URL, or the embedded one in DATA_DIR).

  feedback               the replies rated in the range, each with the question before it
  chats                  every message written in the range

Options:
  --from YYYY-MM-DD      first day of the range (UTC)
  --to YYYY-MM-DD        last day of the range (UTC)
  --format csv|jsonl     csv (the default) or JSON Lines
  --out FILE             write to FILE instead of standard output; FILE must not exist yet, and is
                         readable by its owner only (mode 0600)
  -h, --help             show this help`;

const { values, positionals } = parseCommandLine(usage, {
  from: { type: "string" },
  to: { type: "string" },
  format: { type: "string", default: "csv" },
  out: { type: "string" },
});
const kind = exportKindSchema.safeParse(positionals[0]);
const range = dateRangeSchema.safeParse({ from: values.from, to: values.to });
const format = exportFormatSchema.safeParse(values.format);
if (!kind.success || positionals.length !== 1) exitWithUsage(usage, "Name one export: feedback or chats.");
if (!range.success) exitWithUsage(usage, range.error.issues.map((issue) => issue.message).join("\n"));
if (!format.success) exitWithUsage(usage, "The format is csv or jsonl.");

// Refused before the database is opened; writeNewFile checks again as it creates the file.
if (values.out && existsSync(values.out)) {
  console.error(new FileExistsError(values.out).message);
  process.exit(1);
}

const logger = createLogger(loadEnv().LOG_LEVEL);

await runCli(async (db) => {
  const body = await researchExport({ db, kind: kind.data, range: range.data, format: format.data });
  // Audited like the dashboard's export, before any of it leaves: a failed audit write stops the export.
  const details = { kind: kind.data, format: format.data, ...range.data };
  await recordAudit({ db, logger, event: { action: "export", actorLabel: COMMAND_LINE_ACTOR, details } });
  if (values.out) {
    writeNewFile(values.out, body);
    console.error(`written to ${values.out}`);
  } else {
    process.stdout.write(body);
  }
  return 0;
});
