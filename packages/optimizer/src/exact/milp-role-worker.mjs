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
//    Lagrangian bound) bounds the role's part of F. Before it, small sub-MIPs
//    bring the incumbent near the optimum, which shrinks that room: an LP dive
//    (the slots the LP fills whole fixed) and RINS (fixed where the LP and the
//    incumbent agree).
// 3. Every HiGHS run stops where a replay stops it again, without the clock
//    (milp-role-stops.mjs): a replay of its recipe gives the same incumbents.
/* eslint-disable security/detect-object-injection -- every index is a number into arrays this thread builds from the model it was sent */
import { appendFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import loadHighs from 'highs';
import { replayableRuns } from './milp-role-stops.mjs';

const port = parentPort;
const job = workerData;
const stop = new Int32Array(job.stop);
const replay = job.replay ?? null;
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

// Rows enter the HiGHS model lazily. The slot and balance rows (with the
// balance columns d+ d-) are there from the start; a clique or rotation row
// (with its rotation column r) enters when the LP's solution breaks it, and
// before the MIP every row its kept pairs could break enters. A row left out
// is a constraint relaxed with multiplier 0, so every Lagrangian bound stays
// valid; when no row is broken and no pair prices out, the restricted LP is
// the whole LP. At a year (4,000 jobs) each role has about 105,000 rows, of
// which the LP needs a small share: with all of them one simplex took 40 s.
const none = () => new Float64Array(0);
const model = highs.createModel({
  numCols: 0,
  numRows: 0,
  colCost: none(),
  colLower: none(),
  colUpper: none(),
  rowLower: none(),
  rowUpper: none(),
  matrix: {
    format: 'csc',
    numRows: 0,
    numCols: 0,
    starts: new Int32Array(1),
    indices: new Int32Array(0),
    values: none(),
  },
});
/** HiGHS row of each model row, -1 while it is out. */
const hrow = new Int32Array(rows).fill(-1);
let hrowCount = 0;
/** Column of each pair in the model, -1 while it is out. */
const colOf = new Int32Array(pairCount).fill(-1);
/** What each HiGHS column is: a pair q >= 0, or the extra column k as -1 - k. */
const colWhat = [];
const extraCount = job.extraCost.length;
/** Extra columns (balance d+ d-, rotation r) of each model row. */
const extrasOfRow = Array.from({ length: rows }, () => []);
for (let k = 0; k < extraCount; k++) extrasOfRow[job.extraRow[k]].push(k);
/** The pairs of each non-slot row (CSR), to give a row entering late its present columns. */
const rowPairStart = new Int32Array(rows + 1);
for (let e = 0; e < job.pairRows.length; e++) rowPairStart[job.pairRows[e] + 1]++;
for (let r = 0; r < rows; r++) rowPairStart[r + 1] += rowPairStart[r];
const rowPairs = new Int32Array(job.pairRows.length);
{
  const next = rowPairStart.slice(0, rows);
  for (let q = 0; q < pairCount; q++)
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++)
      rowPairs[next[job.pairRows[e]]++] = q;
}

/**
 * Adds model rows (each with its present pair columns; a slot or balance row
 * has none of its own here), then their extra columns.
 */
function addRows(list) {
  if (list.length === 0) return;
  const starts = new Int32Array(list.length + 1);
  const indices = [];
  for (let i = 0; i < list.length; i++) {
    const r = list[i];
    for (let e = rowPairStart[r]; e < rowPairStart[r + 1]; e++) {
      const q = rowPairs[e];
      if (colOf[q] >= 0) indices.push(colOf[q]);
    }
    starts[i + 1] = indices.length;
  }
  model.addRows({
    lower: Float64Array.from(list, (r) => inf(job.rowLower[r])),
    upper: Float64Array.from(list, (r) => inf(job.rowUpper[r])),
    matrix: {
      format: 'csr',
      numRows: list.length,
      numCols: colWhat.length,
      starts,
      indices: Int32Array.from(indices),
      values: new Float64Array(indices.length).fill(1),
    },
  });
  const extras = [];
  for (const r of list) {
    hrow[r] = hrowCount++;
    extras.push(...extrasOfRow[r]);
  }
  if (extras.length === 0) return;
  model.addCols({
    cost: Float64Array.from(extras, (k) => job.extraCost[k]),
    lower: new Float64Array(extras.length),
    upper: Float64Array.from(extras, (k) => inf(job.extraUpper[k])),
    matrix: {
      format: 'csc',
      numRows: hrowCount,
      numCols: extras.length,
      starts: Int32Array.from({ length: extras.length + 1 }, (_, i) => i),
      indices: Int32Array.from(extras, (k) => hrow[job.extraRow[k]]),
      values: Float64Array.from(extras, (k) => job.extraCoef[k]),
    },
  });
  for (const k of extras) colWhat.push(-1 - k);
}

