import { haversineMiles } from '../distance';
import type { Weights } from '../entities';
import {
  avoidedDayCounter,
  customerKey,
  fairShareTargets,
  firstPerJob,
  hasUsableCoordinates,
  plannedHolder,
} from './evaluator-shared';
import { objectiveOf } from './evaluator';
import type { Instance, JobAssignment, Objective } from './instance';

/** A physician slot of a job. */
export type PersonSlot = 'lead' | 'data_acq';

/** One physicist's share of F's terms in the current plan. */
export interface PhysicistTally {
  physicist_id: string;
  /** n_p: slots they fill. */
  jobs: number;
  /** t_p: their fair share (docs/optimization.md). */
  target: number;
  /** Miles from home to every job they fill that has coordinates. */
  miles: number;
  /** Their part of R: repeat visits to the same customer. */
  rotation_repeats: number;
}

const EMPTY = -1;
const slotOffset = (slot: PersonSlot): number => (slot === 'lead' ? 0 : 1);

/**
 * F (docs/optimization.md) kept as running tallies of one plan: empty slots, miles,
 * each physicist's load and their visits per customer. `deltaIf` answers the
 * exact change of F and of each part when one slot changes hands, everything
 * else unchanged, in constant time; `move` applies such a change. Built from
 * the same shared facts as evaluateObjective (targets, coordinates, customer
 * keys) and held to it by property tests, so an explanation of a slot can
 * never disagree with the F of the plan. Ids not in the instance count as
 * empty slots, as the evaluator counts them.
 */
export class ObjectiveState {
  readonly weights: Weights;
  private readonly physicistIndex: Map<string, number>;
  private readonly jobIndex: Map<string, number>;
  private readonly customers: number[];
  private readonly customerCount: number;
  private readonly targets: number[];
  /** Physicist index per slot (job index * 2 + 0 lead / 1 data_acq), EMPTY when empty. */
  private readonly holders: Int32Array;
  private readonly load: number[];
  private readonly milesOf: number[];
  private readonly visits = new Map<number, number>();
  private unassigned = 0;
  private distance = 0;
  private rotation = 0;
  /** The current plan's holder per slot (EMPTY when it had none) and S, the slots changed from it. */
  private readonly planned: Int32Array;
  private changed = 0;
  /** P, and the job days of p on job j that p asked to avoid. */
  private avoided = 0;
  private readonly avoidedOn: (p: number, job: Instance['jobs'][number]) => number;

  constructor(
    private readonly instance: Instance,
    assignments: readonly JobAssignment[],
    weights: Weights = instance.weights,
  ) {
    this.weights = weights;
    this.physicistIndex = new Map(instance.physicists.map((p, i) => [p.id, i]));
    this.jobIndex = new Map(instance.jobs.map((j, i) => [j.id, i]));
    const customerIds = new Map<string, number>();
    this.customers = instance.jobs.map((job) => {
      const key = customerKey(job.customer);
      if (!customerIds.has(key)) customerIds.set(key, customerIds.size);
      return customerIds.get(key)!;
    });
    this.customerCount = Math.max(1, customerIds.size);
    this.targets = fairShareTargets(instance);
    this.load = new Array<number>(instance.physicists.length).fill(0);
    this.milesOf = new Array<number>(instance.physicists.length).fill(0);
    this.holders = new Int32Array(instance.jobs.length * 2).fill(EMPTY);
    this.unassigned = instance.jobs.length * 2;
    this.avoidedOn = avoidedDayCounter(instance);
    this.planned = new Int32Array(instance.jobs.length * 2).fill(EMPTY);
    instance.jobs.forEach((job, j) => {
      for (const role of [0, 1] as const) {
        const id = plannedHolder(job, role);
        const p = id === null ? undefined : this.physicistIndex.get(id);
        if (p !== undefined) {
          this.planned[2 * j + role] = p;
          this.changed++;
        }
      }
    });
    const byJob = firstPerJob(assignments);
    instance.jobs.forEach((job, j) => {
      const a = byJob.get(job.id);
      for (const [slot, id] of [
        ['lead', a?.lead_id ?? null],
        ['data_acq', a?.data_acq_id ?? null],
      ] as const) {
        const p = id === null ? undefined : this.physicistIndex.get(id);
        if (p !== undefined) this.place(j, slot, p);
      }
    });
  }

  /** F and its parts for the plan as it stands. */
  objective(): Objective {
    return objectiveOf(this.weights, {
      unassigned: this.unassigned,
      distance_miles: this.distance,
      balance: this.balance(),
      rotation: this.rotation,
      changed_slots: this.changed,
      avoided_days: this.avoided,
    });
  }

  /** Who held a slot in the current plan (null when nobody did). */
  plannedHolder(jobId: string, slot: PersonSlot): string | null {
    const p = this.planned[this.slotIndex(jobId, slot)]!;
    return p === EMPTY ? null : this.instance.physicists[p]!.id;
  }

  /** Who holds a slot (null when empty); throws on an unknown job. */
  holder(jobId: string, slot: PersonSlot): string | null {
    const p = this.holders[this.slotIndex(jobId, slot)]!;
    return p === EMPTY ? null : this.instance.physicists[p]!.id;
  }

  /** Miles from a physicist's home to a job, or null when the job has no coordinates. */
  miles(physicistId: string, jobId: string): number | null {
    const job = this.instance.jobs[this.jobAt(jobId)]!;
    return this.milesTo(this.personAt(physicistId), job);
  }

