import { classifyRedFlags } from "../../src/server/safety/red-flags";
import { redactPersonalData } from "../../src/server/safety/redact";
import { redFlagCases } from "../../tests/safety/red-flag-cases";
import { type Figure, formatNumber } from "../lib/report";
import { percentile } from "../lib/stats";

/** How long each of `rounds` runs of `work` took, in milliseconds. */
function timeOf(work: () => void, rounds: number): number[] {
  return Array.from({ length: rounds }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  });
}

/**
 * The two checks every message passes through on its way to the model, timed on large input: the red-flag
 * classifier on 1,000 messages of 2,000 characters, and the redaction of personal data on long runs of letters
 * and digits (where a backtracking pattern would go quadratic; tests/safety/linear-time.test.ts proves the bound).
 */
export function measureSafetyChecks(quick: boolean): Figure[] {
  const rounds = quick ? 3 : 10;
  const texts = redFlagCases.map(([text]) => text);
  const messages = Array.from({ length: 1000 }, (_, i) => {
    let message = "";
    for (let j = i; message.length < 2000; j += 7) message += `${texts[j % texts.length]}. `;
    return message.slice(0, 2000);
  });
  const classify = timeOf(() => {
    for (const message of messages) classifyRedFlags(message);
  }, rounds);
  const runs = ["7".repeat(20_000), "0123 ".repeat(4_000), "aB3".repeat(7_000), "name.".repeat(4_000)];
  const redact = timeOf(() => {
    for (const run of runs) redactPersonalData(run);
  }, rounds);
  const ms = (value: number) => `${formatNumber(value)} ms`;
  return [
    {
      section: "Safety checks",
      name: "red-flag classifier: 1,000 messages of 2,000 characters",
      measured: `p50 ${ms(percentile(classify, 50))} (${formatNumber(percentile(classify, 50))} µs a message), n=${rounds}`,
      met: null,
      verdict: "no target",
      samples: rounds,
      data: { ms: classify },
    },
    {
      section: "Safety checks",
      name: "redaction: 4 runs of ~20,000 characters",
      measured: `p50 ${ms(percentile(redact, 50))}, n=${rounds}`,
      met: null,
      verdict: "no target",
      samples: rounds,
      data: { ms: redact },
    },
  ];
}
