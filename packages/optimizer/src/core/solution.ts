import { preferenceWeight, stabilityWeight, UNASSIGNED_PENALTY } from '@meridian/domain';
import type { JobAssignment, Objective } from '@meridian/domain';
import type { CompiledInstance } from './compile';

/**
 * A mutable solution over a CompiledInstance with O(job length) feasibility
 * checks and exact incremental deltas of F. Invariant: it never holds a hard
 * violation, provided callers only apply moves that canMove/canSwap allow.
 * Pinned slots are placed by the constructor and never changed by moves.
 */
export class SolutionState {
  /** Physicist per slot (slot = 2 * job + role), -1 = empty. */
  readonly assign: Int32Array;
  /** n_p: jobs held per physicist. */
  readonly load: Int32Array;
  /** m_pc at [p * C + c]. */
  readonly visits: Int32Array;
  /** Job + 1 held by p on horizon day d at [p * H + d], 0 = free. */
  readonly occupancy: Int32Array;
  /** The slots p holds: heldSlot(p, k) for k < load[p]. */
  readonly physicistSlots: Int32Array;
  /**
   * Room per physicist in physicistSlots: nobody holds more jobs than there
   * are jobs or days (one job a day at most), so a year of 4,000 jobs needs
   * 365 places per physicist, not 4,000 (copies and memory stay small).
   */
  private readonly slotsStride: number;
  private readonly slotPosition: Int32Array;
  /** Open slots (not pinned, with candidates) that are empty: 0 means nothing to fill. */
  emptyOpenSlots: number;
  unassigned = 0;
  distanceMiles = 0;
  balance = 0;
  rotation = 0;
  /** S: slots of the current plan x0 not held by their planned physicist (docs/optimization.md). */
  changed = 0;
  /** P: job days held on a day the holder asked to avoid. */
  avoided = 0;
  private readonly wDistance: number;
  private readonly wStability: number;
  private readonly wPreference: number;
  private readonly wBalance: number;
  private readonly wRotation: number;
  /** Changes since checkpoint(): (slot, -1) after a place, (slot, p) after p was cleared. */
  private readonly journal: number[] = [];
  private isJournaling = false;
  /** unassigned, distanceMiles, balance, rotation, changed, avoided at the checkpoint. */
  private readonly saved = new Float64Array(6);

  constructor(readonly c: CompiledInstance) {
    const { jobCount: J, physicistCount: P } = c;
    this.assign = new Int32Array(2 * J).fill(-1);
    this.load = new Int32Array(P);
    this.visits = new Int32Array(P * c.customerCount);
    this.occupancy = new Int32Array(P * c.horizonDays);
    this.slotsStride = Math.min(J, c.horizonDays);
    this.physicistSlots = new Int32Array(P * this.slotsStride);
    this.emptyOpenSlots = c.openSlots.length;
    this.slotPosition = new Int32Array(2 * J);
    this.wDistance = c.weights.proximity / 100;
    this.wBalance = c.weights.job_balance;
    this.wRotation = c.weights.staff_rotation;
    this.wStability = stabilityWeight(c.weights);
    this.wPreference = preferenceWeight(c.weights);
    this.unassigned = 2 * J;
    this.changed = c.plannedCount;
    for (let p = 0; p < P; p++) this.balance += Math.abs(c.target[p]!);
    for (let slot = 0; slot < 2 * J; slot++) {
      if (c.pinned[slot]! >= 0) this.place(slot, c.pinned[slot]!);
    }
  }

  /** F' of this solution, what every method minimises (kept incrementally; objective() has the parts). */
  get total(): number {
    return this.c.stabilityAndPreferenceCost
      ? this.f + this.wStability * this.changed + this.wPreference * this.avoided
      : this.f;
  }

  /** F as the spec defines it: coverage, miles, balance and rotation. */
  get f(): number {
    return (
      UNASSIGNED_PENALTY * this.unassigned +
      this.wDistance * this.distanceMiles +
      this.wBalance * this.balance +
      this.wRotation * this.rotation
    );
  }

