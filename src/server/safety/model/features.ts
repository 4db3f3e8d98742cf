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

/** Per bucket count: which buckets the current vector has (by generation, so nothing is cleared between spans). */
interface BucketMarks {
  generation: Uint32Array;
  position: Uint32Array;
  current: number;
}
const marksByBuckets = new Map<number, BucketMarks>();

function freshMarks(buckets: number): BucketMarks {
  let marks = marksByBuckets.get(buckets);
  if (!marks) {
    marks = { generation: new Uint32Array(buckets), position: new Uint32Array(buckets), current: 0 };
    marksByBuckets.set(buckets, marks);
  }
  if (++marks.current === 0xffffffff) {
    marks.generation.fill(0);
    marks.current = 1;
  }
  return marks;
}

/**
 * A sparse vector of `buckets` dimensions: the grams (gramHashes) hashed into buckets, together of length 1, and
 * named context features (the rules' findings and context cues, each of value 1) given in `named`. A message is
 * judged in many spans, so buckets are marked by generation instead of a Set or a cleared array per span.
 */
export function hashedVector(hashes: readonly number[], buckets: number, named: readonly string[] = []): FeatureVector {
  const { generation, position, current } = freshMarks(buckets);
  const indices: number[] = [];
  // For a power of two (as trained), the low bits: the same bucket as `h % buckets`, without a division of doubles.
  const mask = (buckets & (buckets - 1)) === 0 ? buckets - 1 : -1;
  for (const h of hashes) {
    const index = mask >= 0 ? h & mask : h % buckets;
    if (generation[index] === current) continue;
    generation[index] = current;
    position[index] = indices.length;
    indices.push(index);
  }
  const grams = indices.length;
  const values = new Float64Array(grams + named.length);
  values.fill(grams ? 1 / Math.sqrt(grams) : 0, 0, grams);
  for (const name of named) {
    const index = hash(`n ${name}`) % buckets;
    if (generation[index] !== current) {
      generation[index] = current;
      position[index] = indices.length;
      indices.push(index);
    }
    const at = position[index] as number;
    values[at] = (values[at] as number) + 1;
  }
  return { indices: Uint32Array.from(indices), values: Float32Array.from(values.subarray(0, indices.length)) };
}

/** The hashed features of a message (gramHashes into hashedVector). */
export function featureVector(text: string, buckets: number, named: readonly string[] = []): FeatureVector {
  return hashedVector(gramHashes(text), buckets, named);
}
