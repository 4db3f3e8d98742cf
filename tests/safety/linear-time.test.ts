import { describe, it } from "vitest";
import { typoCorrector } from "../../src/server/safety/fuzzy";
import { contextCueNames, contextCuePatterns } from "../../src/server/safety/model/context-cues";
import { featureVector } from "../../src/server/safety/model/features";
import { normalizeText } from "../../src/server/safety/normalize";
import { planMatches } from "../../src/server/safety/plan-matches";
import * as cues from "../../src/server/safety/red-flag-cues";
import { redFlagPatterns } from "../../src/server/safety/red-flag-patterns";
import { categoryRegexes, ruleFindings, ruleRegexes } from "../../src/server/safety/red-flag-rules";
import { classifyRedFlags, redFlagCategories } from "../../src/server/safety/red-flags";
import { redactionPatterns, redactPersonalData } from "../../src/server/safety/redact";
import { expectLinearTime, LINEAR_TIME_INPUT_CHARS, LINEAR_TIME_LIMIT_MS, scanAll } from "../helpers/linear-time";
import { redFlagFragments } from "./red-flag-fragments";

/**
 * Every message, and the whole history with it, goes through the redaction before each reply, and every user
 * message through the red-flag check; a pattern that backtracks would let one 8,000-character message hold the
 * server's only thread for seconds. Property test: repetitions of pattern-ish fragments (long runs of digits,
 * spaces, words, terms, negations, question words) and random unicode.
 */
describe(`redaction runs in linear time (${LINEAR_TIME_INPUT_CHARS} characters under ${LINEAR_TIME_LIMIT_MS} ms)`, () => {
  it("redactPersonalData", () => {
    expectLinearTime("redactPersonalData", (input) => redactPersonalData(input));
  });

  it.each(Object.entries(redactionPatterns))("%s", (name, pattern) => {
    expectLinearTime(name, scanAll(pattern));
  });
});

const fragments = { fragments: redFlagFragments };
// The whole check reads a message up to three times (its parts, their pairs, the whole) and runs the model on each.
const wholeCheck = { ...fragments, limit: 4 * LINEAR_TIME_LIMIT_MS };
// A whole classification of 8,000 characters takes a few milliseconds; ~150 inputs of it, several calls each,
// take a while on a busy 2-core machine.
const SLOW = 180_000;
// Each single pattern is also inside its category's pattern, checked with the full number of random inputs.
const fewer = { fragments: redFlagFragments, numRuns: 8 };

/** Every regular expression red-flag-cues.ts exports, by name (the question cues per language included). */
const cueRegexes: [string, RegExp][] = [
  ...Object.entries(cues).filter((entry): entry is [string, RegExp] => entry[1] instanceof RegExp),
  ...Object.entries(cues.questionCues).flatMap(([language, set]) =>
    Object.entries(set).map(([name, regex]): [string, RegExp] => [`questionCues.${language}.${name}`, regex]),
  ),
];

describe(`red-flag detection runs in linear time (${LINEAR_TIME_INPUT_CHARS} characters under ${LINEAR_TIME_LIMIT_MS} ms)`, () => {
  it.each(["en", "de", undefined] as const)(
    "classifyRedFlags, language %s",
    (language) => {
      expectLinearTime(`classifyRedFlags (${language})`, (input) => classifyRedFlags(input, language), wholeCheck);
    },
    SLOW,
  );

  it("planMatches", () => expectLinearTime("planMatches", (input) => [...planMatches(input)], fragments));

  it("ruleFindings", () => expectLinearTime("ruleFindings", (input) => ruleFindings(input, "en"), fragments), SLOW);

  it.each(categoryRegexes.map(({ category, regex }, i) => [`${category} (${i + 1})`, regex] as const))(
    "all patterns of %s",
    (category, regex) => {
      expectLinearTime(category, scanAll(regex), fragments);
    },
  );

  const single = redFlagCategories.flatMap((category) =>
    redFlagPatterns[category].map((source, i) => [`${category} #${i + 1}`, new RegExp(`\\b(?:${source})\\b`, "g")] as const),
  );
  it.each(single)("pattern %s", (name, regex) => {
    expectLinearTime(`${name} ${regex.source}`, scanAll(regex), fewer);
  });

  it.each(cueRegexes)("cue %s", (name, regex) => {
    expectLinearTime(name, scanAll(regex), fragments);
  });

  it.each(contextCueNames.map((name, i) => [name, contextCuePatterns[i] as RegExp] as const))("context cue %s", (name, regex) => {
    expectLinearTime(name, scanAll(regex), fragments);
  });

  it.each(Object.entries(ruleRegexes))("rule helper %s", (name, regex) => {
    expectLinearTime(name, scanAll(regex), fragments);
  });

  it("the typo corrector", () => {
    const correct = typoCorrector(cues.typoTerms, cues.typoExceptions);
    expectLinearTime("typo corrector", (input) => correct(normalizeText(input)), fragments);
  });

  it("normalizeText", () => expectLinearTime("normalizeText", normalizeText, fragments));

  it("the learned model's features", () => {
    expectLinearTime("featureVector", (input) => featureVector(input, 1 << 17, ["rule any"]), fragments);
  });
});
