/** Emergency categories the red-flag classifier can report, in display order. */
export const redFlagCategories = [
  "cardiac",
  "stroke",
  "breathing",
  "bleeding",
  "anaphylaxis",
  "poisoning",
  "self-harm",
  "unconscious",
  "obstetric",
  "other-acute",
] as const;
/** One emergency category. */
export type RedFlagCategory = (typeof redFlagCategories)[number];
