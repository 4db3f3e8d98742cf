import { describe, it } from "vitest";
import { redactionPatterns, redactPersonalData } from "../../src/server/safety/redact";
import { expectLinearTime, LINEAR_TIME_INPUT_CHARS, LINEAR_TIME_LIMIT_MS, scanAll } from "../helpers/linear-time";

/**
 * Every message, and the whole history with it, goes through the redaction before each reply; a pattern that
 * backtracks would let one 8,000-character message hold the server's only thread for seconds. Property test:
 * repetitions of pattern-ish fragments, long runs of digits, spaces, words, "at" and "Str", and random unicode.
 */
describe(`redaction runs in linear time (${LINEAR_TIME_INPUT_CHARS} characters under ${LINEAR_TIME_LIMIT_MS} ms)`, () => {
  it("redactPersonalData", () => {
    expectLinearTime("redactPersonalData", (input) => redactPersonalData(input));
  });

  it.each(Object.entries(redactionPatterns))("%s", (name, pattern) => {
    expectLinearTime(name, scanAll(pattern));
  });
});
