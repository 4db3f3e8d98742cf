import fc from "fast-check";
import { expect } from "vitest";

/** Length of every adversarial input. */
export const LINEAR_TIME_INPUT_CHARS = 8_000;
/** Longest a single call may take on one input (the fastest of several runs, CPU time). */
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
  const piece = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fragments) }, { weight: 1, arbitrary: unicodeText(1, 4) });
  return fc
    .tuple(unicodeText(0, 20), fc.array(piece, { minLength: 1, maxLength: 12 }), unicodeText(0, 20))
    .map(([start, unit, end]) => `${start}${fill(unit.join(""), LINEAR_TIME_INPUT_CHARS - start.length - end.length)}${end}`);
}

/** One code point of any kind, lone surrogates included; ASCII and the first plane more often. */
const anyCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0x10ffff }))
  .map((code) => (code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code)));

/**
 * Random unicode text. (fast-check's own `unit: "binary"` strings do the same, but their first use takes half a
 * minute on a loaded 2-core machine, past the test timeout.)
 */
function unicodeText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(anyCharacter, { minLength, maxLength }).map((characters) => characters.join(""));
}

function fill(unit: string, length = LINEAR_TIME_INPUT_CHARS): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * One call of fn, in milliseconds: the smaller of wall time (which a wait for a core inflates) and the process's
 * CPU time (which background GC and compiler threads inflate). A backtracking pattern is slow by both.
 */
function callMilliseconds(fn: () => unknown): number {
  const before = process.cpuUsage();
  const start = performance.now();
  fn();
  const wall = performance.now() - start;
  const used = process.cpuUsage(before);
  return Math.min(wall, (used.user + used.system) / 1000);
}

/** Four times the input may take at most this many times as long (linear: about 4; quadratic: about 16). */
const MAX_LINEAR_GROWTH = 8;

/** Calls per input at most, while the fastest is over the limit. */
const MAX_RUNS = 20;

/**
 * fn's fastest call (callMilliseconds), after a warm-up call (JIT, regexp compilation, the input's flattening).
 * One call under the limit proves the work fits; a busy machine slows some calls, a backtracking pattern every one.
 * Ten times over the limit after three calls is no accident, and it stops there.
 */
export function bestMilliseconds(fn: () => unknown, limit = LINEAR_TIME_LIMIT_MS): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let run = 1; run <= MAX_RUNS; run++) {
    best = Math.min(best, callMilliseconds(fn));
    if (best < limit || (run >= 3 && best > 10 * limit)) break;
  }
  return best;
}

/** fn's median call of five after a warm-up: the fastest of short calls reads low where CPU time is counted coarsely. */
function medianMilliseconds(fn: () => unknown): number {
  fn();
  const times = Array.from({ length: 5 }, () => callMilliseconds(fn)).sort((a, b) => a - b);
  return times[2] as number;
}

const describeInput = (input: string) => `${JSON.stringify(input.slice(0, 60))}… (${input.length} chars)`;

/**
 * Asserts that `fn` stays under `limit` (LINEAR_TIME_LIMIT_MS unless given), or else grows linearly, on fixed worst
 * cases and `numRuns` random adversarial inputs of LINEAR_TIME_INPUT_CHARS characters. A backtracking pattern takes
 * hundreds of milliseconds on these. Call it inside a test; `name` appears in the failure.
 */
export function expectLinearTime(
  name: string,
  fn: (input: string) => unknown,
  {
    fragments = redactionFragments,
    numRuns = DEFAULT_RUNS,
    limit = LINEAR_TIME_LIMIT_MS,
  }: { fragments?: readonly string[]; numRuns?: number; limit?: number } = {},
): void {
  const check = (input: string) => {
    const ms = bestMilliseconds(() => fn(input), limit);
    if (ms < limit) return;
    // Over the limit: a machine busy for the whole measurement, or work that grows faster than the input. A
    // quarter of the input takes a quarter of the time when the work is linear, a sixteenth when it is quadratic.
    const quarter = medianMilliseconds(() => fn(input.slice(0, input.length / 4)));
    const growth = ms / Math.max(quarter, 0.001);
    expect(growth, `${name} took ${ms.toFixed(1)} ms on ${describeInput(input)}, ${growth.toFixed(1)}× a quarter of it`).toBeLessThan(
      MAX_LINEAR_GROWTH,
    );
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
