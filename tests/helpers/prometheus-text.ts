/** One sample of a Prometheus text exposition: `name{label="value",…} number`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the exposition format's sample lines (comments skipped); throws on a line it cannot read. */
export function parsePrometheusText(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const match = sampleLine.exec(line.trim());
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(labelPair)].map(([, key, value]) => [key, value]));
      return { name: match[1] ?? "", labels, value: Number(match[3]) };
    });
}

/** The samples named `name` whose labels include every one of `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
}

/** The value of the one sample named `name` with these labels; throws when there is none or more than one. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samplesOf(samples, name, labels);
  if (found.length !== 1) throw new Error(`expected one sample ${name} ${JSON.stringify(labels)}, found ${found.length}`);
  return found[0]?.value ?? Number.NaN;
}
