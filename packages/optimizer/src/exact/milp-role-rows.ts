// The steps of buildRoleModel (milp-role-model.ts, which describes the rows):
// the role's (slot, physicist) pairs, then its clique, balance and rotation
// rows and columns, in that order (a row's index is its place in that order).

import { stabilityWeight } from '@meridian/domain';
import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';

/** A role's pairs (slot, physicist) in slot order, and each physicist's pairs by first day. */
export interface RolePairs {
  /** Local slot and physicist of each pair. */
  readonly slot: number[];
  readonly physicist: number[];
  readonly job: Int32Array;
  /** Physicist p's pairs are byDay[byPhysicistStart[p], byPhysicistStart[p + 1]) (CSR). */
  readonly byPhysicistStart: Int32Array;
  /** Each physicist's pairs by first day, then slot. */
  readonly byDay: Int32Array;
}

/**
 * The pairs of `slots` (global slots of one role) with a candidate free of the
 * pinned work in `fixed`. Built with flat arrays: a year has about 280,000
 * pairs per role, too many for an array per pair.
 */
export function rolePairs(c: CompiledInstance, fixed: SolutionState, slots: Int32Array): RolePairs {
  const P = c.physicistCount;
  const slot: number[] = [];
  const physicist: number[] = [];
  for (let s = 0; s < slots.length; s++) {
    for (const p of slotCandidates(c, slots[s]!)) {
      if (!fixed.isFree(p, slots[s]! >> 1)) continue;
      slot.push(s);
      physicist.push(p);
    }
  }
  const Q = slot.length;
  const job = Int32Array.from(slot, (s) => slots[s]! >> 1);
  const byPhysicistStart = new Int32Array(P + 1);
  for (let q = 0; q < Q; q++) byPhysicistStart[physicist[q]! + 1]!++;
  for (let p = 0; p < P; p++) byPhysicistStart[p + 1]! += byPhysicistStart[p]!;
  // A counting sort on the first day (stable, so slot order within a day), then by physicist.
  const byDay = new Int32Array(Q);
  const dayStart = new Int32Array(c.horizonDays + 1);
  for (let q = 0; q < Q; q++) dayStart[c.jobFirstDay[job[q]!]! + 1]!++;
  for (let d = 0; d < c.horizonDays; d++) dayStart[d + 1]! += dayStart[d]!;
  const ordered = new Int32Array(Q);
  for (let q = 0; q < Q; q++) ordered[dayStart[c.jobFirstDay[job[q]!]!]!++] = q;
  const next = byPhysicistStart.slice(0, P);
  for (const q of ordered) byDay[next[physicist[q]!]!++] = q;
  return { slot, physicist, job, byPhysicistStart, byDay };
}

/** A role model's rows (after its slot rows), their (pair, row) edges, its extra columns and F's constant part. */
export class RoleRows {
  readonly lower: number[];
  readonly upper: number[];
  /** The rows of each pair besides its slot row, as (pair, row) edges in ascending row order per pair. */
  private readonly edgePair: number[] = [];
  private readonly edgeRow: number[] = [];
  readonly extraCost: number[] = [];
  readonly extraRow: number[] = [];
  readonly extraCoef: number[] = [];
  readonly extraUpper: number[] = [];
  offset = 0;

  constructor(slotCount: number, slotEquality: boolean) {
    this.lower = new Array<number>(slotCount).fill(slotEquality ? 1 : -Infinity);
    this.upper = new Array<number>(slotCount).fill(1);
  }

  addRow(lo: number, hi: number): number {
    this.lower.push(lo);
    this.upper.push(hi);
    return this.lower.length - 1;
  }

  addEdge(pair: number, row: number): void {
    this.edgePair.push(pair);
    this.edgeRow.push(row);
  }

  addColumn(cost: number, row: number, coef: number, upper = Infinity): void {
    this.extraCost.push(cost);
    this.extraRow.push(row);
    this.extraCoef.push(coef);
    this.extraUpper.push(upper);
  }

  /**
   * Each of the `pairCount` pairs' rows (CSR). Edges were added clique rows
   * first, then balance, then rotation rows, each kind in ascending row order
   * per pair; a stable counting sort by pair keeps that order.
   */
  pairRows(pairCount: number): { pairRowStart: Int32Array; pairRows: Int32Array } {
    const Q = pairCount;
    const pairRowStart = new Int32Array(Q + 1);
    for (const q of this.edgePair) pairRowStart[q + 1]!++;
    for (let q = 0; q < Q; q++) pairRowStart[q + 1]! += pairRowStart[q]!;
    const pairRows = new Int32Array(this.edgePair.length);
    const fill = pairRowStart.slice(0, Q);
    for (let e = 0; e < this.edgePair.length; e++)
      pairRows[fill[this.edgePair[e]!]!++] = this.edgeRow[e]!;
    return { pairRowStart, pairRows };
  }
}

