import { describe, expect, it } from "vitest";
import { bestMilliseconds, expectLinearTime, LINEAR_TIME_LIMIT_MS, scanAll } from "../helpers/linear-time";

describe("the linear-time check (tests/helpers/linear-time.ts)", () => {
  it("fails a quadratic pattern", () => {
    // On a run of digits, /\d+x/ starts at every digit, runs to the end and backs off digit by digit: n²/2 steps.
    expect(() => expectLinearTime("quadratic", scanAll(/\d+x/), { fragments: ["1"], numRuns: 1 })).toThrow(/quadratic took/);
  });

  it("passes the same pattern made linear", () => {
    // Starting only where no digit precedes, each run of digits is read once.
    expectLinearTime("linear", scanAll(/(?<!\d)\d+x/), { fragments: ["1"], numRuns: 1 });
  });

  it("passes linear work that a slow machine takes longer than the limit for", () => {
    // 2 µs of busy work per character: 16 ms for 8,000 characters, 4 ms for a quarter of them.
    const slowButLinear = (input: string) => {
      const until = performance.now() + input.length * 0.002;
      while (performance.now() < until);
    };
    expectLinearTime("slow but linear", slowButLinear, { fragments: ["1"], numRuns: 1 });
  });

  it("counts the work, not the time spent waiting for a core", () => {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    // 20 ms asleep: a process the machine leaves waiting that long does no work meanwhile.
    expect(bestMilliseconds(() => Atomics.wait(cell, 0, 0, 20))).toBeLessThan(LINEAR_TIME_LIMIT_MS);
  });
});
