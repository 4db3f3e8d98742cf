import type { FeatureVector } from "../../src/server/safety/model/features";

/** One training example: its hashed features and its class (0…classes-1), with a weight. */
export interface Example extends FeatureVector {
  label: number;
  weight: number;
}

export interface LinearModel {
  buckets: number;
  rows: Float32Array[];
  bias: Float64Array;
}

function logits(model: LinearModel, example: Example): number[] {
  return model.rows.map((row, r) => {
    let sum = 0;
    for (let i = 0; i < example.indices.length; i++) sum += (row[example.indices[i] as number] as number) * (example.values[i] as number);
    return (model.bias[r] as number) + sum;
  });
}

/** Class probabilities: a sigmoid for one row (binary: P(label 1)), a softmax for several. */
export function predict(model: LinearModel, example: Example): number[] {
  const z = logits(model, example);
  if (z.length === 1) return [1 / (1 + Math.exp(-(z[0] as number)))];
  const max = Math.max(...z);
  const exp = z.map((v) => Math.exp(v - max));
  const total = exp.reduce((a, b) => a + b, 0);
  return exp.map((v) => v / total);
}

/**
 * Logistic regression (binary when classes = 2, with one row; softmax otherwise) by full-batch Adam with L2.
 * Deterministic: no shuffling or random start, so the same data gives the same weights.
 */
export function trainLinear(
  examples: Example[],
  {
    classes,
    buckets,
    epochs = 150,
    rate = 0.05,
    l2 = 1e-4,
  }: {
    classes: number;
    buckets: number;
    epochs?: number;
    rate?: number;
    l2?: number;
  },
): LinearModel {
  const rowCount = classes === 2 ? 1 : classes;
  const model: LinearModel = {
    buckets,
    rows: Array.from({ length: rowCount }, () => new Float32Array(buckets)),
    bias: new Float64Array(rowCount),
  };
  const m = Array.from({ length: rowCount }, () => new Float32Array(buckets));
  const v = Array.from({ length: rowCount }, () => new Float32Array(buckets));
  const mb = new Float64Array(rowCount);
  const vb = new Float64Array(rowCount);
  const grad = Array.from({ length: rowCount }, () => new Float32Array(buckets));
  const totalWeight = examples.reduce((sum, e) => sum + e.weight, 0);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let epoch = 1; epoch <= epochs; epoch++) {
    for (const g of grad) g.fill(0);
    const gb = new Float64Array(rowCount);
    for (const example of examples) {
      const p = predict(model, example);
      for (let r = 0; r < rowCount; r++) {
        const target = rowCount === 1 ? example.label : example.label === r ? 1 : 0;
        const error = (((p[r] as number) - target) * example.weight) / totalWeight;
        gb[r] = (gb[r] as number) + error;
        const g = grad[r] as Float32Array;
        for (let i = 0; i < example.indices.length; i++) {
          const index = example.indices[i] as number;
          g[index] = (g[index] as number) + error * (example.values[i] as number);
        }
      }
    }
    const correction1 = 1 - b1 ** epoch;
    const correction2 = 1 - b2 ** epoch;
    for (let r = 0; r < rowCount; r++) {
      const [w, g, mr, vr] = [model.rows[r], grad[r], m[r], v[r]] as [Float32Array, Float32Array, Float32Array, Float32Array];
      for (let i = 0; i < buckets; i++) {
        const gi = (g[i] as number) + l2 * (w[i] as number);
        if (gi === 0) continue;
        mr[i] = b1 * (mr[i] as number) + (1 - b1) * gi;
        vr[i] = b2 * (vr[i] as number) + (1 - b2) * gi * gi;
        w[i] = (w[i] as number) - (rate * ((mr[i] as number) / correction1)) / (Math.sqrt((vr[i] as number) / correction2) + eps);
      }
      mb[r] = b1 * (mb[r] as number) + (1 - b1) * (gb[r] as number);
      vb[r] = b2 * (vb[r] as number) + (1 - b2) * (gb[r] as number) ** 2;
      model.bias[r] =
        (model.bias[r] as number) - (rate * ((mb[r] as number) / correction1)) / (Math.sqrt((vb[r] as number) / correction2) + eps);
    }
  }
  return model;
}

/** The weights as stored: int8 per weight, scaled by the largest magnitude. */
export function quantize(model: LinearModel) {
  let scale = 0;
  for (const row of model.rows) for (const w of row) scale = Math.max(scale, Math.abs(w));
  const values = new Int8Array(model.rows.length * model.buckets);
  model.rows.forEach((row, r) => {
    for (let i = 0; i < model.buckets; i++) values[r * model.buckets + i] = Math.round(((row[i] as number) / (scale || 1)) * 127);
  });
  return {
    buckets: model.buckets,
    scale: Number(scale.toPrecision(6)),
    bias: [...model.bias].map((b) => Number(b.toPrecision(6))),
    weights: Buffer.from(values.buffer).toString("base64"),
  };
}