/** What the row steps read and write: the instance, the pinned work, the role, its pairs and rows. */
export interface RoleBuild {
  readonly c: CompiledInstance;
  /** The pinned slots only. */
  readonly fixed: SolutionState;
  readonly role: number;
  readonly pairs: RolePairs;
  readonly rows: RoleRows;
}

/**
 * One row per maximal clique of each physicist's jobs (interval graph: the
 * jobs covering a first day form a maximal set when one of them ends before
 * the next first day).
 */
export function addCliqueRows({ c, pairs, rows }: RoleBuild): void {
  const { byDay, byPhysicistStart, job } = pairs;
  const active: number[] = [];
  for (let p = 0; p < c.physicistCount; p++) {
    const from = byPhysicistStart[p]!;
    const to = byPhysicistStart[p + 1]!;
    active.length = 0;
    for (let i = from; i < to;) {
      const day = c.jobFirstDay[job[byDay[i]!]!]!;
      while (i < to && c.jobFirstDay[job[byDay[i]!]!]! === day) active.push(byDay[i++]!);
      let kept = 0;
      let endsBeforeNext = false;
      const next = i < to ? c.jobFirstDay[job[byDay[i]!]!]! : Infinity;
      for (const q of active) {
        const last = c.jobLastDay[job[q]!]!;
        if (last < day) continue;
        active[kept++] = q;
        if (last < next) endsBeforeNext = true;
      }
      active.length = kept;
      if (kept >= 2 && endsBeforeNext) {
        const row = rows.addRow(-Infinity, 1);
        for (const q of active) rows.addEdge(q, row);
      }
    }
  }
}

/**
 * The part of the role's F that the pinned slots fix: F' adds stability for
 * each planned slot of this role (less what each pair that keeps its planned
 * physicist saves, in its pair cost), and the pinned slots' miles, stability
 * and preference.
 */
export function fixedCost(c: CompiledInstance, fixed: SolutionState, role: number): number {
  const P = c.physicistCount;
  const sp = c.stabilityAndPreferenceCost;
  const wStability = stabilityWeight(c.weights);
  let offset = 0;
  if (sp) {
    for (let s = role; s < c.jobCount * 2; s += 2) if (c.planned[s]! >= 0) offset += wStability;
  }
  for (let s = 0; s < c.jobCount * 2; s++)
    if ((s & 1) === role && fixed.assign[s]! >= 0) {
      const at = (s >> 1) * P + fixed.assign[s]!;
      offset += (c.weights.proximity / 100) * c.distance[at]! + (sp ? sp[at]! : 0);
    }
  return offset;
}

/** Each physicist's balance row and its three columns (below k, within [k, k + 1], above k + 1). */
export function addBalanceRows({ c, fixed, role, pairs, rows }: RoleBuild): void {
  const wB = c.weights.job_balance;
  for (let p = 0; p < c.physicistCount; p++) {
    if (c.physicistRole[p] !== role) continue;
    const goal = c.target[p]! - fixed.load[p]!;
    const k = Math.floor(goal);
    const f = goal - k;
    const row = rows.addRow(k, k);
    for (let i = pairs.byPhysicistStart[p]!; i < pairs.byPhysicistStart[p + 1]!; i++)
      rows.addEdge(pairs.byDay[i]!, row);
    rows.offset += wB * f;
    rows.addColumn(wB, row, 1); // below k
    rows.addColumn(wB * (1 - 2 * f), row, -1, 1); // within [k, k + 1]
    rows.addColumn(wB, row, -1); // above k + 1
  }
}

/**
 * Each physicist's rotation row and column per customer that a second visit
 * could reach; a customer with no pair adds its pinned visits' rotation to F's
 * constant part.
 */
export function addRotationRows({ c, fixed, role, pairs, rows }: RoleBuild): void {
  const C = c.customerCount;
  const wR = c.weights.staff_rotation;
  const { byDay, byPhysicistStart, job } = pairs;
  const perCustomer = new Int32Array(C);
  const customerRow = new Int32Array(C);
  for (let p = 0; p < c.physicistCount; p++) {
    if (c.physicistRole[p] !== role) continue;
    const from = byPhysicistStart[p]!;
    const to = byPhysicistStart[p + 1]!;
    perCustomer.fill(0);
    for (let i = from; i < to; i++) perCustomer[c.jobCustomer[job[byDay[i]!]!]!]!++;
    for (let cust = 0; cust < C; cust++) {
      const m0 = fixed.visits[p * C + cust]!;
      customerRow[cust] = -1;
      if (perCustomer[cust] === 0) {
        rows.offset += wR * Math.max(0, m0 - 1);
        continue;
      }
      if (m0 === 0 && perCustomer[cust]! < 2) continue;
      customerRow[cust] = rows.addRow(-Infinity, 1 - m0);
      rows.addColumn(wR, customerRow[cust]!, -1);
    }
    for (let i = from; i < to; i++) {
      const row = customerRow[c.jobCustomer[job[byDay[i]!]!]!]!;
      if (row >= 0) rows.addEdge(byDay[i]!, row);
    }
  }
}
