import type { Language } from "../../shared/schemas/profile";
import { typoCorrector } from "./fuzzy";
import { normalizeText } from "./normalize";
import { type RedFlagCategory, redFlagCategories } from "./red-flag-categories";
import {
  clauseBreak,
  deixis,
  germanThirdPerson,
  historyAfter,
  historyBefore,
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

const categoryRegexes = redFlagCategories
  .filter((category) => redFlagPatterns[category].length > 0)
  .map((category) => ({ category, regex: new RegExp(`\\b(?:${redFlagPatterns[category].join("|")})\\b`, "g") }));
const correctTypos = typoCorrector(typoTerms, typoExceptions);

// Negation and history cues sit a few words from the term, so only this many characters either side are read.
const LOOKAROUND = 80;

/** Index just after the last match of a global pattern in text (0 if none). */
function endOfLast(text: string, pattern: RegExp): number {
  let end = 0;
  for (const match of text.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}

/** The part of the clause before and after a match (clauses end at punctuation and at "but"/"aber"). */
function clauseAround(text: string, start: number, end: number): { before: string; after: string } {
  const from = Math.max(0, start - LOOKAROUND);
  // Drop a word cut in half by the window ("...piano" must not read as "no").
  let window = text.slice(from, start);
  if (from > 0 && !/\s/.test(text[from - 1] ?? "")) window = window.replace(/^\S*/, "");
  const before = window.slice(endOfLast(window, clauseBreak));
  const ahead = text.slice(end, end + LOOKAROUND);
  const cut = ahead.search(clauseBreak);
  return { before, after: cut === -1 ? ahead : ahead.slice(0, cut) };
}

const bare = (word: string | undefined) => (word ?? "").replace(/[^a-z']/g, "");

function isNegated(clauseBefore: string): boolean {
  const words = clauseBefore.split(/\s+/).filter(Boolean).map(bare);
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
function inQuestion(normalized: string, index: number, cues: QuestionCues): boolean {
  const sentence = normalized
    .slice(endOfLast(normalized.slice(0, index), sentenceBreak), index)
    .trimStart()
    .replace(leadIn, "");
  const rest = normalized.slice(index);
  const end = rest.search(sentenceBreak);
  return cues.wh.test(sentence) || (end !== -1 && rest[end] === "?" && cues.aux.test(sentence));
}

/** What the hand-written rules find: categories that fire, and categories matched but held back by context. */
export interface RuleFindings {
  categories: RedFlagCategory[];
  heldBack: { category: RedFlagCategory; by: "negation" | "history" | "general-question" }[];
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
  let aboutNobody: boolean | undefined;
  const found: RuleFindings = { categories: [], heldBack: [] };
  for (const { category, regex } of categoryRegexes) {
    let heldBy: RuleFindings["heldBack"][number]["by"] | undefined;
    for (const match of normalized.matchAll(regex)) {
      const { before, after } = clauseAround(normalized, match.index, match.index + match[0].length);
      if (isNegated(before)) {
        heldBy ??= "negation";
        continue;
      }
      // A past self-harm attempt still gets the crisis line; a heart attack in 2015 is history.
      if (category !== "self-harm" && (historyBefore.test(before) || historyAfter.test(after))) {
        heldBy ??= "history";
        continue;
      }
      aboutNobody ??= isAboutNobody(text, normalized, cues, language);
      if (aboutNobody && inQuestion(normalized, match.index, cues)) {
        heldBy ??= "general-question";
        continue;
      }
      heldBy = undefined;
      found.categories.push(category);
      break;
    }
    if (heldBy) found.heldBack.push({ category, by: heldBy });
  }
  return found;
}
