/**
 * Patterns per emergency category, written against normalizeText() output (lower case, ä→ae, ö→oe, ü→ue, ß→ss).
 * Each entry is a regular-expression source matched with word boundaries. Misspellings inside phrases are listed
 * as variants ("chest pian"); single key terms are also corrected by one edit before matching (typoTerms, fuzzy.ts).
 * Both languages always run: people mix them, and the interface language says little about the message.
 */
import { type RedFlagCategory, redFlagCategories, SELF_HARM } from "../../shared/values";
import { germanPatterns } from "./red-flag-patterns-de";
import { englishPatterns } from "./red-flag-patterns-en";
import { groupPatterns } from "./red-flag-patterns-groups";
import { planPatterns } from "./red-flag-patterns-plans";
import { scenePatterns } from "./red-flag-patterns-scenes";

/** All patterns for a category, English and German: the general ones, understated groups, scenes and suicide plans. */
export const redFlagPatterns = Object.fromEntries(
  redFlagCategories.map((category) => [
    category,
    [
      ...englishPatterns[category],
      ...germanPatterns[category],
      ...(groupPatterns[category] ?? []),
      ...(scenePatterns[category] ?? []),
      ...(category === SELF_HARM ? planPatterns : []),
    ],
  ]),
) as Record<RedFlagCategory, string[]>;
