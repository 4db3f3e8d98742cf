/** Percentiles and summaries of samples (nearest-rank, so p99 of 100 samples is the 99th value). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export interface Summary {
  p50: number;
  p99: number;
  samples: number;
}

export function summarize(samples: readonly number[]): Summary {
  return { p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)), samples: samples.length };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
