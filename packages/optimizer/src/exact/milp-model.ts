import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';

/**
 * The exact model of docs/optimization.md over a set of jobs W, with every slot
 * outside W (and every pinned slot) held fixed by `fixed`:
 *
 *   x[s,p] in {0,1} for open slots s of W and eligible p free of fixed work;
 *   sum_p x[s,p] <= 1                               (one physicist per slot)
 *   sum_{j in K} x[j,p] <= 1  for each maximal clique K of p's overlapping jobs
 *   n0_p + sum_j x[j,p] - dplus_p + dminus_p = t_p  (|n_p - t_p| linearised)
 *   m0_pc + sum_{j of c} x[j,p] - r_pc <= 1, r_pc >= 0  (rotation max(0, m_pc - 1))
 *
 * Rest objective: (proximity/100 * d + sp) * x + job_balance *
 * (dplus + dminus) + staff_rotation * r, plus the fixed part as an offset
 * (sp: the stability and preference terms of F', stabilityAndPreferenceCost
 * of CompiledInstance). Coverage is sum x, handled lexicographically by the
 * runner.
 */
export interface MilpModel {
  readonly numCols: number;
  readonly numRows: number;
  /** Columns [0, xCount) are the binaries x. */
  readonly xCount: number;
  readonly xSlot: Int32Array;
  readonly xPhysicist: Int32Array;
  readonly colCost: Float64Array;
  readonly colLower: Float64Array;
  readonly colUpper: Float64Array;
  readonly integrality: Int32Array;
  readonly rowLower: Float64Array;
  readonly rowUpper: Float64Array;
  /** CSR rows. */
  readonly starts: Int32Array;
  readonly indices: Int32Array;
  readonly values: Float64Array;
  /** Rest objective of the fixed part (miles, balance of physicists without x, rotation). */
  readonly offset: number;
  /** Empty slots of `fixed` that no x can fill (they stay empty whatever the solver does). */
  readonly fixedEmpty: number;
  /** Slots of W that have at least one x (the most coverage can add). */
  readonly fillableSlots: number;
  /** Index of the balance columns dplus_p, dminus_p for physicist p: balanceCol + 2p (+1). */
  readonly balanceCol: number;
  /** Rotation columns: (physicist, customer, column) triples. */
  readonly rotation: readonly { p: number; c: number; col: number }[];
}

/** Optional changes for predict_then_optimize: keep only some candidates, add a learned cost. */
export interface ModelTweak {
  readonly allow?: (slot: number, p: number) => boolean;
  readonly extraCost?: (slot: number, p: number) => number;
}