  /**
   * The exact change of F and of each part (unassigned, miles, B, R) if
   * `physicistId` (null: nobody) held this slot instead, all else unchanged.
   * It does not check the hard constraints: callers ask only about feasible
   * physicists.
   */
  deltaIf(jobId: string, slot: PersonSlot, physicistId: string | null): Objective {
    const k = this.slotIndex(jobId, slot);
    const j = k >> 1;
    const from = this.holders[k]!;
    const to = physicistId === null ? EMPTY : this.personAt(physicistId);
    const parts = {
      unassigned: 0,
      distance_miles: 0,
      balance: 0,
      rotation: 0,
      changed_slots: 0,
      avoided_days: 0,
    };
    if (from !== to) {
      const job = this.instance.jobs[j]!;
      const c = this.customers[j]!;
      const planned = this.planned[k]!;
      if (from !== EMPTY) {
        parts.unassigned += 1;
        parts.distance_miles -= this.milesTo(from, job) ?? 0;
        parts.balance += this.balanceStep(from, -1);
        parts.rotation -= (this.visits.get(this.visitKey(from, c)) ?? 0) >= 2 ? 1 : 0;
        parts.avoided_days -= this.avoidedOn(from, job);
        if (from === planned) parts.changed_slots += 1;
      }
      if (to !== EMPTY) {
        parts.unassigned -= 1;
        parts.distance_miles += this.milesTo(to, job) ?? 0;
        parts.balance += this.balanceStep(to, +1);
        parts.rotation += (this.visits.get(this.visitKey(to, c)) ?? 0) >= 1 ? 1 : 0;
        parts.avoided_days += this.avoidedOn(to, job);
        if (to === planned) parts.changed_slots -= 1;
      }
    }
    return objectiveOf(this.weights, parts);
  }

  /** Gives the slot to `physicistId` (null empties it); answers the change of F it made. */
  move(jobId: string, slot: PersonSlot, physicistId: string | null): Objective {
    const delta = this.deltaIf(jobId, slot, physicistId);
    const k = this.slotIndex(jobId, slot);
    const to = physicistId === null ? EMPTY : this.personAt(physicistId);
    const from = this.holders[k]!;
    if (from === to) return delta;
    if (from !== EMPTY) this.unplace(k >> 1, slot, from);
    if (to !== EMPTY) this.place(k >> 1, slot, to);
    return delta;
  }

  /** Each physicist's load against their fair share, their miles and repeat visits (instance order). */
  tallies(): PhysicistTally[] {
    const repeats = new Array<number>(this.instance.physicists.length).fill(0);
    for (const [key, count] of this.visits) {
      repeats[Math.floor(key / this.customerCount)]! += Math.max(0, count - 1);
    }
    return this.instance.physicists.map((p, i) => ({
      physicist_id: p.id,
      jobs: this.load[i]!,
      target: this.targets[i]!,
      miles: this.milesOf[i]!,
      rotation_repeats: repeats[i]!,
    }));
  }

  /** B summed in physicist order, as the evaluator sums it. */
  private balance(): number {
    let sum = 0;
    this.load.forEach((n, i) => (sum += Math.abs(n - this.targets[i]!)));
    return sum;
  }

  /** Change of |n_p - t_p| when p's load changes by `step`. */
  private balanceStep(p: number, step: number): number {
    const n = this.load[p]!;
    const t = this.targets[p]!;
    return Math.abs(n + step - t) - Math.abs(n - t);
  }

  private place(j: number, slot: PersonSlot, p: number): void {
    const job = this.instance.jobs[j]!;
    const miles = this.milesTo(p, job) ?? 0;
    const key = this.visitKey(p, this.customers[j]!);
    const seen = this.visits.get(key) ?? 0;
    this.holders[j * 2 + slotOffset(slot)] = p;
    if (this.planned[j * 2 + slotOffset(slot)] === p) this.changed--;
    this.avoided += this.avoidedOn(p, job);
    this.unassigned--;
    this.distance += miles;
    this.milesOf[p]! += miles;
    this.load[p]!++;
    if (seen >= 1) this.rotation++;
    this.visits.set(key, seen + 1);
  }

  private unplace(j: number, slot: PersonSlot, p: number): void {
    const job = this.instance.jobs[j]!;
    const miles = this.milesTo(p, job) ?? 0;
    const key = this.visitKey(p, this.customers[j]!);
    const seen = this.visits.get(key)!;
    this.holders[j * 2 + slotOffset(slot)] = EMPTY;
    if (this.planned[j * 2 + slotOffset(slot)] === p) this.changed++;
    this.avoided -= this.avoidedOn(p, job);
    this.unassigned++;
    this.distance -= miles;
    this.milesOf[p]! -= miles;
    this.load[p]!--;
    if (seen >= 2) this.rotation--;
    if (seen === 1) this.visits.delete(key);
    else this.visits.set(key, seen - 1);
  }

  private milesTo(p: number, job: Instance['jobs'][number]): number | null {
    if (!hasUsableCoordinates(job)) return null;
    const person = this.instance.physicists[p]!;
    return haversineMiles(person.lat, person.lon, job.lat!, job.lon!);
  }

  private visitKey(p: number, customer: number): number {
    return p * this.customerCount + customer;
  }

  private jobAt(jobId: string): number {
    const j = this.jobIndex.get(jobId);
    if (j === undefined) throw new Error(`job ${jobId} is not in the instance`);
    return j;
  }

  private personAt(physicistId: string): number {
    const p = this.physicistIndex.get(physicistId);
    if (p === undefined) throw new Error(`physicist ${physicistId} is not in the instance`);
    return p;
  }

  private slotIndex(jobId: string, slot: PersonSlot): number {
    return this.jobAt(jobId) * 2 + slotOffset(slot);
  }
}
