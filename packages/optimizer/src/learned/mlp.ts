import type { Rng } from '../core/rng';
import type { Scorer } from './construct';
import { FEATURE_COUNT } from './features';

const F = FEATURE_COUNT;

/**
 * A small neural scorer: a linear part plus one hidden layer of tanh units,
 * score(f) = a . f + sum_j v_j tanh(W_j . f + b_j). The policy is a softmax
 * of the scores over a slot's free candidates. Parameters live in one vector
 * so that gradients and Adam steps are plain loops.
 */
export class MlpPolicy implements Scorer {
  /** [a (F), W (H x F), b (H), v (H)] */
  readonly theta: Float64Array;
  private readonly m: Float64Array;
  private readonly s: Float64Array;
  private t = 0;
  private readonly h: Float64Array;

  constructor(
    readonly hidden: number,
    rng: Rng,
    /** The linear part's starting weights (the prior the training starts from). */
    linear: ArrayLike<number>,
  ) {
    const n = F + hidden * F + 2 * hidden;
    this.theta = new Float64Array(n);
    this.theta.set(linear);
    for (let i = F; i < F + hidden * F; i++) this.theta[i] = (rng.next() - 0.5) * 0.4;
    // Output weights start at 0: the untrained policy is exactly its linear prior.
    this.m = new Float64Array(n);
    this.s = new Float64Array(n);
    this.h = new Float64Array(hidden);
  }

  get size(): number {
    return this.theta.length;
  }

  score(f: Float64Array): number {
    const th = this.theta;
    const H = this.hidden;
    let out = 0;
    for (let i = 0; i < F; i++) out += th[i]! * f[i]!;
    const bOff = F + H * F;
    for (let j = 0; j < H; j++) {
      let z = th[bOff + j]!;
      for (let i = 0; i < F; i++) z += th[F + j * F + i]! * f[i]!;
      this.h[j] = Math.tanh(z);
      out += th[bOff + H + j]! * this.h[j]!;
    }
    return out;
  }

  /** Adds coef * d score(f) / d theta to grad. */
  accumulate(f: Float64Array, coef: number, grad: Float64Array): void {
    this.score(f);
    const th = this.theta;
    const H = this.hidden;
    const bOff = F + H * F;
    for (let i = 0; i < F; i++) grad[i] = grad[i]! + coef * f[i]!;
    for (let j = 0; j < H; j++) {
      const hj = this.h[j]!;
      const dz = coef * th[bOff + H + j]! * (1 - hj * hj);
      grad[bOff + H + j] = grad[bOff + H + j]! + coef * hj;
      grad[bOff + j] = grad[bOff + j]! + dz;
      for (let i = 0; i < F; i++) grad[F + j * F + i] = grad[F + j * F + i]! + dz * f[i]!;
    }
  }

  /** One Adam step of gradient ascent along grad. */
  ascend(grad: Float64Array, lr: number): void {
    this.t++;
    const b1 = 0.9;
    const b2 = 0.999;
    for (let i = 0; i < this.theta.length; i++) {
      this.m[i] = b1 * this.m[i]! + (1 - b1) * grad[i]!;
      this.s[i] = b2 * this.s[i]! + (1 - b2) * grad[i]! * grad[i]!;
      const mh = this.m[i]! / (1 - b1 ** this.t);
      const sh = this.s[i]! / (1 - b2 ** this.t);
      this.theta[i] = this.theta[i]! + (lr * mh) / (Math.sqrt(sh) + 1e-8);
    }
  }
}
