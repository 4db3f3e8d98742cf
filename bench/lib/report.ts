/** One row of the results table. */
export interface Figure {
  section: string;
  name: string;
  /** What was measured, formatted (e.g. "p50 1.2 ms, p99 3.4 ms"). */
  measured: string;
  /** The side-by-side baseline and the ratio or difference to it, formatted. */
  baseline?: string;
  target?: string;
  /** true met, false missed, null no target or not measured. */
  met: boolean | null;
  verdict: string;
  samples?: number;
  /** Raw numbers for latest.json. */
  data?: unknown;
}

/** The row a section adds for its PostgreSQL pass when the run has no BENCH_DATABASE_URL. */
export function notMeasuredWithoutPostgres(section: string): Figure {
  return { section, name: "PostgreSQL", measured: "not measured", met: null, verdict: "not measured: BENCH_DATABASE_URL unset" };
}

/** A `value ≤ limit` target: met, or missed and by how much. */
export function atMost(value: number, limit: number, unit: string): { met: boolean; verdict: string } {
  if (!Number.isFinite(value)) return { met: false, verdict: "not measured" };
  const fmt = (v: number) => `${formatNumber(v)}${unit}`;
  return value <= limit
    ? { met: true, verdict: `met (${fmt(value)} ≤ ${fmt(limit)})` }
    : { met: false, verdict: `missed by ${fmt(value - limit)} (${formatNumber(value / limit)}× the limit)` };
}

/** A `value ≥ limit` target. */
export function atLeast(value: number, limit: number, unit: string): { met: boolean; verdict: string } {
  if (!Number.isFinite(value)) return { met: false, verdict: "not measured" };
  const fmt = (v: number) => `${formatNumber(v)}${unit}`;
  return value >= limit
    ? { met: true, verdict: `met (${fmt(value)} ≥ ${fmt(limit)})` }
    : { met: false, verdict: `missed by ${fmt(limit - value)}` };
}

/** Both parts must be met; the verdict lists the missed ones. */
export function all(parts: { met: boolean; verdict: string; label: string }[]): { met: boolean; verdict: string } {
  const missed = parts.filter((part) => !part.met);
  if (missed.length === 0) return { met: true, verdict: "met" };
  return { met: false, verdict: missed.map((part) => `${part.label} ${part.verdict}`).join("; ") };
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export const kb = (bytes: number) => `${formatNumber(bytes / 1024)} KB`;
export const mb = (bytes: number) => `${formatNumber(bytes / 1024 / 1024)} MB`;

const cell = (text: string | undefined) => (text ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The results as a Markdown table (figure, measured, baseline, target, result). */
export function markdownTable(figures: Figure[]): string {
  const lines = ["| Figure | Measured | Baseline (same run) | Target | Result |", "| --- | --- | --- | --- | --- |"];
  for (const f of figures) {
    const result = f.met === true ? `✅ ${f.verdict}` : f.met === false ? `❌ ${f.verdict}` : f.verdict;
    lines.push(
      `| ${cell(`${f.section}: ${f.name}`)} | ${cell(f.measured)} | ${cell(f.baseline ?? "–")} | ${cell(f.target ?? "–")} | ${cell(result)} |`,
    );
  }
  return lines.join("\n");
}