  objective(): Objective {
    return {
      total: this.total,
      f: this.f,
      unassigned: this.unassigned,
      distance_miles: this.distanceMiles,
      balance: this.balance,
      rotation: this.rotation,
      changed_slots: this.changed,
      avoided_days: this.avoided,
    };
  }

  /** The k-th slot p holds (k < load[p]), in no particular order. */
  heldSlot(p: number, k: number): number {
    return this.physicistSlots[p * this.slotsStride + k]!;
  }

  /** Whether p has no job on job's days other than `ignoreJob`. */
  isFree(p: number, job: number, ignoreJob = -1): boolean {
    const H = this.c.horizonDays;
    for (let d = this.c.jobFirstDay[job]!; d <= this.c.jobLastDay[job]!; d++) {
      const held = this.occupancy[p * H + d]!;
      if (held !== 0 && held - 1 !== ignoreJob) return false;
    }
    return true;
  }

  /** The single job that keeps p from `job` (-1 if p is free, -2 if several do). */
  blocker(p: number, job: number): number {
    const H = this.c.horizonDays;
    let found = -1;
    for (let d = this.c.jobFirstDay[job]!; d <= this.c.jobLastDay[job]!; d++) {
      const held = this.occupancy[p * H + d]! - 1;
      if (held < 0 || held === found) continue;
      if (found >= 0) return -2;
      found = held;
    }
    return found;
  }

  /** Whether the slot may hold p next (eligible, right role, free; -1 = empty it). */
  canMove(slot: number, p: number): boolean {
    if (this.c.pinned[slot]! >= 0 || this.assign[slot] === p) return false;
    if (p < 0) return true;
    const job = slot >> 1;
    return (
      this.c.physicistRole[p] === (slot & 1) &&
      this.c.eligible[job * this.c.physicistCount + p] === 1 &&
      this.isFree(p, job)
    );
  }

  /** Exact change of F if the slot took p (-1 = empty); assumes canMove. */
  moveDelta(slot: number, p: number): number {
    const old = this.assign[slot]!;
    if (old === p) return 0;
    let rest = 0;
    let coverage = 0;
    if (old >= 0) {
      rest += this.removeCost(slot, old);
      coverage += 1;
    }
    if (p >= 0) {
      rest += this.addCost(slot, p);
      coverage -= 1;
    }
    return rest + UNASSIGNED_PENALTY * coverage;
  }

  /** Puts p (or nobody, -1) in the slot; assumes canMove. */
  move(slot: number, p: number): void {
    if (this.assign[slot]! >= 0) this.clear(slot);
    if (p >= 0) this.place(slot, p);
  }

  /** Whether the physicists of two filled slots of one role on different jobs may trade places. */
  canSwap(a: number, b: number): boolean {
    const pa = this.assign[a]!;
    const pb = this.assign[b]!;
    const ja = a >> 1;
    const jb = b >> 1;
    const P = this.c.physicistCount;
    return (
      pa >= 0 &&
      pb >= 0 &&
      pa !== pb &&
      ja !== jb &&
      (a & 1) === (b & 1) &&
      this.c.pinned[a]! < 0 &&
      this.c.pinned[b]! < 0 &&
      this.c.eligible[jb * P + pa] === 1 &&
      this.c.eligible[ja * P + pb] === 1 &&
      this.isFree(pa, jb, ja) &&
      this.isFree(pb, ja, jb)
    );
  }

  /** Exact change of F if the two slots traded physicists; assumes canSwap. Loads are unchanged. */
  swapDelta(a: number, b: number): number {
    const c = this.c;
    const P = c.physicistCount;
    const C = c.customerCount;
    const pa = this.assign[a]!;
    const pb = this.assign[b]!;
    const ja = a >> 1;
    const jb = b >> 1;
    const d = c.distance;
    let delta =
      this.wDistance * (d[jb * P + pa]! + d[ja * P + pb]! - d[ja * P + pa]! - d[jb * P + pb]!);
    const extra = c.stabilityAndPreferenceCost;
    if (extra)
      delta +=
        extra[jb * P + pa]! + extra[ja * P + pb]! - extra[ja * P + pa]! - extra[jb * P + pb]!;
    const ca = c.jobCustomer[ja]!;
    const cb = c.jobCustomer[jb]!;
    if (ca !== cb) {
      const v = this.visits;
      const rot =
        (v[pa * C + ca]! >= 2 ? -1 : 0) +
        (v[pa * C + cb]! >= 1 ? 1 : 0) +
        (v[pb * C + cb]! >= 2 ? -1 : 0) +
        (v[pb * C + ca]! >= 1 ? 1 : 0);
      delta += this.wRotation * rot;
    }
    return delta;
  }

