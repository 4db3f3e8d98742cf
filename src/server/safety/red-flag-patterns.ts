/**
 * Patterns per emergency category, written against normalizeText() output (lower case, ä→ae, ö→oe, ü→ue, ß→ss).
 * Each entry is a regular-expression source matched with word boundaries. Misspellings inside phrases are listed
 * as variants ("chest pian"); single key terms are also corrected by one edit before matching (typoTerms, fuzzy.ts).
 * Both languages always run: people mix them, and the interface language says little about the message.
 */
import { type RedFlagCategory, redFlagCategories } from "../../shared/values";
import { germanPatterns } from "./red-flag-patterns-de";
import { englishPatterns } from "./red-flag-patterns-en";

/** All patterns for a category, English and German. */
export const redFlagPatterns = Object.fromEntries(
  redFlagCategories.map((category) => [category, [...englishPatterns[category], ...germanPatterns[category]]]),
) as Record<RedFlagCategory, string[]>;
