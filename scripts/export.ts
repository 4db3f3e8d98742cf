// Research export from the command line, pseudonymous like the dashboard's:
// `npm run export -- feedback|chats --from 2026-01-01 --to 2026-01-31 [--format csv|jsonl] [--out FILE]`.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { researchExport } from "../src/server/research/exports";
import { dateRangeSchema, exportFormatSchema, exportKindSchema } from "../src/shared/schemas/research";
import { runCli } from "./lib/cli-database";

const usage = "usage: npm run export -- feedback|chats --from YYYY-MM-DD --to YYYY-MM-DD [--format csv|jsonl] [--out FILE]";
const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: false,
  options: { from: { type: "string" }, to: { type: "string" }, format: { type: "string", default: "csv" }, out: { type: "string" } },
});
const kind = exportKindSchema.safeParse(positionals[0]);
const range = dateRangeSchema.safeParse({ from: values.from, to: values.to });
const format = exportFormatSchema.safeParse(values.format);

if (!kind.success || !range.success || !format.success) {
  console.error(range.success ? usage : `${usage}\n${range.error.issues.map((issue) => issue.message).join("\n")}`);
  process.exitCode = 2;
} else {
  await runCli(async (db) => {
    const body = await researchExport({ db, kind: kind.data, range: range.data, format: format.data });
    if (typeof values.out === "string") {
      writeFileSync(values.out, body);
      console.error(`written to ${values.out}`);
    } else {
      process.stdout.write(body);
    }
    return 0;
  });
}
