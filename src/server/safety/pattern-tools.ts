/**
 * Builds a pattern for two signs near each other in either order ("stiff neck … fever"): at most maxChars
 * apart, inside one sentence (and one comma-separated part unless acrossCommas), and never across one of the
 * stop words (negations, "but"), so the negation check before the match still sees every "no" that could apply.
 */
export function near(a: string, b: string, maxChars: number, stopWords: string, acrossCommas = true): string {
  const gap = `\\b(?:(?! (?:${stopWords})\\b)[^.;!?\\n${acrossCommas ? "" : ","}]){1,${maxChars}}?\\b`;
  return `(?:${a})${gap}(?:${b})|(?:${b})${gap}(?:${a})`;
}

/** Stop words across sentences: denials, including the contractions a denial there usually is ("hasn't"). */
export const STOP_ACROSS = "no|not|without|but|never|kein|keine|keinen|nicht|ohne|aber|nie|nichts|nix|(?:has|is|was|did|does|have)n'?t";

/**
 * A context and then a sign, across sentences on one line ("He hit his head. Now he keeps being sick."): for
 * contexts people state first and on their own, never across a stop word.
 */
export function thenWithin(context: string, sign: string, maxChars: number, stopWords: string): string {
  return `(?:${context})\\b(?:(?! (?:${stopWords})\\b)[^\\n]){1,${maxChars}}?\\b(?:${sign})`;
}
