import type { Language } from "../../shared/schemas/profile";
import { type RedFlagCategory, redFlagCategories, SELF_HARM } from "../../shared/values";
import { typoCorrector } from "./fuzzy";
import { type Found, MatchPositions, matchesOf } from "./match-positions";
import { normalizeText } from "./normalize";
import { planMatches } from "./plan-matches";
import {
  clauseBreak,
  deixis,
  explainedAfter,
  germanThirdPerson,
  historyAfter,
  historyBefore,
  intensifiedAfter,
  leadIn,
  NEGATION_WINDOW,
  negationCues,
  politeRequest,
  pseudoNegations,
  type QuestionCues,
  questionCues,
  sentenceBreak,
  typoExceptions,
  typoTerms,
  urgency,
} from "./red-flag-cues";
import { redFlagPatterns } from "./red-flag-patterns";

// V8 stops optimising a regular expression whose source passes 20 KB (the self-harm plans alone are 22 KB; joined
// they took 15 ms on 8000 characters instead of 0.02), so a category's terms are split into sources below this.
const MAX_SOURCE = 12_000;

function chunked(sources: readonly string[]): string[][] {
  const chunks: string[][] = [];
  let size = Number.POSITIVE_INFINITY;
  for (const source of sources) {
    if (size + source.length > MAX_SOURCE) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)?.push(source);
    size += source.length + 1;
  }
  return chunks;
}

/** Each category's terms (red-flag-patterns-*.ts), each between word boundaries, in as few regexes as stay fast. */
export const categoryRegexes = redFlagCategories.flatMap((category) =>
  chunked(redFlagPatterns[category]).map((chunk) => ({ category, regex: new RegExp(`\\b(?:${chunk.join("|")})\\b`, "g") })),
);
/** What the rules look for, per category: its regexes, and for self-harm the signs of a plan close together. */
const finders: { category: RedFlagCategory; find: (text: string) => Iterable<Found> }[] = [
  ...categoryRegexes.map(({ category, regex }) => ({ category, find: (text: string) => matchesOf(regex, text) })),
  { category: SELF_HARM, find: planMatches },
];
const correctTypos = typoCorrector(typoTerms, typoExceptions);

// Negation and history cues sit a few words from the term, so only this many characters either side are read.
const LOOKAROUND = 80;
// A question is recognised by its first words ("what is…", "hi, is it…"); only this much of a sentence is read.
const SENTENCE_HEAD = 200;

