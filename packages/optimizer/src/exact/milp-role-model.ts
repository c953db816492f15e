import { stabilityWeight } from '@meridian/domain';
import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';

/**
 * One role's exact model for milp by role (milp-role.ts), as flat arrays for
 * its HiGHS thread (milp-role-worker.ts). F separates by role: every term
 * sums over slots (miles, coverage) or over physicists (balance, rotation),
 * and each physicist has one role, so the lead and data-acq problems are
 * independent. Rows, all with coefficient 1 for an assignment x[s,p]:
 *
 *   [0, S)        slot s: sum_p x[s,p] = 1 (every fillable slot is filled) or <= 1
 *   cliques       sum_{j in K} x[j,p] <= 1 per maximal clique K of p's overlapping jobs
 *   balance       sum_j x[j,p] + below_p - within_p - above_p = k_p
 *   rotation      sum_{j of c} x[j,p] - r_pc <= 1 - m0_pc
 *
 * Balance is the convex hull of |n - g| over whole loads n (g = t_p - n0_p,
 * k = floor(g), f = g - k): the load n = k - below + within + above with
 * within in [0, 1], costing w_B (f + below + (1 - 2f) within + above). At a
 * whole n it is |n - g| exactly; at a fractional n it is the chord between
 * k and k + 1, above the |n - g| of d+ + d- (which is 0 at n = g). So the
 * LP bound counts the balance no whole load can avoid (up to w_B / 2 per
 * physicist) and the model is the same MIP.
 *
 * The HiGHS thread adds the rows it needs as it goes (slot and balance rows
 * first, a clique or rotation row when broken); a pair lists its rows other
 * than its slot row in ascending order.
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
  /**
   * The balance and rotation columns: cost, their one row, coefficient and
   * upper bound (0 below). A row's columns of coefficient -1 come in the
   * order they fill (within before above).
   */
  readonly extraCost: Float64Array;
  readonly extraRow: Int32Array;
  readonly extraCoef: Float64Array;
  readonly extraUpper: Float64Array;
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
  const wStability = stabilityWeight(c.weights);
  const slots = Int32Array.from(fillable.filter((slot) => (slot & 1) === role));
  const S = slots.length;
  // Pairs in slot order; byPhysicist lists each physicist's pairs (CSR), built with flat arrays:
  // a year has about 280,000 pairs per role, too many for an array per pair.
  const pairSlot: number[] = [];
  const pairPhysicist: number[] = [];
  for (let s = 0; s < S; s++) {
    const slot = slots[s]!;
    for (const p of slotCandidates(c, slot)) {
      if (!fixed.isFree(p, slot >> 1)) continue;
      pairSlot.push(s);
      pairPhysicist.push(p);
    }
  }
  const Q = pairSlot.length;
  const pairJob = Int32Array.from(pairSlot, (s) => slots[s]! >> 1);
  const byPhysicistStart = new Int32Array(P + 1);
  for (let q = 0; q < Q; q++) byPhysicistStart[pairPhysicist[q]! + 1]!++;
  for (let p = 0; p < P; p++) byPhysicistStart[p + 1]! += byPhysicistStart[p]!;
  // Each physicist's pairs by first day, then slot (a counting sort on the day, stable).
  const byDay = new Int32Array(Q);
  {
    const dayStart = new Int32Array(c.horizonDays + 1);
    for (let q = 0; q < Q; q++) dayStart[c.jobFirstDay[pairJob[q]!]! + 1]!++;
    for (let d = 0; d < c.horizonDays; d++) dayStart[d + 1]! += dayStart[d]!;
    const ordered = new Int32Array(Q);
    for (let q = 0; q < Q; q++) ordered[dayStart[c.jobFirstDay[pairJob[q]!]!]!++] = q;
    const next = byPhysicistStart.slice(0, P);
    for (const q of ordered) byDay[next[pairPhysicist[q]!]!++] = q;
  }
  // The rows of each pair besides its slot row, as (pair, row) edges in ascending row order per pair.
  const edgePair: number[] = [];
  const edgeRow: number[] = [];
  const rowLower: number[] = new Array<number>(S).fill(slotEquality ? 1 : -Infinity);
  const rowUpper: number[] = new Array<number>(S).fill(1);
  const addRow = (lo: number, hi: number) => {
    rowLower.push(lo);
    rowUpper.push(hi);
    return rowLower.length - 1;
  };

  // Maximal cliques of each physicist's jobs (interval graph: the jobs covering
  // a first day form a maximal set when one of them ends before the next first day).
  const active: number[] = [];
  for (let p = 0; p < P; p++) {
    const from = byPhysicistStart[p]!;
    const to = byPhysicistStart[p + 1]!;
    active.length = 0;
    for (let i = from; i < to;) {
      const day = c.jobFirstDay[pairJob[byDay[i]!]!]!;
      while (i < to && c.jobFirstDay[pairJob[byDay[i]!]!]! === day) active.push(byDay[i++]!);
      let kept = 0;
      let endsBeforeNext = false;
      const next = i < to ? c.jobFirstDay[pairJob[byDay[i]!]!]! : Infinity;
      for (const q of active) {
        const last = c.jobLastDay[pairJob[q]!]!;
        if (last < day) continue;
        active[kept++] = q;
        if (last < next) endsBeforeNext = true;
      }
      active.length = kept;
      if (kept >= 2 && endsBeforeNext) {
        const row = addRow(-Infinity, 1);
        for (const q of active) {
          edgePair.push(q);
          edgeRow.push(row);
        }
      }
    }
  }

  const extraCost: number[] = [];
  const extraRow: number[] = [];
  const extraCoef: number[] = [];
  const extraUpper: number[] = [];
  const addColumn = (cost: number, row: number, coef: number, upper = Infinity) => {
    extraCost.push(cost);
    extraRow.push(row);
    extraCoef.push(coef);
    extraUpper.push(upper);
  };
  let offset = 0;
  // F' adds stability for each planned slot of this role, less what each pair that keeps its
  // planned physicist saves (stabilityAndPreferenceCost), and preference per avoided day.
  const sp = c.stabilityAndPreferenceCost;
  if (sp) {
    for (let s = role; s < c.jobCount * 2; s += 2) if (c.planned[s]! >= 0) offset += wStability;
  }
  for (let s = 0; s < c.jobCount * 2; s++)
    if ((s & 1) === role && fixed.assign[s]! >= 0) {
      const at = (s >> 1) * P + fixed.assign[s]!;
      offset += (proximity / 100) * c.distance[at]! + (sp ? sp[at]! : 0);
    }
  for (let p = 0; p < P; p++) {
    if (c.physicistRole[p] !== role) continue;
    const goal = c.target[p]! - fixed.load[p]!;
    const k = Math.floor(goal);
    const f = goal - k;
    const row = addRow(k, k);
    for (let i = byPhysicistStart[p]!; i < byPhysicistStart[p + 1]!; i++) {
      edgePair.push(byDay[i]!);
      edgeRow.push(row);
    }
    offset += wB * f;
    addColumn(wB, row, 1); // below k
    addColumn(wB * (1 - 2 * f), row, -1, 1); // within [k, k + 1]
    addColumn(wB, row, -1); // above k + 1
  }
  const perCustomer = new Int32Array(C);
  const customerRow = new Int32Array(C);
  for (let p = 0; p < P; p++) {
    if (c.physicistRole[p] !== role) continue;
    const from = byPhysicistStart[p]!;
    const to = byPhysicistStart[p + 1]!;
    perCustomer.fill(0);
    for (let i = from; i < to; i++) perCustomer[c.jobCustomer[pairJob[byDay[i]!]!]!]!++;
    for (let cust = 0; cust < C; cust++) {
      const m0 = fixed.visits[p * C + cust]!;
      customerRow[cust] = -1;
      if (perCustomer[cust] === 0) {
        offset += wR * Math.max(0, m0 - 1);
        continue;
      }
      if (m0 === 0 && perCustomer[cust]! < 2) continue;
      customerRow[cust] = addRow(-Infinity, 1 - m0);
      addColumn(wR, customerRow[cust]!, -1);
    }
    for (let i = from; i < to; i++) {
      const q = byDay[i]!;
      const row = customerRow[c.jobCustomer[pairJob[q]!]!]!;
      if (row < 0) continue;
      edgePair.push(q);
      edgeRow.push(row);
    }
  }

  // Edges were added clique rows first, then balance, then rotation rows, each kind in ascending
  // row order per pair; a stable counting sort by pair keeps that order.
  const pairRowStart = new Int32Array(Q + 1);
  for (const q of edgePair) pairRowStart[q + 1]!++;
  for (let q = 0; q < Q; q++) pairRowStart[q + 1]! += pairRowStart[q]!;
  const pairRows = new Int32Array(edgePair.length);
  const fill = pairRowStart.slice(0, Q);
  for (let e = 0; e < edgePair.length; e++) pairRows[fill[edgePair[e]!]!++] = edgeRow[e]!;
  return {
    role,
    slots,
    slotCount: S,
    slotEquality,
    pairSlot: Int32Array.from(pairSlot),
    pairPhysicist: Int32Array.from(pairPhysicist),
    pairCost: Float64Array.from(pairSlot, (s, q) => {
      const at = (slots[s]! >> 1) * P + pairPhysicist[q]!;
      return (proximity / 100) * c.distance[at]! + (sp ? sp[at]! : 0);
    }),
    pairRowStart,
    pairRows,
    rowLower: Float64Array.from(rowLower),
    rowUpper: Float64Array.from(rowUpper),
    extraCost: Float64Array.from(extraCost),
    extraRow: Int32Array.from(extraRow),
    extraCoef: Float64Array.from(extraCoef),
    extraUpper: Float64Array.from(extraUpper),
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