function addPairs(list) {
  if (list.length === 0) return;
  const starts = new Int32Array(list.length + 1);
  const indices = [];
  const cost = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const q = list[i];
    const present = [hrow[job.pairSlot[q]]];
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++)
      if (hrow[job.pairRows[e]] >= 0) present.push(hrow[job.pairRows[e]]);
    // Row indices of a column ascend.
    present.sort((x, y) => x - y);
    indices.push(...present);
    starts[i + 1] = indices.length;
    cost[i] = job.pairCost[q];
    colOf[q] = colWhat.length;
    colWhat.push(q);
  }
  model.addCols({
    cost,
    lower: new Float64Array(list.length),
    upper: new Float64Array(list.length).fill(INF),
    matrix: {
      format: 'csc',
      numRows: hrowCount,
      numCols: list.length,
      starts,
      indices: Int32Array.from(indices),
      values: new Float64Array(indices.length).fill(1),
    },
  });
}

/**
 * The clique and rotation rows not yet in HiGHS that pair values break
 * (`valueOfPair(q)`: an LP's x, or 1 for each pair a MIP keeps, so that the
 * rows those pairs could break together are found).
 */
function brokenRows(valueOfPair) {
  const activity = new Float64Array(rows);
  for (let q = 0; q < pairCount; q++) {
    const v = valueOfPair(q);
    if (v <= 1e-9) continue;
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++) {
      const r = job.pairRows[e];
      if (hrow[r] < 0) activity[r] += v;
    }
  }
  const broken = [];
  for (let r = S; r < rows; r++)
    if (hrow[r] < 0 && activity[r] > job.rowUpper[r] + 1e-6) broken.push(r);
  return broken;
}

{
  const always = [];
  for (let r = 0; r < rows; r++) if (r < S || job.rowLower[r] === job.rowUpper[r]) always.push(r);
  // The first rows, before any pair column: slot rows by position, then the balance rows.
  addRows(always);
}

// MERIDIAN_MILP_LOG=FILE appends HiGHS's own log, each line with the role and the seconds since the
// thread began, to FILE: where a MIP spends its time (presolve, root LP, cuts, branching). Logging
// changes no decision of HiGHS's and no interrupt callback, so a run logs as it runs without it.
const logFile = process.env.MERIDIAN_MILP_LOG;
const began = Date.now();
const logging = logFile
  ? {
      [CB.logging](event) {
        const at = ((Date.now() - began) / 1000).toFixed(1);
        const text = String(event.message ?? '').trimEnd();
        // eslint-disable-next-line security/detect-non-literal-fs-filename -- the log file the person running the solver named
        if (text) appendFileSync(logFile, `${job.role === 0 ? 'lead' : 'dacq'} ${at}s ${text}\n`);
      },
    }
  : {};
/** A line of the thread's own in that log. */
const note = (text) => logging[CB.logging]?.({ message: `# ${text}` });
// Every HiGHS run stops where a replay can stop it again (milp-role-stops.mjs). No time limit of
// HiGHS's own: it hands what is left of it to its sub-MIPs (RINS, RENS), which stop on it where no
// callback sees them, so a run cut there streamed a worse incumbent than its replay (which has no
// limit) at the same count (seen in CI under load: the replay's F 4.2 lower). The parent's
// termination at its deadline is then the only stop between callbacks, and it is replayable.
const runs = replayableRuns(model, { replay, stopped, port, K, CB, logging, backupLimit: false });

