import type { Language } from "../../shared/schemas/profile";
import type { RedFlagCategory } from "../../shared/values";
import { contextCues } from "./model/context-cues";
import { predictRedFlag } from "./model/red-flag-model";
import { normalizeText } from "./normalize";
import { type RuleFindings, ruleFindings } from "./red-flag-rules";

export { type RedFlagCategory, redFlagCategories } from "../../shared/values";

/** The named features the learned layer reads besides the words: what the rules found, and context cues. */
export function namedFeatures(text: string, rules: RuleFindings): string[] {
  return [
    ...rules.categories.map((category) => `rule ${category}`),
    ...(rules.categories.length > 0 ? ["rule any"] : []),
    ...rules.heldBack.map(({ category, by }) => `held ${category} ${by}`),
    ...new Set(rules.heldBack.map(({ by }) => `held ${by}`)),
    ...contextCues(normalizeText(text)).map((cue) => `cue ${cue}`),
  ];
}

/**
 * The emergency categories a message shows (empty: none). Two parts: hand-written rules (red-flag-rules.ts) and a
 * linear model trained on the development corpus (model/), which reads the words, the rules' findings and context
 * cues and makes the call. The category is the rules' when they found one, the model's otherwise.
 */
export function classifyRedFlags(text: string, language?: Language): { categories: RedFlagCategory[] } {
  const rules = ruleFindings(text, language);
  const model = predictRedFlag(text, namedFeatures(text, rules));
  if (!model.flagged) return { categories: [] };
  return { categories: rules.categories.length > 0 ? rules.categories : [model.category] };
}
