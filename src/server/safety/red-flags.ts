import type { Language } from "../../shared/schemas/profile";
import type { RedFlagCategory } from "../../shared/values";
import { messageSpans } from "./message-parts";
import { contextCues } from "./model/context-cues";
import { predictRedFlag, SHORT_THRESHOLD } from "./model/red-flag-model";
import { normalizeText } from "./normalize";
import { type RuleFindings, ruleFindings } from "./red-flag-rules";

export { type RedFlagCategory, redFlagCategories } from "../../shared/values";

/** Cues that frame a whole message ("for my novel…", "at my first aid course…"), so they count for each part. */
const FRAME_CUES = new Set(["fiction", "firstAidCourse"]);

/** The named features the learned layer reads besides the words: what the rules found, and context cues. */
export function namedFeatures(text: string, rules: RuleFindings, frame: readonly string[] = []): string[] {
  return [
    ...rules.categories.map((category) => `rule ${category}`),
    ...(rules.categories.length > 0 ? ["rule any"] : []),
    ...rules.heldBack.map(({ category, by }) => `held ${category} ${by}`),
    ...new Set(rules.heldBack.map(({ by }) => `held ${by}`)),
    ...[...new Set([...contextCues(normalizeText(text)), ...frame])].map((cue) => `cue ${cue}`),
  ];
}

/** The frame cues of a whole message (see FRAME_CUES). */
export const frameCues = (text: string): string[] => contextCues(normalizeText(text)).filter((cue) => FRAME_CUES.has(cue));

/**
 * P(emergency) a part of a longer message needs when the rules found nothing in it. The model reads too much into
 * a short everyday sentence: at its own threshold 53 % of long benign messages had such a part, at 0.97 5 %, at
 * this 0.8 % (docs/safety.md).
 */
export const UNANCHORED_PART_THRESHOLD = 0.99;

/** At most this many words: a message the learned layer alone flags only at its short threshold (model/). */
const SHORT_MESSAGE_WORDS = 12;
export const isShortMessage = (text: string): boolean => text.trim().split(/\s+/).length <= SHORT_MESSAGE_WORDS;

/**
 * The verdict on one span: its categories when the learned layer flags it (the rules' when they found one). A part
 * of a longer message (`part`) without a rule finding needs UNANCHORED_PART_THRESHOLD, a short whole message the
 * model's short threshold.
 */
export function classifySpan(text: string, language: Language | undefined, frame: readonly string[] = [], part = false): RedFlagCategory[] {
  const rules = ruleFindings(text, language);
  const model = predictRedFlag(text, namedFeatures(text, rules, frame), rules.categories.length > 0);
  if (!model.flagged) return [];
  if (rules.categories.length > 0) return rules.categories;
  if (part) return model.probability < UNANCHORED_PART_THRESHOLD ? [] : [model.category];
  return isShortMessage(text) && model.probability < SHORT_THRESHOLD ? [] : [model.category];
}

/**
 * The emergency categories a message shows (empty: none). Each part of the message (message-parts.ts), each run of
 * two and of three neighbouring parts, and the whole are judged by hand-written rules (red-flag-rules.ts) and a
 * linear model (model/); the message is flagged when any span is, with the categories of the smallest spans flagged.
 */
export function classifyRedFlags(text: string, language?: Language): { categories: RedFlagCategory[] } {
  const { parts, pairs, triples } = messageSpans(text);
  const frame = parts.length > 0 ? frameCues(text) : [];
  // The smallest spans first; a larger one is read only when none of the smaller ones was flagged.
  for (const [spans, part] of [
    [parts, true],
    [pairs, true],
    [triples, true],
  ] as const) {
    const found = new Set(spans.flatMap((span) => classifySpan(span, language, frame, part)));
    if (found.size > 0) return { categories: [...found] };
  }
  return { categories: classifySpan(text, language) };
}