const whitespace = /\s/;
const notWordLetter = /[^a-z']/g;

/** The other regular expressions the rules run, by name (the linear-time check runs them all). */
export const ruleRegexes: Record<string, RegExp> = { whitespace, notWordLetter };

/** Clause and sentence breaks of one message, found once and only if a term matched. */
class Breaks {
  private clauses?: MatchPositions;
  private sentences?: MatchPositions;
  constructor(private readonly text: string) {}
  get clause(): MatchPositions {
    this.clauses ??= new MatchPositions(this.text, clauseBreak);
    return this.clauses;
  }
  get sentence(): MatchPositions {
    this.sentences ??= new MatchPositions(this.text, sentenceBreak);
    return this.sentences;
  }
}

/** The part of the clause before and after a match (clauses end at punctuation and at "but"/"aber"). */
function clauseAround(text: string, breaks: Breaks, start: number, end: number): { before: string; after: string } {
  let from = Math.max(0, start - LOOKAROUND);
  // Drop a word cut in half by the window ("...piano" must not read as "no").
  if (from > 0 && !whitespace.test(text[from - 1] ?? "")) {
    while (from < start && !whitespace.test(text[from] ?? "")) from++;
  }
  const before = text.slice(breaks.clause.lastEndWithin(from, start), start);
  const cut = breaks.clause.firstStartFrom(end);
  const after = text.slice(end, cut === -1 ? end + LOOKAROUND : Math.min(cut, end + LOOKAROUND));
  return { before, after };
}

const bare = (word: string | undefined) => (word ?? "").replace(notWordLetter, "");

/** The last `count` words of text, in order (normalized text has no whitespace but spaces and line breaks). */
function lastWords(text: string, count: number): string[] {
  const words: string[] = [];
  const isSpace = (at: number) => text[at] === " " || text[at] === "\n";
  let end = text.length;
  while (words.length < count) {
    while (end > 0 && isSpace(end - 1)) end--;
    if (end === 0) break;
    let start = end;
    while (start > 0 && !isSpace(start - 1)) start--;
    words.unshift(text.slice(start, end));
    end = start;
  }
  return words;
}

function isNegated(clauseBefore: string): boolean {
  // One word more than the window: "oh no" is read with the word before the cue.
  const words = lastWords(clauseBefore, NEGATION_WINDOW + 1).map(bare);
  for (let i = Math.max(0, words.length - NEGATION_WINDOW); i < words.length; i++) {
    const word = words[i] ?? "";
    if (!negationCues.has(word)) continue;
    if (pseudoNegations.has(`${word} ${words[i + 1] ?? ""}`) || pseudoNegations.has(`${words[i - 1] ?? ""} ${word}`)) continue;
    return true;
  }
  return false;
}

/** The message names nobody affected (no I/my/he/ich/mein…), nothing urgent, and does not point at "this". */
function isAboutNobody(original: string, normalized: string, cues: QuestionCues, language: Language | undefined): boolean {
  if (cues.personal.test(normalized.replace(politeRequest, " ")) || deixis.test(normalized) || urgency.test(normalized)) return false;
  return language === "en" || !germanThirdPerson.test(original);
}

/** Whether the sentence holding position index asks a question: starts with what/how/was/wie…, or is?/ist…? with "?". */
function inQuestion(normalized: string, breaks: Breaks, index: number, cues: QuestionCues): boolean {
  const start = breaks.sentence.lastEndWithin(0, index);
  const sentence = normalized
    .slice(start, Math.min(index, start + SENTENCE_HEAD))
    .trimStart()
    .replace(leadIn, "");
  const end = breaks.sentence.firstStartFrom(index);
  return cues.wh.test(sentence) || (end !== -1 && normalized[end] === "?" && cues.aux.test(sentence));
}

/** What the hand-written rules find: categories that fire, and categories matched but held back by context. */
export interface RuleFindings {
  categories: RedFlagCategory[];
  heldBack: { category: RedFlagCategory; by: "negation" | "history" | "general-question" | "explained" }[];
}

/**
 * The emergency categories the rules find in a message; deterministic, negation-, history- and word-boundary-aware.
 * Both languages' patterns always run (people mix languages); `language` only picks the question words and pronouns
 * used to recognise a general question such as "what are the signs of a stroke?". The learned layer
 * (model/red-flag-model.ts) reads these findings as features and makes the final call (red-flags.ts).
 */
export function ruleFindings(text: string, language?: Language): RuleFindings {
  const normalized = correctTypos(normalizeText(text));
  const cues = questionCues[language ?? "any"];
  const breaks = new Breaks(normalized);
  let aboutNobody: boolean | undefined;
  const found: RuleFindings = { categories: [], heldBack: [] };
  const heldBack = new Map<RedFlagCategory, RuleFindings["heldBack"][number]["by"]>();
  for (const { category, find } of finders) {
    if (found.categories.includes(category)) continue;
    let heldBy = heldBack.get(category);
    for (const match of find(normalized)) {
      const { before, after } = clauseAround(normalized, breaks, match.index, match.index + match[0].length);
      if (isNegated(before) && !intensifiedAfter.test(after)) {
        heldBy ??= "negation";
        continue;
      }
      if (category !== SELF_HARM && explainedAfter.test(after)) {
        heldBy ??= "explained";
        continue;
      }
      // A past self-harm attempt still gets the crisis line; a heart attack in 2015 is history.
      if (category !== SELF_HARM && (historyBefore.test(before) || historyAfter.test(after))) {
        heldBy ??= "history";
        continue;
      }
      aboutNobody ??= isAboutNobody(text, normalized, cues, language);
      if (aboutNobody && inQuestion(normalized, breaks, match.index, cues)) {
        heldBy ??= "general-question";
        continue;
      }
      heldBy = undefined;
      found.categories.push(category);
      heldBack.delete(category);
      break;
    }
    if (heldBy) heldBack.set(category, heldBy);
  }
  found.heldBack = [...heldBack].map(([category, by]) => ({ category, by }));
  return found;
}
