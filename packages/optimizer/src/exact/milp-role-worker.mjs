// HiGHS thread for one role's exact model (milp by role, milp-role.ts), plain
// JavaScript so Node loads it without a TypeScript loader. Each role gets its
// own thread and so its own 2 GiB WebAssembly heap.
//
// 1. Column generation on the role's LP: the rows are all there from the
//    start (slot rows, clique rows, balance rows, rotation rows, with the
//    balance and rotation columns); assignment columns x[s,p] enter when
//    their reduced cost is negative. Every round gives a Lagrangian bound
//    (the restricted LP's value plus, per slot, the least reduced cost over
//    all of its pairs), a valid lower bound on the role's MIP.
// 2. Told the incumbent (the parent's ALNS warm start), it keeps only the
//    pairs whose excess reduced cost is within (incumbent - bound): any
//    better solution uses none of the others. The MIP over the kept pairs is
//    then exact: its optimum is the role's optimum, and its dual bound (or the
//    Lagrangian bound) bounds the role's part of F.
import { parentPort, workerData } from 'node:worker_threads';
import loadHighs from 'highs';

const port = parentPort;
const job = workerData;
const stop = new Int32Array(job.stop);
const stopped = () => Atomics.load(stop, 0) !== 0;
const leftSec = () => (job.deadlineEpochMs - Date.now()) / 1000 - job.overshootSec;
const lpUntil = job.lpDeadlineEpochMs;

const highs = await loadHighs();
const K = highs.constants.modelStatus;
const CB = highs.constants.callbackType;
const INF = highs.infinity;

const S = job.slotCount;
const rows = job.rowLower.length;
const pairCount = job.pairSlot.length;
const inf = (v) => (v === Infinity ? INF : v === -Infinity ? -INF : v);

// The model: the fixed columns (balance d+ d-, rotation r) first, then x columns as they enter.
const fixedCols = job.extraCost.length;
const model = highs.createModel({
  numCols: fixedCols,
  numRows: rows,
  colCost: job.extraCost,
  colLower: new Float64Array(fixedCols),
  colUpper: new Float64Array(fixedCols).fill(INF),
  rowLower: Float64Array.from(job.rowLower, inf),
  rowUpper: Float64Array.from(job.rowUpper, inf),
  matrix: {
    format: 'csc',
    numRows: rows,
    numCols: fixedCols,
    starts: Int32Array.from({ length: fixedCols + 1 }, (_, k) => k),
    indices: job.extraRow,
    values: job.extraCoef,
  },
});
/** Column of each pair in the model, -1 while it is out. */
const colOf = new Int32Array(pairCount).fill(-1);
/** Pair of each x column (column fixedCols + i). */
const pairOfCol = [];

function addPairs(list) {
  if (list.length === 0) return;
  const starts = new Int32Array(list.length + 1);
  for (let i = 0; i < list.length; i++) {
    const q = list[i];
    starts[i + 1] = starts[i] + 1 + (job.pairRowStart[q + 1] - job.pairRowStart[q]);
  }
  const indices = new Int32Array(starts[list.length]);
  const values = new Float64Array(starts[list.length]).fill(1);
  const cost = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const q = list[i];
    let at = starts[i];
    indices[at++] = job.pairSlot[q];
    // Row indices of a column must ascend: slot rows come first in the layout, the rest are sorted.
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++)
      indices[at++] = job.pairRows[e];
    cost[i] = job.pairCost[q];
    colOf[q] = fixedCols + pairOfCol.length;
    pairOfCol.push(q);
  }
  model.addCols({
    cost,
    lower: new Float64Array(list.length),
    upper: new Float64Array(list.length).fill(INF),
    matrix: { format: 'csc', numRows: rows, numCols: list.length, starts, indices, values },
  });
}

const interrupt = {
  [CB.simplexInterrupt](event) {
    if (stopped()) event.interrupt();
  },
  [CB.mipInterrupt](event) {
    if (stopped()) event.interrupt();
  },
};

