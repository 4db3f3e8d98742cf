// `npm run bench` (add `-- --quick` or BENCH_QUICK=1 for a small run; `-- --only=latency,history` for some
// sections). Starts everything on loopback, on ports the OS picks, and writes bench/results/latest.{json,md}.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { exitWithUsage, parseCommandLine } from "../src/cli/lib/args";
import { ensureBuild } from "./lib/build";
import type { BenchContext } from "./lib/context";
import { machineSpeedMs } from "./lib/machine-speed";
import { projectRoot, resultsDir } from "./lib/paths";
import { type Figure, markdownTable } from "./lib/report";
import { measureBundles } from "./sections/bundle";
import { measureCaches } from "./sections/caches";
import { measureHistory } from "./sections/history";
import { measureLatency } from "./sections/latency";
import { measureLiveChats } from "./sections/live";
import { measurePageSpeed } from "./sections/page-speed";
import { measureSafetyChecks } from "./sections/safety-checks";
import { measureSendLimit } from "./sections/send-limit";
import { measureStartup } from "./sections/startup";

const sections: { id: string; title: string; run: (ctx: BenchContext, postgresUrl?: string) => Promise<Figure[]> | Figure[] }[] = [
  { id: "bundle", title: "Web bundle", run: () => measureBundles() },
  { id: "page-speed", title: "Page speed", run: (ctx) => measurePageSpeed(ctx) },
  { id: "startup", title: "Start-up and idle memory", run: measureStartup },
  { id: "latency", title: "Added time to first token and throughput", run: measureLatency },
  { id: "history", title: "History API", run: measureHistory },
  { id: "live", title: "Concurrent live chats", run: measureLiveChats },
  { id: "safety", title: "Safety checks", run: (ctx) => measureSafetyChecks(ctx.quick) },
  { id: "send-limit", title: "Send limit", run: measureSendLimit },
  { id: "caches", title: "Caches", run: measureCaches },
];
const sectionIds = sections.map((section) => section.id);

const usage = `Usage: npm run bench -- [--quick] [--only=SECTION,...]

Measures the targets of the product spec on this machine (servers on loopback, ports the OS picks) and writes
bench/results/latest.{json,md} (latest-quick.* for a quick run). Builds first when dist/ is out of date.

Options:
  --quick              a small run (also BENCH_QUICK=1)
  --only=SECTION,...   only these sections: ${sectionIds.join(", ")}
  -h, --help           show this help

Environment: BENCH_DATABASE_URL (a PostgreSQL server to measure too), BENCH_KEEP=1 (keep the scratch folder).`;

const { values, positionals } = parseCommandLine(usage, { quick: { type: "boolean" }, only: { type: "string" } });
const only = values.only?.split(",");
const unknownSections = only?.filter((id) => !sectionIds.includes(id)) ?? [];
if (positionals.length > 0) exitWithUsage(usage, `Unexpected argument: ${positionals.join(" ")}`);
if (unknownSections.length > 0) exitWithUsage(usage, `No such section: ${unknownSections.join(", ")}`);
const quick = values.quick === true || process.env.BENCH_QUICK === "1";
const postgresUrl = process.env.BENCH_DATABASE_URL;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const tmp = mkdtempSync(join(tmpdir(), "health-chat-bench-"));
const ctx: BenchContext = { quick, tmp, serverLog: join(tmp, "server.log"), log, plans: [] };

log(`health-chat benchmark (${quick ? "quick" : "full"}), ${cpus().length} cores, node ${process.version}; scratch ${tmp}`);
ensureBuild(log);
const speedMs = machineSpeedMs();
log(`machine speed: reference workload ${speedMs} ms (lower is faster)`);
const figures: Figure[] = [];
try {
  for (const section of sections) {
    if (only && !only.includes(section.id)) continue;
    log(`${section.title}…`);
    try {
      figures.push(...(await section.run(ctx, postgresUrl)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`  ${section.title} failed: ${reason}`);
      figures.push({ section: section.title, name: "all", measured: "not measured", met: false, verdict: `not measured: ${reason}` });
    }
  }
} finally {
  if (process.env.BENCH_KEEP !== "1") rmSync(tmp, { recursive: true, force: true });
}

const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? "unknown",
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  referenceWorkloadMs: speedMs,
};
const date = new Date().toISOString();
const seconds = Math.round((Date.now() - started) / 1000);
const table = markdownTable(figures);
const plans = ctx.plans
  .map((p) => `### ${p.label} (${p.indexed ? "uses an index" : "NO INDEX"})\n\n\`\`\`sql\n${p.query}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\``)
  .join("\n\n");
const markdown = `# Benchmark results\n\n${date.slice(0, 10)}, ${quick ? "quick" : "full"} run in ${seconds} s on ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, reference workload ${speedMs} ms (\`bench/lib/machine-speed.ts\`; lower is faster). Every figure is measured side by side with its baseline in the same run; absolute numbers vary with the machine's other load.\n\n${table}\n${plans ? `\n## Query plans of the hot paths\n\n${plans}\n` : ""}`;

mkdirSync(resultsDir, { recursive: true });
const name = quick ? "latest-quick" : "latest";
writeFileSync(
  join(resultsDir, `${name}.json`),
  `${JSON.stringify({ date, quick, seconds, machine, figures, plans: ctx.plans }, null, 2)}\n`,
);
writeFileSync(join(resultsDir, `${name}.md`), markdown);
// Biome checks the committed results too: write them in its format.
execFileSync(
  join(projectRoot, "node_modules/.bin/biome"),
  ["format", "--write", join(resultsDir, `${name}.json`), join(resultsDir, `${name}.md`)],
  {
    stdio: "ignore",
  },
);
console.log(`\n${table}\n`);
if (plans) console.log(plans.replace(/```\w*\n?/g, ""));
const missed = figures.filter((f) => f.met === false).length;
log(
  `done in ${seconds} s: ${figures.filter((f) => f.met === true).length} targets met, ${missed} missed or not measured; bench/results/${name}.md`,
);
