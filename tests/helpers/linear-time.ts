import fc from "fast-check";
import { expect } from "vitest";

/** Length of every adversarial input. */
export const LINEAR_TIME_INPUT_CHARS = 8_000;
/** Longest a single call may take on one input (median of several runs). */
export const LINEAR_TIME_LIMIT_MS = 5;
/** Random inputs per function; LINEAR_TIME_RUNS=1000 searches deeper than the CI-sized default. */
const DEFAULT_RUNS = Number(process.env.LINEAR_TIME_RUNS) || 25;

/**
 * Pieces that start, or almost complete, something a redaction pattern looks for; repeated, they make a
 * backtracking pattern try the same characters again and again. Pass your own for other patterns.
 */
export const redactionFragments = [
  ...["7", "0", "00", "12", "123", "1985", "+", "+49 ", "0171 ", "(030) ", "-", "/", ".", ",", ":", "#", "'"],
  ...[" ", "  ", "\n", "\t", "a", "A", "Ä", "ä", "ß", "aB3", "name.", "x_", "x@", "@", "a@b", "a@b.", "Müller-"],
  ...["at ", " at ", "(at)", "[at] ", "(", "[", " dot ", "[dot]", " punkt ", "com "],
  ...["Str", "Str.", "str ", "Straße", "straße ", "Hauptstraße ", "weg", "Am ", "am ", "Im ", "An der ", "Berliner "],
  ...["Street ", "St. ", "Dr. ", "12 ", "Baker ", "baker ", "street ", "road "],
  ...["DE89 ", "3704 ", "4111 ", "A123", "123-45-", "86 095 ", "12.03.", "1985-03-", "12/03/"],
  ...["Versicherten", "Versichertennummer ", "insurance ", "KVNR ", "Steuer-ID ", "SSN "],
  ...["born ", "geb. ", "geboren am ", "DOB: ", "Geburtsdatum ", "März ", "March ", "3. ", "3rd ", "of ", "on the "],
  ...["Patientennummer ", "patient no. ", "Fallnummer ", "ID ", "10115 ", "Berlin ", "D-"],
];

/** Fixed worst cases: every fragment repeated to the full length (single characters make long runs of one kind). */
export function repeatedFragmentInputs(fragments: readonly string[]): string[] {
  return fragments.map((fragment) => fill(fragment));
}

/**
 * Random adversarial inputs: a short random mix of fragments and random unicode (any code point, lone surrogates
 * included), repeated to the full length, with a random start and end.
 */
export function adversarialInput(fragments: readonly string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fragments) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 4 }) },
  );
  return fc
    .tuple(
      fc.string({ unit: "binary", maxLength: 20 }),
      fc.array(piece, { minLength: 1, maxLength: 12 }),
      fc.string({ unit: "binary", maxLength: 20 }),
    )
    .map(([start, unit, end]) => `${start}${fill(unit.join(""), LINEAR_TIME_INPUT_CHARS - start.length - end.length)}${end}`);
}

function fill(unit: string, length = LINEAR_TIME_INPUT_CHARS): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** The median time of `runs` calls, after two warm-up calls (JIT, regexp compilation); one GC pause cannot fail it. */
export function medianMilliseconds(fn: () => unknown, runs = 5): number {
  fn();
  fn();
  const times = Array.from({ length: runs }, () => {
    const started = performance.now();
    fn();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? Number.POSITIVE_INFINITY;
}

/**
 * The median time, measured again (up to three times) while it is over the limit: on a busy machine the process can
 * be descheduled for a whole median, but a backtracking pattern is slow on every attempt.
 */
function settledMilliseconds(fn: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && best >= LINEAR_TIME_LIMIT_MS; attempt++) best = Math.min(best, medianMilliseconds(fn));
  return best;
}

const describeInput = (input: string) => `${JSON.stringify(input.slice(0, 60))}… (${input.length} chars)`;

/**
 * Asserts that `fn` stays under LINEAR_TIME_LIMIT_MS on every fixed worst case and on `numRuns` random adversarial
 * inputs of LINEAR_TIME_INPUT_CHARS characters. A pattern that backtracks (nested quantifiers over overlapping
 * classes) takes hundreds of milliseconds on these. Call it inside a test; `name` appears in the failure.
 */
export function expectLinearTime(
  name: string,
  fn: (input: string) => unknown,
  { fragments = redactionFragments, numRuns = DEFAULT_RUNS }: { fragments?: readonly string[]; numRuns?: number } = {},
): void {
  const check = (input: string) => {
    const ms = settledMilliseconds(() => fn(input));
    expect(ms, `${name} took ${ms.toFixed(1)} ms on ${describeInput(input)}`).toBeLessThan(LINEAR_TIME_LIMIT_MS);
  };
  const fixed = repeatedFragmentInputs(fragments);
  // One pass over everything first, so that the JIT has compiled fn and the patterns before anything is timed.
  for (const input of fixed) fn(input);
  for (const input of fixed) check(input);
  fc.assert(fc.property(adversarialInput(fragments), check), { numRuns });
}

/** Runs a regular expression over the whole input (every match, as replace() does), whatever its flags. */
export function scanAll(pattern: RegExp): (input: string) => unknown {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  return (input) => input.replace(global, "");
}