/** Stage 1 of the MIP keeps about this many pairs per slot, those of least excess reduced cost. */
const MIP_PAIRS_PER_SLOT = 4;
/** Stage 1's share of the time left. */
const STAGE1_SHARE = 0.35;
/**
 * When the pairs within the room of the incumbent stage 1 starts from are
 * more than this share of all pairs, stage 1 gets the whole time: a stage 2
 * over (nearly) every pair cannot finish (the year's lead: all 276,402
 * pairs, 1.37 million nonzeros, no node in 58 s), while stage 1 on its
 * small set keeps finding better incumbents (F) and may still prove its
 * role when the room it leaves is covered.
 */
const HOPELESS_SHARE = 0.5;
/** RINS runs before stage 1 (after the LP dive), each from the incumbent the one before it improved. */
const RINS_ROUNDS = 4;
/** Each RINS run's share of the time left. */
const RINS_SHARE = 0.15;
/** The LP dive's share of the time left (its sub-MIP is over the LP's fractional slots only). */
const DIVE_SHARE = 0.1;
/** An LP value within this of 1 counts as whole (RINS fixes the slot), above it as in the support. */
const RINS_WHOLE = 1e-6;
/** Pairs per slot that enter per round (the most negative reduced costs). */
const PER_SLOT = 3;
addPairs(Array.from(job.initialPairs));
let lagrangian = -Infinity;
let lpValue = NaN;
let rounds = 0;
let lpConverged = false;
let excess = null;
const rc = new Float64Array(pairCount);
/** Each pair's value in the last LP solved (0 for a pair not in it): RINS compares the incumbent with it. */
const lpX = new Float64Array(pairCount);
model.options.set({
  output_flag: Boolean(logFile),
  log_to_console: false,
  presolve: 'off',
  solver: 'simplex',
  random_seed: job.seed,
});
/** Model row duals from HiGHS's (0 for a row not in the model). */
const yFull = new Float64Array(rows);
while (
  !stopped() &&
  !runs.killed &&
  (replay ? runs.lpRuns < replay.lpRuns : Date.now() < lpUntil)
) {
  runs.lpRuns++;
  const { modelStatus } = runs.run(lpUntil);
  if (modelStatus !== K.optimal) break;
  rounds++;
  const solution = model.getSolution();
  const yh = solution.rowDual;
  for (let r = 0; r < rows; r++) yFull[r] = hrow[r] >= 0 ? yh[hrow[r]] : 0;
  const y = yFull;
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
  // (y_s + rc) (for a <= 1 slot row, also 0: the slot may stay empty). Rows not in the model
  // have multiplier 0, which is valid.
  let bound = lpValue;
  for (let s = 0; s < S; s++) {
    const m = y[s] + best[s];
    bound += (job.slotEquality ? m : Math.min(0, m)) - y[s];
  }
  if (bound > lagrangian) lagrangian = bound;
  // The reduced costs the MIP's pair filter uses go with this round's bound, not the best one.
  excess = { rc: rc.slice(), best, y: y.slice(0, S), bound };
  note(
    `LP round ${rounds}: LP ${lpValue + job.offset}, bound ${lagrangian + job.offset}, columns ${colWhat.length}, rows ${hrowCount}`,
  );
  port.postMessage({
    type: 'lp',
    rounds,
    lp: lpValue + job.offset,
    bound: lagrangian + job.offset,
  });
  // Rows the LP's solution breaks enter.
  const x = solution.colValue;
  lpX.fill(0);
  for (let i = 0; i < colWhat.length; i++) if (colWhat[i] >= 0) lpX[colWhat[i]] = x[i];
  const broken = brokenRows((q) => (colOf[q] >= 0 ? x[colOf[q]] : 0));
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
  if (enter.length === 0 && broken.length === 0) {
    lpConverged = true;
    break;
  }
  addRows(broken);
  addPairs(enter);
}
port.postMessage({
  type: 'lp-done',
  callbacks: runs.checks,
  rounds,
  converged: lpConverged,
  lp: lpValue + job.offset,
  bound: lagrangian + job.offset,
  columns: colOf.reduce((n, col) => n + (col >= 0 ? 1 : 0), 0),
  rows: hrowCount,
});

