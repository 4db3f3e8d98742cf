// Research export from the command line, pseudonymous like the dashboard's:
// `npm run export -- feedback|chats --from 2026-01-01 --to 2026-01-31 [--format csv|jsonl] [--out FILE]`.
import { writeFileSync } from "node:fs";
import { researchExport } from "../src/server/research/exports";
import { dateRangeSchema, exportFormatSchema, exportKindSchema } from "../src/shared/schemas/research";
import { exitWithUsage, parseCommandLine } from "./lib/cli-args";
import { runCli } from "./lib/cli-database";

const usage = `Usage: npm run export -- feedback|chats --from YYYY-MM-DD --to YYYY-MM-DD [--format csv|jsonl] [--out FILE]

Writes the research export the operator dashboard offers, pseudonymous, from the server's database
(DATABASE_URL, or the embedded one in DATA_DIR).

  feedback               the replies rated in the range, each with the question before it
  chats                  every message written in the range

Options:
  --from YYYY-MM-DD      first day of the range (UTC)
  --to YYYY-MM-DD        last day of the range (UTC)
  --format csv|jsonl     csv (the default) or JSON Lines
  --out FILE             write to FILE instead of standard output
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

await runCli(async (db) => {
  const body = await researchExport({ db, kind: kind.data, range: range.data, format: format.data });
  if (values.out) {
    writeFileSync(values.out, body);
    console.error(`written to ${values.out}`);
  } else {
    process.stdout.write(body);
  }
  return 0;
});
