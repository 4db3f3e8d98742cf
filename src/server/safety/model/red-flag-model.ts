import { OTHER_ACUTE, type RedFlagCategory, redFlagCategories, SELF_HARM } from "../../../shared/values";
import { type FeatureVector, gramHashes, hashedVector } from "./features";
import trained from "./red-flag-weights.json" with { type: "json" };

/** A linear model's weights as stored: int8 values times `scale`, row after row (one row per class). */
interface StoredLinear {
  buckets: number;
  scale: number;
  bias: number[];
  weights: string;
}

/** What tools/train-red-flag-model.ts writes (see there for the training data and how the threshold is chosen). */
interface StoredRedFlagModel {
  trainedOn: string;
  /** P(emergency) at or above this flags the message. */
  threshold: number;
  /** What a short message (red-flags.ts) without a rule finding needs; chosen out of fold like `threshold`. */
  shortThreshold: number;
  /** Below `threshold`, a span with a rule finding that the topic model reads as self-harm is flagged from here. */
  selfHarmThreshold: number;
  emergency: StoredLinear;
  /** The topic (one of redFlagCategories, in that order), asked only once the message is flagged. */
  category: StoredLinear;
}

interface Linear {
  buckets: number;
  rows: Float32Array[];
  bias: number[];
}

function unpack(stored: StoredLinear): Linear {
  const bytes = Buffer.from(stored.weights, "base64");
  const values = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = stored.bias.map((_, row) =>
    Float32Array.from(values.subarray(row * stored.buckets, (row + 1) * stored.buckets), (v) => (v / 127) * stored.scale),
  );
  return { buckets: stored.buckets, rows, bias: stored.bias };
}

function scores(model: Linear, features: FeatureVector): number[] {
  return model.rows.map((row, r) => {
    let sum = model.bias[r] ?? 0;
    for (let i = 0; i < features.indices.length; i++) sum += (row[features.indices[i] ?? 0] ?? 0) * (features.values[i] ?? 0);
    return sum;
  });
}

const model = trained as StoredRedFlagModel;
export const SHORT_THRESHOLD = model.shortThreshold;
const emergency = unpack(model.emergency);
const category = unpack(model.category);

/**
 * The learned layer's view of one message: how likely an emergency, and its most likely category. `named` are the
 * context features (rule findings, cues) as red-flags.ts computes them; training computes them the same way.
 * `anchored`: the rules found something, so self-harm counts from selfHarmThreshold (every plan must be caught).
 */
export function predictRedFlag(
  text: string,
  named: readonly string[],
  anchored = false,
): { probability: number; flagged: false } | { probability: number; flagged: true; category: RedFlagCategory } {
  const grams = gramHashes(text);
  const [logit = 0] = scores(emergency, hashedVector(grams, emergency.buckets, named));
  const probability = 1 / (1 + Math.exp(-logit));
  if (probability < (anchored ? Math.min(model.threshold, model.selfHarmThreshold) : model.threshold))
    return { probability, flagged: false };
  // The topic model runs only for a message that may be flagged: most messages are not.
  const topic = scores(category, hashedVector(grams, category.buckets, named));
  const found = redFlagCategories[topic.indexOf(Math.max(...topic))] ?? OTHER_ACUTE;
  if (probability < model.threshold && found !== SELF_HARM) return { probability, flagged: false };
  return { probability, flagged: true, category: found };
}