// Wait for the incumbent (pair per slot, -1 none) and the go-ahead for the MIP.
const order = await new Promise((resolve) => port.once('message', resolve));
let result = { status: 'not run', optimal: false, objective: null, mipBound: NaN, nodes: 0 };
let kept = 0;
let bestPairs = order.incumbent;
const incumbentValue = valueOf(order.incumbent);
let upperValue = incumbentValue;
let proven = false;
let coveredBound = -Infinity;
/** The LP dive's and the RINS runs' neighbourhoods: free slots and the incumbent after each. */
const neighbourhoods = [];
/** Whether another MIP stage starts: time for it, or on a replay the recorded run started it. */
const stageDue = () =>
  !stopped() && !runs.killed && (replay ? runs.stages < replay.stages : leftSec() > 0.2);
if (excess && stageDue()) {
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
  // The incumbent (ALNS's) may be far above the role's optimum (the year's lead: 1.4%), and HiGHS's
  // root over stage 1's pairs then spends its time cutting (thousands of cuts, the bound nearly still).
  // First a dive: the slots the LP fills whole are fixed so, the sub-MIP is over the fractional rest;
  // then RINS: fixed where the incumbent and the LP agree, each from the incumbent the last improved.
  for (let round = 0; round <= RINS_ROUNDS && stageDue(); round++) {
    const before = upperValue;
    const { keep, fix, free } = rinsNeighbourhood(ex, small, round === 0);
    if (free === 0) continue;
    const sec = Math.max(0.05, (round === 0 ? DIVE_SHARE : RINS_SHARE) * leftSec());
    const label = round === 0 ? 'LP dive' : `RINS ${round}`;
    note(`${label}: ${free} of ${S} slots free, incumbent ${upperValue + job.offset}`);
    const { ran, halted } = solveMip(keep, fix, sec, label, round > 0);
    result.nodes += ran && !halted ? Number(model.info.get('mip_node_count')) : 0;
    note(`${label} ended: incumbent ${upperValue + job.offset}`);
    neighbourhoods.push({ run: label, free_slots: free, incumbent: upperValue + job.offset });
    if (round > 0 && !(upperValue < before - 1e-9)) break;
  }
  let delta = Math.min(small, upperValue - excess.bound);
  let withinRoom = 0;
  for (let q = 0; q < pairCount; q++) if (ex[q] <= upperValue - excess.bound + 1e-6) withinRoom++;
  const stage1Share = withinRoom > HOPELESS_SHARE * pairCount ? 1 : STAGE1_SHARE;
  note(`pairs within the room: ${withinRoom} of ${pairCount}; stage 1 share ${stage1Share}`);
  for (let stage = 1; stageDue(); stage++) {
    const room = upperValue - excess.bound + 1e-6;
    if (stage >= 2) delta = room;
    // A stage whose pairs cover the room is the last unless it finds a better incumbent: the whole time.
    const last = delta >= upperValue - excess.bound - 1e-9;
    const keep = new Uint8Array(pairCount);
    for (let q = 0; q < pairCount; q++) if (ex[q] <= delta + 1e-9) keep[q] = 1;
    for (const q of bestPairs) if (q >= 0) keep[q] = 1;
    const stageSec = Math.max(0.05, last ? leftSec() : stage1Share * leftSec());
    const roomFrom = upperValue;
    const { modelStatus, halted, ran } = solveMip(keep, null, stageSec, `MIP stage ${stage}`);
    result = {
      status: Object.keys(K).find((k) => K[k] === modelStatus) ?? String(modelStatus),
      optimal: modelStatus === K.optimal,
      objective: upperValue + job.offset,
      // A halted run's solver data is cleared (milp-role-stops.mjs): its dual bound is not known.
      mipBound: ran && !halted ? model.info.get('mip_dual_bound') + job.offset : -Infinity,
      nodes: result.nodes + (ran && !halted ? Number(model.info.get('mip_node_count')) : 0),
    };
    // The kept pairs cover every pair within the room of the incumbent now held: any better
    // solution is one of this MIP's, so its optimum is the role's and its dual bound bounds it.
    const covers = delta >= upperValue - excess.bound - 1e-9;
    if (covers) {
      proven = result.optimal;
      coveredBound = Math.max(coveredBound, Math.min(result.mipBound, upperValue + job.offset));
      // Unproven (stopped at its limit) with time left: the next stage keeps the smaller room of
      // the incumbent it found, from that incumbent.
      if (proven || !(upperValue < roomFrom - 1e-9)) break;
    }
  }
}
runs.finish();
port.postMessage({
  type: 'done',
  pairs: bestPairs,
  lagrangian: lagrangian + job.offset,
  incumbent: incumbentValue + job.offset,
  final: upperValue + job.offset,
  // Proven means within HiGHS's relative gap (mipRelGap): the bound is its dual bound, not the incumbent.
  bound: Math.max(lagrangian + job.offset, coveredBound),
  kept,
  stages: runs.stages,
  neighbourhoods,
  ...result,
  optimal: proven,
  recipe: runs.recipe(),
  callbacks: runs.checks,
});