/** Stage 1 of the MIP keeps about this many pairs per slot, those of least excess reduced cost. */
const MIP_PAIRS_PER_SLOT = 4;
/** Stage 1's share of the time left. */
const STAGE1_SHARE = 0.35;
/** Pairs per slot that enter per round (the most negative reduced costs). */
const PER_SLOT = 3;
addPairs(Array.from(job.initialPairs));
let lagrangian = -Infinity;
let lpValue = NaN;
let rounds = 0;
let lpConverged = false;
let excess = null;
const rc = new Float64Array(pairCount);
model.options.set({
  output_flag: false,
  presolve: 'off',
  solver: 'simplex',
  random_seed: job.seed,
});
while (!stopped() && Date.now() < lpUntil) {
  model.options.set({ time_limit: Math.max(0.05, (lpUntil - Date.now()) / 1000) });
  const { modelStatus } = model.run(interrupt);
  if (modelStatus !== K.optimal) break;
  rounds++;
  const y = model.getSolution().rowDual;
  lpValue = model.getObjectiveValue();
  // Reduced cost of every pair: its cost less the duals of its rows.
  const best = new Float64Array(S).fill(Infinity);
  for (let q = 0; q < pairCount; q++) {
    let r = job.pairCost[q] - y[job.pairSlot[q]];
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++) r -= y[job.pairRows[e]];
    rc[q] = r;
    const s = job.pairSlot[q];
    if (r < best[s]) best[s] = r;
  }
  // Lagrangian bound with the slot rows kept: z_RMP - sum y_s + sum_s min over the slot's pairs of
  // (y_s + rc) (for a <= 1 slot row, also 0: the slot may stay empty).
  let bound = lpValue;
  for (let s = 0; s < S; s++) {
    const m = y[s] + best[s];
    bound += (job.slotEquality ? m : Math.min(0, m)) - y[s];
  }
  if (bound > lagrangian) lagrangian = bound;
  excess = { rc, best, y };
  port.postMessage({
    type: 'lp',
    rounds,
    lp: lpValue + job.offset,
    bound: lagrangian + job.offset,
  });
  // Price: per slot the PER_SLOT most negative pairs not yet in.
  const enter = [];
  const chosen = Array.from({ length: S }, () => []);
  for (let q = 0; q < pairCount; q++) {
    if (colOf[q] >= 0 || rc[q] > -1e-7) continue;
    const list = chosen[job.pairSlot[q]];
    list.push(q);
    if (list.length > PER_SLOT) {
      list.sort((a, b) => rc[a] - rc[b]);
      list.pop();
    }
  }
  for (const list of chosen) enter.push(...list);
  if (enter.length === 0) {
    lpConverged = true;
    break;
  }
  addPairs(enter);
}
port.postMessage({
  type: 'lp-done',
  rounds,
  converged: lpConverged,
  lp: lpValue + job.offset,
  bound: lagrangian + job.offset,
  columns: pairOfCol.length,
});