/** Builds the model over jobs W; `fixed` must hold no assignment on W's open slots. */
export function buildMilpModel(
  c: CompiledInstance,
  jobs: readonly number[],
  fixed: SolutionState,
  tweak: ModelTweak = {},
): MilpModel {
  const P = c.physicistCount;
  const C = c.customerCount;
  const { proximity, job_balance: wB, staff_rotation: wR } = c.weights;
  const xs: { slot: number; p: number }[] = [];
  const fillable = new Set<number>();
  for (const j of jobs) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * j + role;
      if (c.pinned[slot]! >= 0) continue;
      for (const p of slotCandidates(c, slot)) {
        if (!fixed.isFree(p, j) || (tweak.allow && !tweak.allow(slot, p))) continue;
        xs.push({ slot, p });
        fillable.add(slot);
      }
    }
  }
  const xCount = xs.length;
  const rows: { lo: number; hi: number; idx: number[]; val: number[] }[] = [];
  const addRow = (lo: number, hi: number, idx: number[], val: number[]) =>
    rows.push({ lo, hi, idx, val });

  // One physicist per slot (xs are grouped by slot).
  for (let k = 0; k < xCount;) {
    const slot = xs[k]!.slot;
    const idx: number[] = [];
    while (k < xCount && xs[k]!.slot === slot) idx.push(k++);
    if (idx.length > 1)
      addRow(
        -Infinity,
        1,
        idx,
        idx.map(() => 1),
      );
  }

  // Per physicist: their x columns, then maximal cliques of overlapping jobs.
  const byPhysicist: number[][] = Array.from({ length: P }, () => []);
  xs.forEach((x, k) => byPhysicist[x.p]!.push(k));
  for (let p = 0; p < P; p++) {
    for (const clique of maximalCliques(c, byPhysicist[p]!, xs))
      addRow(
        -Infinity,
        1,
        clique,
        clique.map(() => 1),
      );
  }

  const balanceCol = xCount;
  let numCols = xCount + 2 * P;
  // The fixed part's miles, and its share of S and P (x on a planned physicist then saves
  // stability through stabilityAndPreferenceCost, see CompiledInstance).
  let offset = (proximity / 100) * fixed.distanceMiles + (fixed.total - fixed.f);
  for (let p = 0; p < P; p++) {
    const idx = [...byPhysicist[p]!, balanceCol + 2 * p, balanceCol + 2 * p + 1];
    const rhs = c.target[p]! - fixed.load[p]!;
    addRow(rhs, rhs, idx, [...byPhysicist[p]!.map(() => 1), -1, 1]);
  }

  const rotation: { p: number; c: number; col: number }[] = [];
  for (let p = 0; p < P; p++) {
    const byCustomer = new Map<number, number[]>();
    for (const k of byPhysicist[p]!) {
      const cust = c.jobCustomer[xs[k]!.slot >> 1]!;
      byCustomer.set(cust, [...(byCustomer.get(cust) ?? []), k]);
    }
    for (let cust = 0; cust < C; cust++) {
      const m0 = fixed.visits[p * C + cust]!;
      const list = byCustomer.get(cust);
      if (!list) {
        offset += wR * Math.max(0, m0 - 1);
        continue;
      }
      if (m0 === 0 && list.length < 2) continue;
      const col = numCols++;
      rotation.push({ p, c: cust, col });
      addRow(-Infinity, 1 - m0, [...list, col], [...list.map(() => 1), -1]);
    }
  }

  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols).fill(Infinity);
  const integrality = new Int32Array(numCols);
  xs.forEach((x, k) => {
    colCost[k] =
      (proximity / 100) * c.distance[(x.slot >> 1) * P + x.p]! +
      (c.stabilityAndPreferenceCost?.[(x.slot >> 1) * P + x.p] ?? 0) +
      (tweak.extraCost?.(x.slot, x.p) ?? 0);
    colUpper[k] = 1;
    integrality[k] = 1;
  });
  for (let k = xCount; k < xCount + 2 * P; k++) colCost[k] = wB;
  for (const r of rotation) colCost[r.col] = wR;

  const starts = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => (starts[i + 1] = starts[i]! + r.idx.length));
  const indices = new Int32Array(starts[rows.length]!);
  const values = new Float64Array(starts[rows.length]!);
  rows.forEach((r, i) => {
    indices.set(r.idx, starts[i]);
    values.set(r.val, starts[i]);
  });
  return {
    numCols,
    numRows: rows.length,
    xCount,
    xSlot: Int32Array.from(xs, (x) => x.slot),
    xPhysicist: Int32Array.from(xs, (x) => x.p),
    colCost,
    colLower,
    colUpper,
    integrality,
    rowLower: Float64Array.from(rows, (r) => r.lo),
    rowUpper: Float64Array.from(rows, (r) => r.hi),
    starts,
    indices,
    values,
    offset,
    fixedEmpty: fixed.unassigned - fillable.size,
    fillableSlots: fillable.size,
    balanceCol,
    rotation,
  };
}

/**
 * Maximal cliques of an interval graph: at each distinct first day s, the
 * jobs that cover s; that set is maximal when one of its jobs ends before the
 * next distinct first day (otherwise the next set contains it).
 */
function maximalCliques(
  c: CompiledInstance,
  cols: readonly number[],
  xs: readonly { slot: number }[],
): number[][] {
  const items = cols
    .map((k) => ({
      k,
      first: c.jobFirstDay[xs[k]!.slot >> 1]!,
      last: c.jobLastDay[xs[k]!.slot >> 1]!,
    }))
    .sort((a, b) => a.first - b.first);
  const starts = [...new Set(items.map((i) => i.first))];
  const cliques: number[][] = [];
  for (let s = 0; s < starts.length; s++) {
    const day = starts[s]!;
    const nextStart = starts[s + 1] ?? Infinity;
    const active = items.filter((i) => i.first <= day && i.last >= day);
    if (active.length < 2) continue;
    if (active.some((i) => i.last < nextStart)) cliques.push(active.map((i) => i.k));
  }
  return cliques;
}

/** A complete column vector (x plus consistent dplus/dminus/r) for a state's assignment on W. */
export function columnsFromState(
  model: MilpModel,
  c: CompiledInstance,
  state: SolutionState,
): Float64Array {
  const col = new Float64Array(model.numCols);
  for (let k = 0; k < model.xCount; k++)
    col[k] = state.assign[model.xSlot[k]!] === model.xPhysicist[k] ? 1 : 0;
  for (let p = 0; p < c.physicistCount; p++) {
    const diff = state.load[p]! - c.target[p]!;
    col[model.balanceCol + 2 * p] = Math.max(0, diff);
    col[model.balanceCol + 2 * p + 1] = Math.max(0, -diff);
  }
  for (const r of model.rotation)
    col[r.col] = Math.max(0, state.visits[r.p * c.customerCount + r.c]! - 1);
  return col;
}
