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
  const { xs, fillable } = modelPairs(c, jobs, fixed, tweak);
  const xCount = xs.length;
  const rows: Row[] = [];
  const byPhysicist = addSlotAndCliqueRows(c, xs, rows);
  const balanceCol = xCount;
  // The fixed part's miles, and its share of S and P (x on a planned physicist then saves
  // stability through stabilityAndPreferenceCost, see CompiledInstance).
  const fixedPart = (c.weights.proximity / 100) * fixed.distanceMiles + (fixed.total - fixed.f);
  addBalanceRows(c, fixed, byPhysicist, balanceCol, rows);
  const { rotation, numCols, offset } = addRotationRows(
    c,
    fixed,
    xs,
    byPhysicist,
    rows,
    xCount + 2 * P,
    fixedPart,
  );
  return {
    numCols,
    numRows: rows.length,
    xCount,
    xSlot: Int32Array.from(xs, (x) => x.slot),
    xPhysicist: Int32Array.from(xs, (x) => x.p),
    ...modelColumns(c, xs, numCols, rotation, tweak),
    rowLower: Float64Array.from(rows, (r) => r.lo),
    rowUpper: Float64Array.from(rows, (r) => r.hi),
    ...csrRows(rows),
    offset,
    fixedEmpty: fixed.unassigned - fillable.size,
    fillableSlots: fillable.size,
    balanceCol,
    rotation,
  };
}

/** A column x[s,p] of the model. */
interface Pair {
  readonly slot: number;
  readonly p: number;
}
/** A row: bounds and its nonzeros. */
interface Row {
  readonly lo: number;
  readonly hi: number;
  readonly idx: number[];
  readonly val: number[];
}
type Rotation = MilpModel['rotation'][number];

/** The x columns, grouped by slot: each open slot of W with each eligible physicist free of fixed work. */
function modelPairs(
  c: CompiledInstance,
  jobs: readonly number[],
  fixed: SolutionState,
  tweak: ModelTweak,
): { xs: Pair[]; fillable: Set<number> } {
  const xs: Pair[] = [];
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
  return { xs, fillable };
}

/** One physicist per slot, then each physicist's maximal cliques; answers each physicist's x columns. */
function addSlotAndCliqueRows(c: CompiledInstance, xs: readonly Pair[], rows: Row[]): number[][] {
  const ones = (idx: number[]): Row => ({ lo: -Infinity, hi: 1, idx, val: idx.map(() => 1) });
  // xs are grouped by slot.
  for (let k = 0; k < xs.length;) {
    const slot = xs[k]!.slot;
    const idx: number[] = [];
    while (k < xs.length && xs[k]!.slot === slot) idx.push(k++);
    if (idx.length > 1) rows.push(ones(idx));
  }
  const byPhysicist: number[][] = Array.from({ length: c.physicistCount }, () => []);
  xs.forEach((x, k) => byPhysicist[x.p]!.push(k));
  for (let p = 0; p < c.physicistCount; p++) {
    for (const clique of maximalCliques(c, byPhysicist[p]!, xs)) rows.push(ones(clique));
  }
  return byPhysicist;
}

/** n0_p + sum_j x[j,p] - dplus_p + dminus_p = t_p for each physicist. */
function addBalanceRows(
  c: CompiledInstance,
  fixed: SolutionState,
  byPhysicist: readonly number[][],
  balanceCol: number,
  rows: Row[],
): void {
  for (let p = 0; p < c.physicistCount; p++) {
    const idx = [...byPhysicist[p]!, balanceCol + 2 * p, balanceCol + 2 * p + 1];
    const rhs = c.target[p]! - fixed.load[p]!;
    rows.push({ lo: rhs, hi: rhs, idx, val: [...byPhysicist[p]!.map(() => 1), -1, 1] });
  }
}

/**
 * A rotation row and column r_pc per physicist and customer that a second
 * visit could reach, columns numbered from `firstCol`; a customer with no x
 * adds its fixed visits' rotation to `offset`, in order.
 */
function addRotationRows(
  c: CompiledInstance,
  fixed: SolutionState,
  xs: readonly Pair[],
  byPhysicist: readonly number[][],
  rows: Row[],
  firstCol: number,
  offset: number,
): { rotation: Rotation[]; numCols: number; offset: number } {
  const C = c.customerCount;
  const wR = c.weights.staff_rotation;
  const rotation: Rotation[] = [];
  let numCols = firstCol;
  for (let p = 0; p < c.physicistCount; p++) {
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
      rows.push({
        lo: -Infinity,
        hi: 1 - m0,
        idx: [...list, col],
        val: [...list.map(() => 1), -1],
      });
    }
  }
  return { rotation, numCols, offset };
}

/** Costs, bounds and integrality of every column: x binary, dplus/dminus and r continuous. */
function modelColumns(
  c: CompiledInstance,
  xs: readonly Pair[],
  numCols: number,
  rotation: readonly Rotation[],
  tweak: ModelTweak,
) {
  const P = c.physicistCount;
  const { proximity, job_balance: wB, staff_rotation: wR } = c.weights;
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
  for (let k = xs.length; k < xs.length + 2 * P; k++) colCost[k] = wB;
  for (const r of rotation) colCost[r.col] = wR;
  return { colCost, colLower, colUpper, integrality };
}

/** The rows' nonzeros in compressed sparse row form. */
function csrRows(rows: readonly Row[]) {
  const starts = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => (starts[i + 1] = starts[i]! + r.idx.length));
  const indices = new Int32Array(starts[rows.length]!);
  const values = new Float64Array(starts[rows.length]!);
  rows.forEach((r, i) => {
    indices.set(r.idx, starts[i]);
    values.set(r.val, starts[i]);
  });
  return { starts, indices, values };
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