/**
 * The balance and rotation columns' values that fit a pair-per-slot list (every model row's,
 * whether in HiGHS or not), the cheapest that do: balance act + below - within - above = k
 * (within filled first, up to 1), rotation act - r <= upper.
 */
function extraValues(pairs) {
  const activity = new Float64Array(rows);
  for (const q of pairs) {
    if (q < 0) continue;
    for (let e = job.pairRowStart[q]; e < job.pairRowStart[q + 1]; e++)
      activity[job.pairRows[e]] += 1;
  }
  const value = new Float64Array(extraCount);
  /** What each row's coefficient -1 columns have yet to take, in their order. */
  const over = new Float64Array(rows);
  for (let r = 0; r < rows; r++) over[r] = Math.max(0, activity[r] - job.rowUpper[r]);
  for (let k = 0; k < extraCount; k++) {
    const row = job.extraRow[k];
    if (job.extraCoef[k] > 0) value[k] = Math.max(0, job.rowLower[row] - activity[row]);
    else {
      value[k] = Math.min(over[row], job.extraUpper[k]);
      over[row] -= value[k];
    }
  }
  return value;
}

/** x per HiGHS column from a pair-per-slot list. */
function columnsOf(pairs) {
  const extra = extraValues(pairs);
  const chosen = new Uint8Array(pairCount);
  for (const q of pairs) if (q >= 0) chosen[q] = 1;
  return Float64Array.from(colWhat, (q) => (q < 0 ? extra[-1 - q] : chosen[q]));
}

/** The role's part of F (without the offset) of a pair-per-slot list. */
function valueOf(pairs) {
  const extra = extraValues(pairs);
  let total = 0;
  for (let k = 0; k < extraCount; k++) total += job.extraCost[k] * extra[k];
  for (const q of pairs) if (q >= 0) total += job.pairCost[q];
  return total;
}

function pairsOf(x) {
  const pairs = new Int32Array(S).fill(-1);
  for (let i = 0; i < colWhat.length; i++)
    if (colWhat[i] >= 0 && x[i] > 0.5) pairs[job.pairSlot[colWhat[i]]] = colWhat[i];
  return pairs;
}

/**
 * RINS (relaxation-induced neighbourhood): a slot whose incumbent pair the LP
 * also takes whole is fixed to it; every other slot is free over its LP
 * support, its incumbent pair and its pairs of least excess (`ex` within
 * `small`, as stage 1 keeps). The incumbent is a solution of this sub-MIP, so
 * the sub-MIP's best is never worse. A dive fixes every slot the LP fills
 * whole, whatever the incumbent holds there (which may then not fit).
 */
