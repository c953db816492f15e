import type { CpSatModel } from './cp-sat-model';
import { rotationCost } from './cp-sat-model';
import type { ClauseLearningSolver, TheoryPropagator } from './cp-sat-solver';

/**
 * The objective as one global constraint R <= upperBound, encoded once for
 * the whole problem (lazy clause generation: no adder circuits, the bound is
 * propagated natively and each deduction is explained by literals on the
 * trail). A lower bound of R on the partial assignment is kept incrementally:
 *
 * - per slot, the weight of its true literal, or else the least weight of
 *   those not yet false (e(s) is one of them, so an open slot costs at least
 *   its cheapest remaining option);
 * - per physicist, the least balance over the counts still reachable: from
 *   the x already true to those true or unassigned (the table is convex);
 * - per (physicist, customer), the rotation of the visits already true.
 *
 * Above the bound: a conflict. Otherwise every unassigned literal of the
 * active slots whose truth would push the bound past it is set false.
 * Explanations are the true literals of decided slots, plus the false
 * literals that raise an undecided slot's least weight or cap a physicist
 * below their best count (when the slot has a holder, the holder stands in
 * for them: it excludes them through the slot's at-most-one).
 */
export class ObjectiveConstraint implements TheoryPropagator {
  /** R must be at most this (integer units); Infinity until there is an incumbent. */
  upperBound = Infinity;
  /** Model slots whose literals the propagation scans (the neighbourhood, or every slot). */
  private active: Int32Array;
  private readonly slotTrue: Int32Array;
  private readonly slotLow: Float64Array;
  /** Per active undecided slot: its least option cost at the last propagation. */
  private readonly activeLow: Float64Array;
  private readonly isActive: Uint8Array;
  private readonly allSlots: Int32Array;
  private readonly dirty: Uint8Array;
  private readonly dirtyList: number[] = [];
  private readonly trueCount: Int32Array;
  private readonly falseCount: Int32Array;
  /** Per physicist: variables dormant and unassigned (false under the assumptions; see the solver). */
  private readonly dormantCount: Int32Array;
  private readonly isDormant: Uint8Array;
  private readonly pairCount: Int32Array;
  private slotSum = 0;
  private balanceSum = 0;
  private rotationSum = 0;
  private values: ClauseLearningSolver | null = null;

  constructor(private readonly model: CpSatModel) {
    const S = model.slots.length;
    const P = model.balance.length;
    this.active = Int32Array.from({ length: S }, (_, k) => k);
    this.slotTrue = new Int32Array(S).fill(-1);
    this.slotLow = new Float64Array(S);
    this.activeLow = new Float64Array(S);
    this.isActive = new Uint8Array(S).fill(1);
    this.allSlots = Int32Array.from({ length: S }, (_, k) => k);
    this.dirty = new Uint8Array(S);
    this.trueCount = new Int32Array(P);
    this.falseCount = new Int32Array(P);
    this.dormantCount = new Int32Array(P);
    this.isDormant = new Uint8Array(model.varCount);
    this.pairCount = new Int32Array(model.pinnedVisits.length);
    for (let k = 0; k < S; k++) {
      this.slotLow[k] = model.weight[model.slotLits[k]![0]! >> 1]!;
      this.slotSum += this.slotLow[k]!;
    }
    for (let p = 0; p < P; p++) this.balanceSum += this.balanceLow(p);
    for (const pair of model.pairs) this.rotationSum += rotationCost(model, pair, 0);
  }

  /** The lower bound of R now (exact R once every variable is assigned). */
  lowerBound(): number {
    this.refreshSlots();
    return this.slotSum + this.balanceSum + this.rotationSum;
  }