// Wait for the incumbent (pair per slot, -1 none) and the go-ahead for the MIP.
const order = await new Promise((resolve) => port.once('message', resolve));
let result = { status: 'not run', optimal: false, objective: null, mipBound: NaN, nodes: 0 };
let kept = 0;
let stages = 0;
let bestPairs = order.incumbent;
const incumbentValue = valueOf(order.incumbent);
let upperValue = incumbentValue;
let proven = false;
let coveredBound = -Infinity;
if (excess && !stopped() && leftSec() > 0.2) {
  // Excess of a pair over its slot's cheapest: a solution using it costs at least bound + excess.
  const ex = new Float64Array(pairCount);
  for (let q = 0; q < pairCount; q++) {
    const s = job.pairSlot[q];
    const least = job.slotEquality
      ? excess.y[s] + excess.best[s]
      : Math.min(0, excess.y[s] + excess.best[s]);
    ex[q] = excess.y[s] + excess.rc[q] - least;
  }
  // Stage 1 keeps the pairs of least excess (about MIP_PAIRS_PER_SLOT per slot) to find a near-optimal
  // incumbent fast; the room (incumbent - bound) then shrinks, and stage 2 keeps every pair within it.
  const sorted = Float64Array.from(ex).sort();
  const small = sorted[Math.min(pairCount - 1, MIP_PAIRS_PER_SLOT * S)] ?? Infinity;
  let delta = Math.min(small, upperValue - lagrangian);
  for (let stage = 1; stage <= 2 && !stopped() && leftSec() > 0.2; stage++) {
    const room = upperValue - lagrangian + 1e-6;
    if (stage === 2) delta = room;
    const last = delta >= room - 1e-9;
    stages = stage;
    const keep = new Uint8Array(pairCount);
    for (let q = 0; q < pairCount; q++) if (ex[q] <= delta + 1e-9) keep[q] = 1;
    for (const q of bestPairs) if (q >= 0) keep[q] = 1;
    const missing = [];
    for (let q = 0; q < pairCount; q++) if (keep[q] && colOf[q] < 0) missing.push(q);
    addPairs(missing);
    const n = fixedCols + pairOfCol.length;
    const upper = new Float64Array(pairOfCol.length);
    kept = 0;
    for (let i = 0; i < pairOfCol.length; i++) {
      upper[i] = keep[pairOfCol[i]] ? 1 : 0;
      kept += upper[i];
    }
    model.changeColsBounds(
      { kind: 'range', from: fixedCols, to: n - 1 },
      new Float64Array(pairOfCol.length),
      upper,
    );
    const types = new Int32Array(n);
    types.fill(1, fixedCols);
    model.changeColsIntegrality({ kind: 'range', from: 0, to: n - 1 }, types);
    model.setSolution({ colValue: columnsOf(bestPairs, n) });
    model.options.set({
      presolve: 'on',
      solver: 'choose',
      mip_rel_gap: job.mipRelGap,
      time_limit: Math.max(0.05, last ? leftSec() : Math.min(leftSec(), STAGE1_SHARE * leftSec())),
    });
    model.zeroAllClocks();
    const { modelStatus } = model.run({
      ...interrupt,
      [CB.mipImprovingSolution](event) {
        const x = event.data.mip_solution;
        if (x) port.postMessage({ type: 'incumbent', pairs: pairsOf(x) });
      },
    });
    const hasPrimal = model.info.get('primal_solution_status') === 2;
    if (hasPrimal) {
      const value = model.getObjectiveValue();
      if (value < upperValue) {
        upperValue = value;
        bestPairs = pairsOf(model.getSolution().colValue);
      }
    }
    result = {
      status: Object.keys(K).find((k) => K[k] === modelStatus) ?? String(modelStatus),
      optimal: modelStatus === K.optimal,
      objective: upperValue + job.offset,
      mipBound: model.info.get('mip_dual_bound') + job.offset,
      nodes: result.nodes + Number(model.info.get('mip_node_count')),
    };
    // The kept pairs cover every pair within the room of the incumbent now held: any better
    // solution is one of this MIP's, so its optimum is the role's and its dual bound bounds it.
    const covers = delta >= upperValue - lagrangian - 1e-9;
    if (covers) {
      proven = result.optimal;
      coveredBound = Math.min(result.mipBound, upperValue + job.offset);
      break;
    }
  }
}
port.postMessage({
  type: 'done',
  pairs: bestPairs,
  lagrangian: lagrangian + job.offset,
  incumbent: incumbentValue + job.offset,
  bound: proven ? upperValue + job.offset : Math.max(lagrangian + job.offset, coveredBound),
  kept,
  stages,
  ...result,
  optimal: proven,
});

/** x per column from a pair-per-slot list, with the balance and rotation columns that fit it. */
function columnsOf(pairs, n) {
  const col = new Float64Array(n);
  const activity = new Float64Array(rows);
  for (const q of pairs) {
    if (q < 0) continue;
    if (colOf[q] >= 0 && colOf[q] < n) col[colOf[q]] = 1;
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++)
      activity[job.pairRows[e]] += 1;
  }
  for (let k = 0; k < fixedCols; k++) {
    const row = job.extraRow[k];
    const coef = job.extraCoef[k];
    // Balance: act - d+ + d- = rhs; rotation: act - r <= upper.
    if (job.rowLower[row] === job.rowUpper[row]) {
      const diff = activity[row] - job.rowUpper[row];
      col[k] = coef < 0 ? Math.max(0, diff) : Math.max(0, -diff);
    } else col[k] = Math.max(0, activity[row] - job.rowUpper[row]);
  }
  return col;
}

/** The role's part of F (without the offset) of a pair-per-slot list. */
function valueOf(pairs) {
  const col = columnsOf(pairs, fixedCols);
  let total = 0;
  for (let k = 0; k < fixedCols; k++) total += job.extraCost[k] * col[k];
  for (const q of pairs) if (q >= 0) total += job.pairCost[q];
  return total;
}

function pairsOf(x) {
  const pairs = new Int32Array(S).fill(-1);
  for (let i = 0; i < pairOfCol.length; i++)
    if (x[fixedCols + i] > 0.5) pairs[job.pairSlot[pairOfCol[i]]] = pairOfCol[i];
  return pairs;
}
