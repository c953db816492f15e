import type { Rng } from '../core/rng';
import type { Scorer } from './construct';
import { FEATURE_COUNT } from './features';
import type { Example } from './teacher';

/** Softmax probabilities of the scores (numerically stable). */
export function softmax(scores: readonly number[]): number[] {
  const m = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - m));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / z);
}

/** A linear scorer w . f (a conditional logit when trained by cross-entropy over a slot's candidates). */
export class LinearScorer implements Scorer {
  readonly w = new Float64Array(FEATURE_COUNT);
  score(f: Float64Array): number {
    let s = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) s += this.w[i]! * f[i]!;
    return s;
  }
}

/** Per-feature scale (1 / standard deviation over all candidate rows), so one step size suits every feature. */
function featureScale(examples: readonly Example[]): Float64Array {
  const sum = new Float64Array(FEATURE_COUNT);
  const sq = new Float64Array(FEATURE_COUNT);
  let n = 0;
  for (const ex of examples)
    for (const f of ex.features) {
      n++;
      for (let d = 0; d < FEATURE_COUNT; d++) {
        sum[d] = sum[d]! + f[d]!;
        sq[d] = sq[d]! + f[d]! * f[d]!;
      }
    }
  return Float64Array.from(sum, (s, d) => {
    const variance = sq[d]! / Math.max(1, n) - (s / Math.max(1, n)) ** 2;
    return variance > 1e-12 ? 1 / Math.sqrt(variance) : 0;
  });
}

/**
 * Trains a conditional logit: P(candidate k) = softmax over the slot's free
 * candidates of w . f_k, by stochastic gradient descent on the cross-entropy
 * of the teacher's choices, with a little L2. Features are scaled to unit
 * variance while training (flat copies, for speed) and the scale is folded
 * back into w.
 */
export function trainConditionalLogit(
  examples: readonly Example[],
  rng: Rng,
  shouldStop: () => boolean = () => false,
  epochs = 25,
  lr = 0.05,
): LinearScorer {
  const F = FEATURE_COUNT;
  const scale = featureScale(examples);
  const rows = examples.map((ex) => {
    const flat = new Float64Array(ex.features.length * F);
    ex.features.forEach((f, k) => {
      for (let d = 0; d < F; d++) flat[k * F + d] = f[d]! * scale[d]!;
    });
    return flat;
  });
  const v = new Float64Array(F);
  const order = examples.map((_, i) => i);
  const scores = new Float64Array(Math.max(1, ...examples.map((ex) => ex.features.length)));
  for (let epoch = 0; epoch < epochs && !shouldStop(); epoch++) {
    rng.shuffle(order);
    const step = lr / (1 + epoch * 0.1);
    for (const i of order) {
      const flat = rows[i]!;
      const n = flat.length / F;
      const label = examples[i]!.label;
      let max = -Infinity;
      for (let k = 0; k < n; k++) {
        let s = 0;
        for (let d = 0; d < F; d++) s += v[d]! * flat[k * F + d]!;
        scores[k] = s;
        if (s > max) max = s;
      }
      let z = 0;
      for (let k = 0; k < n; k++) z += scores[k] = Math.exp(scores[k]! - max);
      for (let k = 0; k < n; k++) {
        const g = scores[k]! / z - (k === label ? 1 : 0);
        for (let d = 0; d < F; d++) v[d] = v[d]! - step * g * flat[k * F + d]!;
      }
      for (let d = 0; d < F; d++) v[d] = v[d]! * (1 - step * 1e-4);
    }
  }
  const model = new LinearScorer();
  for (let d = 0; d < F; d++) model.w[d] = v[d]! * scale[d]!;
  return model;
}

/** Share of examples whose top-scored candidate is the teacher's. */
export function topOneAccuracy(model: Scorer, examples: readonly Example[]): number {
  if (examples.length === 0) return NaN;
  let hits = 0;
  for (const ex of examples) {
    let best = 0;
    let bestScore = -Infinity;
    ex.features.forEach((f, k) => {
      const s = model.score(f, ex.costs[k]!);
      if (s > bestScore) {
        bestScore = s;
        best = k;
      }
    });
    if (best === ex.label) hits++;
  }
  return hits / examples.length;
}