  /** R of a complete assignment (values per variable, 1 true), computed from scratch. */
  evaluate(values: Int8Array): number {
    const m = this.model;
    const trueOf = new Int32Array(m.balance.length);
    const visits = new Map<number, number>();
    let r = 0;
    for (let v = 0; v < m.varCount; v++) {
      if (values[v] !== 1) continue;
      r += m.weight[v]!;
      const p = m.varPhysicist[v]!;
      if (p < 0) continue;
      trueOf[p]!++;
      visits.set(m.varPair[v]!, (visits.get(m.varPair[v]!) ?? 0) + 1);
    }
    for (let p = 0; p < trueOf.length; p++) r += m.balance[p]![trueOf[p]!]!;
    for (const pair of m.pairs) r += rotationCost(m, pair, visits.get(pair) ?? 0);
    return r;
  }

  onAssign(lit: number): void {
    this.change(lit, 1);
  }

  onUnassign(lit: number): void {
    this.change(lit, -1);
  }

  /** The model slots the propagation scans: the neighbourhood, or every slot. */
  /**
   * The slots the propagation scans and the variables dormant under the
   * coming assumptions (see the solver's setDormant); call with the solver at
   * level 0.
   */
  setActive(slots: Int32Array, dormant: Uint8Array, isAssigned: (v: number) => boolean): void {
    this.isActive.fill(0);
    for (const k of slots) this.isActive[k] = 1;
    this.active = slots;
    const m = this.model;
    // Counted only while unassigned (a variable fixed at level 0 is counted as what it is).
    for (let v = 0; v < m.varCount; v++) this.isDormant[v] = dormant[v]! && !isAssigned(v) ? 1 : 0;
    this.dormantCount.fill(0);
    for (let v = 0; v < m.varCount; v++) {
      if (this.isDormant[v] && m.varPhysicist[v]! >= 0) this.dormantCount[m.varPhysicist[v]!]!++;
    }
    this.balanceSum = 0;
    for (let p = 0; p < this.trueCount.length; p++) this.balanceSum += this.balanceLow(p);
  }

  propagate(solver: ClauseLearningSolver): readonly number[] | null {
    this.values = solver;
    const m = this.model;
    // Each undecided active slot costs at least its cheapest option not yet false, counting
    // with the miles the balance and rotation that option adds (a valid bound: both are
    // convex in a physicist's count, so k more jobs add at least k times the first increment).
    let lower = this.lowerBound();
    for (const k of this.active) {
      if (this.slotTrue[k]! >= 0) continue;
      let least = Infinity;
      for (const lit of m.slotLits[k]!) {
        if (solver.litValue(lit) !== -1) least = Math.min(least, this.optionCost(lit));
      }
      this.activeLow[k] = least === Infinity ? this.slotLow[k]! : least;
      lower += this.activeLow[k] - this.slotLow[k]!;
    }
    if (lower > this.upperBound) return this.explain();
    const room = this.upperBound - lower;
    // Collected first and implied after: each implication changes the counts the scan reads,
    // and the one explanation must cover every one of them.
    const implied: number[] = [];
    for (const k of this.active) {
      if (this.slotTrue[k]! >= 0) continue;
      for (const lit of m.slotLits[k]!) {
        if (solver.litValue(lit) === 0 && this.optionCost(lit) - this.activeLow[k]! > room)
          implied.push(lit ^ 1);
      }
    }
    if (implied.length === 0) return null;
    const explanation = solver.addExplanation(this.explain());
    for (const lit of implied) solver.imply(lit, explanation);
    return null;
  }

  /** What making `lit` true adds: its weight, and the balance and rotation it raises. */
  private optionCost(lit: number): number {
    const m = this.model;
    const v = lit >> 1;
    const p = m.varPhysicist[v]!;
    if (p < 0) return m.weight[v]!;
    const pair = m.varPair[v]!;
    const visits = this.pairCount[pair]!;
    return (
      m.weight[v]! +
      this.balanceLow(p, 1) -
      this.balanceLow(p) +
      rotationCost(m, pair, visits + 1) -
      rotationCost(m, pair, visits)
    );
  }

