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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a state `h` continued over the characters of `text`. */
function extend(h: number, text: string): number {
  let state = h;
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), FNV_PRIME);
  return state;
}

/** 32-bit FNV-1a of a string. */
const hash = (text: string): number => extend(FNV_OFFSET, text) >>> 0;
const WORD = extend(FNV_OFFSET, "w ");
const BIGRAM = extend(FNV_OFFSET, "b ");

const MAX_WORDS = 400;

/** A sparse feature vector: bucket indices and their values. */
export interface FeatureVector {
  indices: Uint32Array;
  values: Float32Array;
}

/** The hashes of a message's word unigrams and bigrams and character 3–5-grams, in order (repeats included). */
export function gramHashes(text: string): number[] {
  // Long messages: the first words carry the situation; the cap keeps the cost bounded (linear, microseconds).
  const words = wordsOf(foldForModel(text)).slice(0, MAX_WORDS);
  const hashes: number[] = [];
  const fourGrams: number[] = [];
  const fiveGrams: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    // hash(`w ${word}`) and hash(`b ${previous} ${word}`), without building the strings.
    hashes.push(extend(WORD, word) >>> 0);
    if (i > 0) hashes.push(extend(extend(extend(BIGRAM, words[i - 1] as string), " "), word) >>> 0);
    // The 3-, 4- and 5-grams starting at each position, hashed as one run (FNV-1a of a prefix extends to the
    // longer gram), without building a string per gram: an 8,000-character message has thousands of them. They are
    // listed all 3-grams first, then 4-, then 5-grams (the order the weights were trained with).
    const padded = ` ${word} `;
    fourGrams.length = 0;
    fiveGrams.length = 0;
    for (let at = 0; at + 3 <= padded.length; at++) {
      let h = FNV_OFFSET;
      for (let n = 1; n <= 5 && at + n <= padded.length; n++) {
        h = Math.imul(h ^ padded.charCodeAt(at + n - 1), FNV_PRIME);
        if (n === 3) hashes.push(h >>> 0);
        if (n === 4) fourGrams.push(h >>> 0);
        if (n === 5) fiveGrams.push(h >>> 0);
      }
    }
    for (const gram of fourGrams) hashes.push(gram);
    for (const gram of fiveGrams) hashes.push(gram);
  }
  return hashes;
}

/**
 * A sparse vector of `buckets` dimensions: the grams (gramHashes) hashed into buckets, together of length 1, and
 * named context features (the rules' findings and context cues, each of value 1) given in `named`.
 */
export function hashedVector(hashes: readonly number[], buckets: number, named: readonly string[] = []): FeatureVector {
  const seen = new Uint8Array(buckets);
  const grams: number[] = [];
  for (const h of hashes) {
    const index = h % buckets;
    if (seen[index]) continue;
    seen[index] = 1;
    grams.push(index);
  }
  const gramValue = grams.length ? 1 / Math.sqrt(grams.length) : 0;
  const values = new Map<number, number>();
  for (const index of grams) values.set(index, gramValue);
  for (const name of named) {
    const index = hash(`n ${name}`) % buckets;
    values.set(index, (values.get(index) ?? 0) + 1);
  }
  return { indices: Uint32Array.from(values.keys()), values: Float32Array.from(values.values()) };
}

/** The hashed features of a message (gramHashes into hashedVector). */
export function featureVector(text: string, buckets: number, named: readonly string[] = []): FeatureVector {
  return hashedVector(gramHashes(text), buckets, named);
}
