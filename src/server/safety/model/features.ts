/**
 * Features of the learned red-flag model: word unigrams and bigrams and character 3–5-grams inside words, hashed
 * into a fixed number of buckets. The text is folded first so that the ways people type the same thing land on
 * the same features: case, umlauts written as ä, ae or a, ß or ss, digits (any count is "0"), letters held down
 * ("soooo"), apostrophes ("can't", "cant").
 */
export function foldForModel(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([aou])e/g, "$1")
    .replace(/[0-9]+/g, "0")
    .replace(/([a-z])\1{2,}/g, "$1$1")
    .replace(/['’‘`´]/g, "");
}

/** The words of folded text (letters and digits). */
export function wordsOf(folded: string): string[] {
  return folded.split(/[^a-z0-9]+/).filter(Boolean);
}

/** 32-bit FNV-1a of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const MAX_WORDS = 400;

/** A sparse feature vector: bucket indices and their values. */
export interface FeatureVector {
  indices: Uint32Array;
  values: Float32Array;
}

/**
 * The hashed features of a message: its word and character n-grams (together of length 1) and named context
 * features (the rules' findings and context cues, each of value 1) given in `named`.
 */
export function featureVector(text: string, buckets: number, named: readonly string[] = []): FeatureVector {
  // Long messages: the first words carry the situation; the cap keeps the cost bounded (linear, microseconds).
  const words = wordsOf(foldForModel(text)).slice(0, MAX_WORDS);
  const grams = new Set<number>();
  const add = (feature: string) => grams.add(hash(feature) % buckets);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    add(`w ${word}`);
    if (i > 0) add(`b ${words[i - 1]} ${word}`);
    const padded = ` ${word} `;
    for (let n = 3; n <= 5; n++) for (let at = 0; at + n <= padded.length; at++) add(padded.slice(at, at + n));
  }
  const gramValue = grams.size ? 1 / Math.sqrt(grams.size) : 0;
  const values = new Map<number, number>();
  for (const index of grams) values.set(index, gramValue);
  for (const name of named) {
    const index = hash(`n ${name}`) % buckets;
    values.set(index, (values.get(index) ?? 0) + 1);
  }
  return { indices: Uint32Array.from(values.keys()), values: Float32Array.from(values.values()) };
}
