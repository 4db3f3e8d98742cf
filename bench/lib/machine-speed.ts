import { percentile, round } from "./stats";

/**
 * A fixed single-threaded workload of the kind the server does per request (JSON in and out, string building),
 * timed before the sections run: machines of one kind differ by 2.5× or more in speed, so figures without a baseline
 * in the same run (start-up, page speed) are only comparable across runs next to this number. Median of 7.
 */
export function machineSpeedMs(): number {
  const event = { type: "delta", text: "Drink water regularly and rest; see a doctor if the headache lasts." };
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    let size = 0;
    for (let i = 0; i < 100_000; i++) {
      const line = `data: ${JSON.stringify({ ...event, n: i })}\n\n`;
      size += (JSON.parse(line.slice(6)) as { text: string }).text.length;
    }
    if (size === 0) throw new Error("unreachable: keeps the loop from being optimised away");
    times.push(performance.now() - started);
  }
  return round(percentile(times, 50));
}
