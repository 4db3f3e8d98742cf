/** True when a and b differ by at most one insertion, deletion, substitution or swap of neighbouring letters. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [longer, shorter] = a.length >= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return false;
  let i = 0;
  while (i < shorter.length && longer[i] === shorter[i]) i++;
  if (longer.length !== shorter.length) return longer.slice(i + 1) === shorter.slice(i);
  if (longer.slice(i + 1) === shorter.slice(i + 1)) return true;
  return longer[i] === shorter[i + 1] && longer[i + 1] === shorter[i] && longer.slice(i + 2) === shorter.slice(i + 2);
}

/**
 * Builds a corrector that replaces each word of six or more letters that is one edit away from a key term by that
 * term. Only words sharing the term's first letter are compared, which keeps it fast and avoids most accidental
 * hits; words that start with a term are inflections ("schlaganfalls"), not typos, and are left alone.
 */
export function typoCorrector(terms: readonly string[], realWords: ReadonlySet<string>): (text: string) => string {
  const byFirstLetter = new Map<string, string[]>();
  for (const term of terms) byFirstLetter.set(term[0] ?? "", [...(byFirstLetter.get(term[0] ?? "") ?? []), term]);
  const correct = (word: string): string => {
    if (realWords.has(word)) return word;
    const candidates = byFirstLetter.get(word[0] ?? "") ?? [];
    if (candidates.some((term) => word.startsWith(term))) return word;
    return candidates.find((term) => withinOneEdit(word, term)) ?? word;
  };
  return (text) => text.replace(/[a-z]{6,}/g, correct);
}
