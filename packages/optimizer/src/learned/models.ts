import type { Rng } from '../core/rng';
import { FEATURE_COUNT } from './features';

/** A scorer of one candidate's feature row; the policy is a softmax over a slot's candidates. */
export interface Scorer {
  score(f: Float64Array): number;
}

/** One labelled decision: feature rows of the candidates and the index the teacher chose. */
export interface Example {
  readonly features: Float64Array[];
  readonly label: number;
}

/** Softmax probabilities of the scores (numerically stable). */
export function softmax(scores: readonly number[]): number[] {
  const m = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - m));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / z);
}

/** A linear scorer w . f (conditional logit when trained by cross-entropy over candidates). */
export class LinearScorer implements Scorer {
  readonly w = new Float64Array(FEATURE_COUNT);
  score(f: Float64Array): number {
    let s = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) s += this.w[i]! * f[i]!;
    return s;
  }
}

/** Trains a conditional logit by SGD on the candidates' softmax cross-entropy, with L2. */
export function trainConditionalLogit(
  examples: readonly Example[],
  rng: Rng,
  epochs = 30,
  lr = 0.1,
): LinearScorer {
  const model = new LinearScorer();
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    rng.shuffle(order);
    const step = lr / (1 + epoch * 0.1);
    for (const i of order) {
      const ex = examples[i]!;
      const probs = softmax(ex.features.map((f) => model.score(f)));
      for (let k = 0; k < ex.features.length; k++) {
        const g = probs[k]! - (k === ex.label ? 1 : 0);
        const f = ex.features[k]!;
        for (let d = 0; d < FEATURE_COUNT; d++)
          model.w[d] = model.w[d]! - step * (g * f[d]! + 1e-4 * model.w[d]!);
      }
    }
  }
  return model;
}

/** Share of examples whose top-scored candidate is the label. */
export function topOneAccuracy(model: Scorer, examples: readonly Example[]): number {
  if (examples.length === 0) return NaN;
  let hits = 0;
  for (const ex of examples) {
    const scores = ex.features.map((f) => model.score(f));
    if (scores.indexOf(Math.max(...scores)) === ex.label) hits++;
  }
  return hits / examples.length;
}

/** A one-hidden-layer tanh MLP scorer, trained by the caller's gradients (policy gradient). */
export class MlpScorer implements Scorer {
  readonly w1: Float64Array;
  readonly b1: Float64Array;
  readonly w2: Float64Array;
  b2 = 0;
  constructor(
    readonly hidden: number,
    rng: Rng,
  ) {
    this.w1 = Float64Array.from({ length: hidden * FEATURE_COUNT }, () => (rng.next() - 0.5) * 0.6);
    this.b1 = new Float64Array(hidden);
    this.w2 = Float64Array.from({ length: hidden }, () => (rng.next() - 0.5) * 0.6);
  }
  private activations(f: Float64Array): Float64Array {
    const h = new Float64Array(this.hidden);
    for (let j = 0; j < this.hidden; j++) {
      let s = this.b1[j]!;
      for (let i = 0; i < FEATURE_COUNT; i++) s += this.w1[j * FEATURE_COUNT + i]! * f[i]!;
      h[j] = Math.tanh(s);
    }
    return h;
  }
  score(f: Float64Array): number {
    const h = this.activations(f);
    let s = this.b2;
    for (let j = 0; j < this.hidden; j++) s += this.w2[j]! * h[j]!;
    return s;
  }
  /** Adds step * coef * d score(f) / d params (gradient ascent on coef * score). */
  ascend(f: Float64Array, coef: number, step: number): void {
    const h = this.activations(f);
    for (let j = 0; j < this.hidden; j++) {
      const dh = this.w2[j]! * (1 - h[j]! * h[j]!);
      this.w2[j] = this.w2[j]! + step * coef * h[j]!;
      this.b1[j] = this.b1[j]! + step * coef * dh;
      for (let i = 0; i < FEATURE_COUNT; i++)
        this.w1[j * FEATURE_COUNT + i] = this.w1[j * FEATURE_COUNT + i]! + step * coef * dh * f[i]!;
    }
    this.b2 += step * coef;
  }
}