  /** Trades the physicists of two slots; assumes canSwap. */
  swap(a: number, b: number): void {
    const pa = this.assign[a]!;
    const pb = this.assign[b]!;
    this.clear(a);
    this.clear(b);
    this.place(a, pb);
    this.place(b, pa);
  }

  /** Cost of adding p to the slot, without the coverage term. */
  addCost(slot: number, p: number): number {
    const c = this.c;
    const job = slot >> 1;
    const n = this.load[p]!;
    const t = c.target[p]!;
    const cost =
      this.wDistance * c.distance[job * c.physicistCount + p]! +
      this.wBalance * (Math.abs(n + 1 - t) - Math.abs(n - t)) +
      (this.visits[p * c.customerCount + c.jobCustomer[job]!]! >= 1 ? this.wRotation : 0);
    return c.stabilityAndPreferenceCost
      ? cost + c.stabilityAndPreferenceCost[job * c.physicistCount + p]!
      : cost;
  }

  /** Cost of removing p from the slot, without the coverage term. */
  removeCost(slot: number, p: number): number {
    const c = this.c;
    const job = slot >> 1;
    const n = this.load[p]!;
    const t = c.target[p]!;
    const cost =
      -this.wDistance * c.distance[job * c.physicistCount + p]! +
      this.wBalance * (Math.abs(n - 1 - t) - Math.abs(n - t)) -
      (this.visits[p * c.customerCount + c.jobCustomer[job]!]! >= 2 ? this.wRotation : 0);
    return c.stabilityAndPreferenceCost
      ? cost - c.stabilityAndPreferenceCost[job * c.physicistCount + p]!
      : cost;
  }

  private place(slot: number, p: number): void {
    const c = this.c;
    const job = slot >> 1;
    const H = c.horizonDays;
    const n = this.load[p]!;
    const t = c.target[p]!;
    const vi = p * c.customerCount + c.jobCustomer[job]!;
    if (this.isJournaling) this.journal.push(slot, -1);
    if (c.pinned[slot]! < 0) this.emptyOpenSlots--;
    this.distanceMiles += c.distance[job * c.physicistCount + p]!;
    this.balance += Math.abs(n + 1 - t) - Math.abs(n - t);
    if (this.visits[vi]! >= 1) this.rotation += 1;
    this.visits[vi]!++;
    this.unassigned--;
    if (c.planned[slot] === p) this.changed--;
    if (c.avoidedDays) this.avoided += c.avoidedDays[job * c.physicistCount + p]!;
    this.assign[slot] = p;
    for (let d = c.jobFirstDay[job]!; d <= c.jobLastDay[job]!; d++)
      this.occupancy[p * H + d] = job + 1;
    this.physicistSlots[p * this.slotsStride + n] = slot;
    this.slotPosition[slot] = n;
    this.load[p] = n + 1;
  }

  private clear(slot: number): void {
    const c = this.c;
    const p = this.assign[slot]!;
    const job = slot >> 1;
    const H = c.horizonDays;
    const n = this.load[p]!;
    const t = c.target[p]!;
    const vi = p * c.customerCount + c.jobCustomer[job]!;
    if (this.isJournaling) this.journal.push(slot, p);
    if (c.pinned[slot]! < 0) this.emptyOpenSlots++;
    this.distanceMiles -= c.distance[job * c.physicistCount + p]!;
    this.balance += Math.abs(n - 1 - t) - Math.abs(n - t);
    if (this.visits[vi]! >= 2) this.rotation -= 1;
    this.visits[vi]!--;
    this.unassigned++;
    if (c.planned[slot] === p) this.changed++;
    if (c.avoidedDays) this.avoided -= c.avoidedDays[job * c.physicistCount + p]!;
    this.assign[slot] = -1;
    for (let d = c.jobFirstDay[job]!; d <= c.jobLastDay[job]!; d++) this.occupancy[p * H + d] = 0;
    const base = p * this.slotsStride;
    const last = this.physicistSlots[base + n - 1]!;
    const at = this.slotPosition[slot]!;
    this.physicistSlots[base + at] = last;
    this.slotPosition[last] = at;
    this.load[p] = n - 1;
  }

