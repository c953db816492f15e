/**
 * Seeded PRNG (sfc32, seeded through splitmix32) so that every algorithm is
 * deterministic for a seed. Math.random is never used in the optimizer.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const split = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A uniformly chosen element (the array must not be empty). */
  pick<T>(items: ArrayLike<T>): T {
    return items[this.int(items.length)]!;
  }

  /** Fisher-Yates shuffle in place; returns the same array. */
  shuffle<T extends { [i: number]: unknown; length: number }>(items: T): T {
    for (let i = items.length - 1; i > 0; i--) {
      const k = this.int(i + 1);
      const tmp = items[i];
      items[i] = items[k];
      items[k] = tmp;
    }
    return items;
  }

  /** A new independent generator derived from this one (for sub-runs). */
  fork(): Rng {
    return new Rng(Math.floor(this.next() * 4294967296));
  }
}