function rinsNeighbourhood(ex, small, dive) {
  const keep = new Uint8Array(pairCount);
  const fix = new Uint8Array(pairCount);
  const fixedSlot = new Uint8Array(S);
  let free = S;
  const fixPair = (q) => {
    fixedSlot[job.pairSlot[q]] = 1;
    keep[q] = 1;
    fix[q] = 1;
    free--;
  };
  if (dive) {
    for (let q = 0; q < pairCount; q++) if (lpX[q] >= 1 - RINS_WHOLE) fixPair(q);
  } else for (const q of bestPairs) if (q >= 0 && lpX[q] >= 1 - RINS_WHOLE) fixPair(q);
  for (let q = 0; q < pairCount; q++)
    if (!fixedSlot[job.pairSlot[q]] && (lpX[q] > RINS_WHOLE || ex[q] <= small + 1e-9)) keep[q] = 1;
  if (!dive) for (const q of bestPairs) if (q >= 0) keep[q] = 1;
  return { keep, fix, free };
}

/**
 * One MIP run (a stage: RINS or stages 1 and 2) over the kept pairs, those in
 * `fix` at 1, from the incumbent held; an improving solution is streamed and
 * becomes the incumbent.
 */
function solveMip(keep, fix, seconds, label, fromIncumbent = true) {
  runs.stages++;
  const missing = [];
  for (let q = 0; q < pairCount; q++) if (keep[q] && colOf[q] < 0) missing.push(q);
  addPairs(missing);
  // Every row the kept pairs could break together enters, so the MIP is the exact model over them.
  addRows(brokenRows((q) => keep[q]));
  const n = colWhat.length;
  const lower = new Float64Array(n);
  const upper = new Float64Array(n);
  const types = new Int32Array(n);
  kept = 0;
  for (let i = 0; i < n; i++) {
    const q = colWhat[i];
    if (q < 0) upper[i] = inf(job.extraUpper[-1 - q]);
    else {
      upper[i] = keep[q];
      lower[i] = fix ? fix[q] : 0;
      types[i] = 1;
      kept += keep[q];
    }
  }
  model.changeColsBounds({ kind: 'range', from: 0, to: n - 1 }, lower, upper);
  model.changeColsIntegrality({ kind: 'range', from: 0, to: n - 1 }, types);
  // A dive's fixings may not fit the incumbent: HiGHS then starts without one.
  if (fromIncumbent) model.setSolution({ colValue: columnsOf(bestPairs) });
  model.options.set({ presolve: 'on', solver: 'choose', mip_rel_gap: job.mipRelGap });
  const room = upperValue - (excess?.bound ?? -Infinity);
  note(
    `${label} (run ${runs.stages}): ${kept} pairs kept of ${pairCount}, ${colWhat.length} columns, ${hrowCount} rows, room ${room}, incumbent ${upperValue + job.offset}, ${seconds.toFixed(1)} s, heap ${highs.memoryBytes} bytes`,
  );
  let heap = highs.memoryBytes;
  const out = runs.run(Date.now() + 1000 * seconds, {
    [CB.mipImprovingSolution](event) {
      const x = event.data.mip_solution;
      if (x) runs.stream(pairsOf(x));
    },
    // Where the heap grows (the 2 GiB WebAssembly heap: an abort in a long cut loop), in the log.
    ...(logFile
      ? {
          [CB.mipInterrupt]() {
            if (highs.memoryBytes !== heap) note(`heap ${(heap = highs.memoryBytes)} bytes`);
          },
        }
      : {}),
  });
  const hasPrimal = out.ran && model.info.get('primal_solution_status') === 2;
  if (out.halted) {
    // Where a run stopped between callbacks left off: its last streamed incumbent.
    if (out.lastStreamed && valueOf(out.lastStreamed) < upperValue) {
      bestPairs = out.lastStreamed;
      upperValue = valueOf(out.lastStreamed);
    }
  } else if (hasPrimal) {
    const value = model.getObjectiveValue();
    if (value < upperValue) {
      upperValue = value;
      bestPairs = pairsOf(model.getSolution().colValue);
    }
  }
  return out;
}