  private change(lit: number, sign: number): void {
    const m = this.model;
    const v = lit >> 1;
    if (v >= m.varCount) return; // the solver's activation literal
    const k = m.varSlot[v]!;
    const isTrue = (lit & 1) === 0;
    if (!this.dirty[k]) {
      this.dirty[k] = 1;
      this.dirtyList.push(k);
    }
    if (isTrue) this.slotTrue[k] = sign > 0 ? lit : -1;
    const p = m.varPhysicist[v]!;
    if (p < 0) return;
    const before = this.balanceLow(p);
    // A dormant variable counts as false until something assigns it (then as assigned).
    if (this.isDormant[v]) this.dormantCount[p]! -= sign;
    if (isTrue) this.trueCount[p]! += sign;
    else this.falseCount[p]! += sign;
    this.balanceSum += this.balanceLow(p) - before;
    if (!isTrue) return;
    const pair = m.varPair[v]!;
    const visits = this.pairCount[pair]!;
    this.rotationSum += rotationCost(m, pair, visits + sign) - rotationCost(m, pair, visits);
    this.pairCount[pair] = visits + sign;
  }

  /** Least balance of p over the counts still reachable, with `extra` more x true. */
  private balanceLow(p: number, extra = 0): number {
    const table = this.model.balance[p]!;
    const low = this.trueCount[p]! + extra;
    const high = table.length - 1 - this.falseCount[p]! - this.dormantCount[p]!;
    if (low > this.model.balanceHigh[p]!) return table[low]!;
    if (high < this.model.balanceLow[p]!) return table[Math.max(low, high)]!;
    return table[this.model.balanceLow[p]!]!;
  }

  private refreshSlots(): void {
    const m = this.model;
    const solver = this.values;
    for (const k of this.dirtyList) {
      this.dirty[k] = 0;
      let low = 0;
      if (this.slotTrue[k]! >= 0) low = m.weight[this.slotTrue[k]! >> 1]!;
      else if (solver) {
        for (const lit of m.slotLits[k]!) {
          if (solver.litValue(lit) !== -1) {
            low = m.weight[lit >> 1]!;
            break;
          }
        }
      }
      this.slotSum += low - this.slotLow[k]!;
      this.slotLow[k] = low;
    }
    this.dirtyList.length = 0;
  }

  /** True literals that imply the current lower bound (see the class comment). */
  private explain(): number[] {
    const m = this.model;
    const solver = this.values!;
    const out: number[] = [];
    // Under assumptions, every slot outside the active ones has its holder at level 1, which
    // the activation literal implies: that one literal stands for all of them.
    const activation = solver.placedActivation;
    if (activation >= 0) out.push(activation);
    const slots = activation >= 0 ? this.active : this.allSlots;
    for (const k of slots) {
      if (this.slotTrue[k]! >= 0) {
        out.push(this.slotTrue[k]!);
        continue;
      }
      if (this.isActive[k]) {
        for (const lit of m.slotLits[k]!) {
          if (solver.litValue(lit) === -1 && this.optionCost(lit) < this.activeLow[k]!)
            out.push(lit ^ 1);
        }
        continue;
      }
      for (const lit of m.slotLits[k]!) {
        if (m.weight[lit >> 1]! >= this.slotLow[k]!) break;
        if (solver.litValue(lit) === -1) out.push(lit ^ 1);
      }
    }
    // A false x of a physicist held below their best count, in a slot with no holder: such
    // slots are active ones (the theory runs once every assumption, which gives every other
    // slot a holder, is placed).
    for (const k of this.active) {
      if (this.slotTrue[k]! >= 0) continue;
      for (const lit of m.slotLits[k]!) {
        const p = m.varPhysicist[lit >> 1]!;
        if (p < 0 || solver.litValue(lit) !== -1) continue;
        const high = m.balance[p]!.length - 1 - this.falseCount[p]! - this.dormantCount[p]!;
        if (high < m.balanceLow[p]!) out.push(lit ^ 1);
      }
    }
    return out;
  }
}
