import type { CompiledInstance } from '../core/compile';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../construct/date-order';
import type { CpSatModel } from './cp-sat-model';

/** How a neighbourhood is chosen: jobs close in date, or the work of a few physicists around a date. */
export const NEIGHBOURHOOD_KINDS = ['date window', 'physicists', "two physicists' slots"] as const;
export type NeighbourhoodKind = (typeof NEIGHBOURHOOD_KINDS)[number];

/**
 * Chooses the jobs a neighbourhood frees. Its size adapts as in CP-SAT's
 * LNS: it grows by a factor after a neighbourhood the solver proved (nothing
 * better inside it, or the best inside it found) and shrinks by the same
 * factor after one it could not finish within its conflict budget, so about
 * half of them are finished and the rest are as large as that allows.
 */
export class Neighbourhoods {
  /** Jobs per neighbourhood (fractional; rounded when used). */
  size: number;
  private readonly byDate: number[];
  private readonly datePosition: Int32Array;

  constructor(
    private readonly c: CompiledInstance,
    private readonly model: CpSatModel,
    private readonly openJobCount: number,
    initialSize: number,
  ) {
    this.size = Math.min(openJobCount, initialSize);
    this.byDate = jobsInDateOrder(c);
    this.datePosition = new Int32Array(c.jobCount);
    this.byDate.forEach((j, i) => (this.datePosition[j] = i));
  }

  /** Records how the last neighbourhood ended. */
  adapt(finished: boolean): void {
    const factor = 1.1;
    this.size = finished
      ? Math.min(this.openJobCount, this.size * factor + 0.5)
      : Math.max(2, this.size / factor);
  }

  /** The model slots of the jobs of the next neighbourhood of `kind`. */
  pick(kind: NeighbourhoodKind, state: SolutionState, rng: Rng): number[] {
    const count = Math.max(1, Math.round(this.size));
    if (kind === "two physicists' slots") return this.twoPhysicistsSlots(state, rng, 2 * count);
    const jobs =
      kind === 'date window' ? this.dateWindow(rng, count) : this.physicists(state, rng, count);
    const free: number[] = [];
    for (const j of jobs)
      for (const slot of [2 * j, 2 * j + 1])
        if (this.model.slotIndex[slot]! >= 0) free.push(this.model.slotIndex[slot]!);
    return free;
  }

  /**
   * Only the slots (not whole jobs) that two physicists of one role hold,
   * nearest in date to a random open slot of one of them, with the open
   * slots of that role left empty nearby: they can trade work across the
   * horizon (which moves balance), and anyone free may take a slot.
   */
  private twoPhysicistsSlots(state: SolutionState, rng: Rng, count: number): number[] {
    const c = this.c;
    const m = this.model;
    const seed = c.openSlots[rng.int(c.openSlots.length)]!;
    const k = m.slotIndex[seed]!;
    const options = Array.from(m.slotLits[k]!, (lit) => m.varPhysicist[lit >> 1]!).filter(
      (p) => p >= 0,
    );
    const people = new Set<number>();
    if (state.assign[seed]! >= 0) people.add(state.assign[seed]!);
    for (let tries = 0; tries < 6 && people.size < 2 && options.length > 0; tries++)
      people.add(options[rng.int(Math.min(options.length, 10))]!);
    const slots: number[] = [];
    for (const p of people)
      for (let i = 0; i < state.load[p]!; i++) {
        const slot = state.heldSlot(p, i);
        if (m.slotIndex[slot]! >= 0 && slot !== seed) slots.push(slot);
      }
    const at = this.datePosition[seed >> 1]!;
    const distance = (slot: number) => Math.abs(this.datePosition[slot >> 1]! - at);
    slots.sort((a, b) => distance(a) - distance(b));
    return [seed, ...slots.slice(0, count - 1)].map((slot) => m.slotIndex[slot]!);
  }

  /** A random job and the `count` jobs nearest to it in date order (grown left or right at random). */
  private dateWindow(rng: Rng, count: number): number[] {
    const n = this.byDate.length;
    let lo = rng.int(n);
    let hi = lo;
    const jobs = [this.byDate[lo]!];
    while (jobs.length < count && (lo > 0 || hi < n - 1)) {
      if (hi >= n - 1 || (lo > 0 && rng.next() < 0.5)) jobs.push(this.byDate[--lo]!);
      else jobs.push(this.byDate[++hi]!);
    }
    return jobs;
  }

  /**
   * A random open slot's holder and up to two other candidates of that slot
   * (they could trade it); their jobs nearest in date to the slot's, with the
   * slot's own job first.
   */
  private physicists(state: SolutionState, rng: Rng, count: number): number[] {
    const c = this.c;
    const slot = c.openSlots[rng.int(c.openSlots.length)]!;
    const job = slot >> 1;
    const k = this.model.slotIndex[slot]!;
    const people = new Set<number>();
    if (state.assign[slot]! >= 0) people.add(state.assign[slot]!);
    const lits = this.model.slotLits[k] ?? new Int32Array(0);
    const options = Array.from(lits, (lit) => this.model.varPhysicist[lit >> 1]!).filter(
      (p) => p >= 0,
    );
    for (let tries = 0; tries < 6 && people.size < 3 && options.length > 0; tries++)
      people.add(options[rng.int(Math.min(options.length, 8))]!);
    const held: number[] = [];
    for (const p of people)
      for (let i = 0; i < state.load[p]!; i++) {
        const j = state.heldSlot(p, i) >> 1;
        if (j !== job && c.pinned[state.heldSlot(p, i)]! < 0) held.push(j);
      }
    const at = this.datePosition[job]!;
    held.sort(
      (a, b) => Math.abs(this.datePosition[a]! - at) - Math.abs(this.datePosition[b]! - at),
    );
    const jobs = [job, ...new Set(held)].slice(0, count);
    // Too few held jobs nearby: fill up with the date window around the slot's job.
    for (let d = 1; jobs.length < count && (at - d >= 0 || at + d < this.byDate.length); d++) {
      for (const i of [at - d, at + d])
        if (
          i >= 0 &&
          i < this.byDate.length &&
          jobs.length < count &&
          !jobs.includes(this.byDate[i]!)
        )
          jobs.push(this.byDate[i]!);
    }
    return jobs;
  }
}