  /**
   * Starts recording changes, so that rollback() can return to this point
   * cheaply: a search that tries a change and often rejects it undoes the few
   * slots it touched instead of copying the whole state (at 4,000 jobs a
   * copy cost more than the search step it served).
   */
  checkpoint(): void {
    this.isJournaling = true;
    this.journal.length = 0;
    this.saved[0] = this.unassigned;
    this.saved[1] = this.distanceMiles;
    this.saved[2] = this.balance;
    this.saved[3] = this.rotation;
    this.saved[4] = this.changed;
    this.saved[5] = this.avoided;
  }

  /** Undoes every change since the last checkpoint (which stays the point to return to). */
  rollback(): void {
    const journal = this.journal;
    this.isJournaling = false;
    for (let i = journal.length - 2; i >= 0; i -= 2) {
      const slot = journal[i]!;
      const held = journal[i + 1]!;
      if (held < 0) this.clear(slot);
      else this.place(slot, held);
    }
    journal.length = 0;
    // The same assignment as at the checkpoint: restore its sums exactly, not up to rounding.
    this.unassigned = this.saved[0]!;
    this.distanceMiles = this.saved[1]!;
    this.balance = this.saved[2]!;
    this.rotation = this.saved[3]!;
    this.changed = this.saved[4]!;
    this.avoided = this.saved[5]!;
    this.isJournaling = true;
  }

  /** Stops recording (changes since the checkpoint stay). */
  endCheckpoint(): void {
    this.isJournaling = false;
    this.journal.length = 0;
  }

  /** Makes this state equal to another over the same compiled instance. */
  copyFrom(other: SolutionState): void {
    this.isJournaling = false;
    this.journal.length = 0;
    this.assign.set(other.assign);
    this.load.set(other.load);
    this.visits.set(other.visits);
    this.occupancy.set(other.occupancy);
    this.physicistSlots.set(other.physicistSlots);
    this.slotPosition.set(other.slotPosition);
    this.emptyOpenSlots = other.emptyOpenSlots;
    this.unassigned = other.unassigned;
    this.distanceMiles = other.distanceMiles;
    this.balance = other.balance;
    this.rotation = other.rotation;
    this.changed = other.changed;
    this.avoided = other.avoided;
  }

  clone(): SolutionState {
    const copy = new SolutionState(this.c);
    copy.copyFrom(this);
    return copy;
  }

  /** Loads a whole assignment vector (e.g. a sibling's incumbent); it must be feasible. */
  loadAssignment(assign: Int32Array): void {
    for (let slot = 0; slot < assign.length; slot++) {
      if (this.c.pinned[slot]! < 0 && this.assign[slot]! >= 0) this.clear(slot);
    }
    for (let slot = 0; slot < assign.length; slot++) {
      if (this.c.pinned[slot]! < 0 && assign[slot]! >= 0) this.place(slot, assign[slot]!);
    }
  }

  /** The solution as JobAssignments (kits: the pinned kit, else none; kits are assigned separately). */
  toAssignments(): JobAssignment[] {
    const ids = this.c.physicistIds;
    return this.c.instance.jobs.map((job, j) => ({
      job_id: job.id,
      lead_id: this.assign[2 * j]! >= 0 ? ids[this.assign[2 * j]!]! : null,
      data_acq_id: this.assign[2 * j + 1]! >= 0 ? ids[this.assign[2 * j + 1]!]! : null,
      kit_id: job.kit_id,
    }));
  }
}
