/**
 * Variables by activity (VSIDS) in a binary max-heap: a bump adds the
 * current increment, and the increment grows by 1 / decay after every
 * conflict, so recent conflicts weigh more. Activities are rescaled before
 * they overflow.
 */
export class VarHeap {
  private readonly activity: Float64Array;
  private readonly heap: Int32Array;
  /** Position of each variable in the heap, -1 when out. */
  private readonly position: Int32Array;
  private size = 0;
  private increment = 1;

  constructor(varCount: number) {
    this.activity = new Float64Array(varCount);
    this.heap = new Int32Array(varCount);
    this.position = new Int32Array(varCount).fill(-1);
  }

  /** Adds `times` the current increment to v's activity. */
  bump(v: number, times = 1): void {
    this.activity[v]! += times * this.increment;
    if (this.activity[v]! > 1e100) {
      for (let k = 0; k < this.activity.length; k++) this.activity[k]! *= 1e-100;
      this.increment *= 1e-100;
    }
    if (this.position[v]! >= 0) this.up(this.position[v]!);
  }

  decay(factor: number): void {
    this.increment /= factor;
  }

  insert(v: number): void {
    if (this.position[v]! >= 0) return;
    this.heap[this.size] = v;
    this.position[v] = this.size;
    this.up(this.size++);
  }

  /** The most active variable, removed; -1 when empty. */
  popMax(): number {
    if (this.size === 0) return -1;
    const top = this.heap[0]!;
    this.position[top] = -1;
    const last = this.heap[--this.size]!;
    if (this.size > 0) {
      this.heap[0] = last;
      this.position[last] = 0;
      this.down(0);
    }
    return top;
  }

  private up(i: number): void {
    const v = this.heap[i]!;
    const a = this.activity[v]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = this.heap[parent]!;
      if (this.activity[pv]! >= a) break;
      this.heap[i] = pv;
      this.position[pv] = i;
      i = parent;
    }
    this.heap[i] = v;
    this.position[v] = i;
  }

  private down(i: number): void {
    const v = this.heap[i]!;
    const a = this.activity[v]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (
        child + 1 < this.size &&
        this.activity[this.heap[child + 1]!]! > this.activity[this.heap[child]!]!
      )
        child++;
      const cv = this.heap[child]!;
      if (this.activity[cv]! <= a) break;
      this.heap[i] = cv;
      this.position[cv] = i;
      i = child;
    }
    this.heap[i] = v;
    this.position[v] = i;
  }
}
