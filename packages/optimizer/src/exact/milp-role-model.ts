import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';

/**
 * One role's exact model for milp by role (milp-role.ts), as flat arrays for
 * its HiGHS thread (milp-role-worker.mjs). F separates by role: every term
 * sums over slots (miles, coverage) or over physicists (balance, rotation),
 * and each physicist has one role, so the lead and data-acq problems are
 * independent. Rows, all with coefficient 1 for an assignment x[s,p]:
 *
 *   [0, S)        slot s: sum_p x[s,p] = 1 (every fillable slot is filled) or <= 1
 *   cliques       sum_{j in K} x[j,p] <= 1 per maximal clique K of p's overlapping jobs
 *   balance       sum_j x[j,p] - dplus_p + dminus_p = t_p - n0_p
 *   rotation      sum_{j of c} x[j,p] - r_pc <= 1 - m0_pc
 *
 * Every row exists from the start, so a column can enter at any time; a
 * pair lists its rows other than its slot row in ascending order.
 */
export interface RoleModel {
  readonly role: number;
  /** Global slot of each local slot. */
  readonly slots: Int32Array;
  readonly slotCount: number;
  readonly slotEquality: boolean;
  readonly pairSlot: Int32Array;
  readonly pairPhysicist: Int32Array;
  readonly pairCost: Float64Array;
  readonly pairRowStart: Int32Array;
  readonly pairRows: Int32Array;
  readonly rowLower: Float64Array;
  readonly rowUpper: Float64Array;
  /** The balance and rotation columns: cost, their one row and coefficient. */
  readonly extraCost: Float64Array;
  readonly extraRow: Int32Array;
  readonly extraCoef: Float64Array;
  /** The role's part of F that no x changes: pinned miles, rotation of customers with no pair. */
  readonly offset: number;
}

/**
 * Builds role `role`'s model over its fillable slots (open, with a candidate
 * free of the pinned work in `fixed`, which holds the pinned slots only).
 */
export function buildRoleModel(
  c: CompiledInstance,
  fixed: SolutionState,
  role: number,
  fillable: readonly number[],
  slotEquality: boolean,
): RoleModel {
  const P = c.physicistCount;
  const C = c.customerCount;
  const { proximity, job_balance: wB, staff_rotation: wR } = c.weights;
  const slots = Int32Array.from(fillable.filter((slot) => (slot & 1) === role));
  const S = slots.length;
  const pairSlot: number[] = [];
  const pairPhysicist: number[] = [];
  const byPhysicist: number[][] = Array.from({ length: P }, () => []);
  for (let s = 0; s < S; s++) {
    const slot = slots[s]!;
    for (const p of slotCandidates(c, slot)) {
      if (!fixed.isFree(p, slot >> 1)) continue;
      byPhysicist[p]!.push(pairSlot.length);
      pairSlot.push(s);
      pairPhysicist.push(p);
    }
  }
  const Q = pairSlot.length;
  const rowsOf: number[][] = Array.from({ length: Q }, () => []);
  const rowLower: number[] = new Array<number>(S).fill(slotEquality ? 1 : -Infinity);
  const rowUpper: number[] = new Array<number>(S).fill(1);
  const addRow = (lo: number, hi: number) => {
    rowLower.push(lo);
    rowUpper.push(hi);
    return rowLower.length - 1;
  };
  const jobOf = (q: number) => slots[pairSlot[q]!]! >> 1;

  // Maximal cliques of each physicist's jobs (interval graph: the jobs covering
  // a first day form a maximal set when one of them ends before the next first day).
  for (let p = 0; p < P; p++) {
    const items = byPhysicist[p]!.slice().sort(
      (a, b) => c.jobFirstDay[jobOf(a)]! - c.jobFirstDay[jobOf(b)]!,
    );
    let active: number[] = [];
    for (let i = 0; i < items.length;) {
      const day = c.jobFirstDay[jobOf(items[i]!)]!;
      while (i < items.length && c.jobFirstDay[jobOf(items[i]!)]! === day) active.push(items[i++]!);
      active = active.filter((q) => c.jobLastDay[jobOf(q)]! >= day);
      const next = i < items.length ? c.jobFirstDay[jobOf(items[i]!)]! : Infinity;
      if (active.length >= 2 && active.some((q) => c.jobLastDay[jobOf(q)]! < next)) {
        const row = addRow(-Infinity, 1);
        for (const q of active) rowsOf[q]!.push(row);
      }
    }
  }

  const extraCost: number[] = [];
  const extraRow: number[] = [];
  const extraCoef: number[] = [];
  const addColumn = (cost: number, row: number, coef: number) => {
    extraCost.push(cost);
    extraRow.push(row);
    extraCoef.push(coef);
  };
  let offset = 0;
  for (let s = 0; s < c.jobCount * 2; s++)
    if ((s & 1) === role && fixed.assign[s]! >= 0)
      offset += (proximity / 100) * c.distance[(s >> 1) * P + fixed.assign[s]!]!;
  for (let p = 0; p < P; p++) {
    if (c.physicistRole[p] !== role) continue;
    const rhs = c.target[p]! - fixed.load[p]!;
    const row = addRow(rhs, rhs);
    for (const q of byPhysicist[p]!) rowsOf[q]!.push(row);
    addColumn(wB, row, -1);
    addColumn(wB, row, 1);
  }
  for (let p = 0; p < P; p++) {
    if (c.physicistRole[p] !== role) continue;
    const byCustomer = new Map<number, number[]>();
    for (const q of byPhysicist[p]!) {
      const cust = c.jobCustomer[jobOf(q)]!;
      const list = byCustomer.get(cust);
      if (list) list.push(q);
      else byCustomer.set(cust, [q]);
    }
    for (let cust = 0; cust < C; cust++) {
      const m0 = fixed.visits[p * C + cust]!;
      const list = byCustomer.get(cust);
      if (!list) {
        offset += wR * Math.max(0, m0 - 1);
        continue;
      }
      if (m0 === 0 && list.length < 2) continue;
      const row = addRow(-Infinity, 1 - m0);
      for (const q of list) rowsOf[q]!.push(row);
      addColumn(wR, row, -1);
    }
  }

  const pairRowStart = new Int32Array(Q + 1);
  for (let q = 0; q < Q; q++) pairRowStart[q + 1] = pairRowStart[q]! + rowsOf[q]!.length;
  const pairRows = new Int32Array(pairRowStart[Q]!);
  for (let q = 0; q < Q; q++) pairRows.set(rowsOf[q]!, pairRowStart[q]);
  return {
    role,
    slots,
    slotCount: S,
    slotEquality,
    pairSlot: Int32Array.from(pairSlot),
    pairPhysicist: Int32Array.from(pairPhysicist),
    pairCost: Float64Array.from(
      pairSlot,
      (s, q) => (proximity / 100) * c.distance[(slots[s]! >> 1) * P + pairPhysicist[q]!]!,
    ),
    pairRowStart,
    pairRows,
    rowLower: Float64Array.from(rowLower),
    rowUpper: Float64Array.from(rowUpper),
    extraCost: Float64Array.from(extraCost),
    extraRow: Int32Array.from(extraRow),
    extraCoef: Float64Array.from(extraCoef),
    offset,
  };
}

/** The pair each local slot holds in `state` (-1 if none), by (slot, physicist). */
export function pairsOfState(model: RoleModel, state: SolutionState): Int32Array {
  const index = new Map<number, number>();
  for (let q = 0; q < model.pairSlot.length; q++)
    index.set(model.pairSlot[q]! * 65536 + model.pairPhysicist[q]!, q);
  const pairs = new Int32Array(model.slotCount).fill(-1);
  for (let s = 0; s < model.slotCount; s++) {
    const p = state.assign[model.slots[s]!]!;
    if (p >= 0) pairs[s] = index.get(s * 65536 + p) ?? -1;
  }
  return pairs;
}
