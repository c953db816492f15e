// One role's HiGHS model for milp by role (milp-role-worker.ts): its rows
// enter lazily and its assignment columns x[s,p] as they price out (column
// generation on the role's LP). Every round gives a Lagrangian bound (the
// restricted LP's value plus, per slot, the least reduced cost over all of
// its pairs), a valid lower bound on the role's MIP.
import type { Highs, Model } from 'highs';
import type { MilpRoleRecipe } from '../core/contract';
import type { RoleJob, RoleMessage } from './milp-role-messages';
import type { ParentPort, ReplayableRuns } from './milp-role-stops';

/** Pairs per slot that enter per round (the most negative reduced costs). */
const PER_SLOT = 3;

/** One role's HiGHS model and what maps it to the role's pairs and rows (roleColumns). */
export interface RoleColumns {
  readonly model: Model;
  /** The role's slots. */
  readonly S: number;
  /** The role's model rows (in HiGHS or not). */
  readonly rows: number;
  readonly pairCount: number;
  /** A bound as HiGHS takes it (its own infinity). */
  readonly inf: (v: number) => number;
  /** HiGHS row of each model row, -1 while it is out. */
  readonly hrow: Int32Array;
  /** Column of each pair in the model, -1 while it is out. */
  readonly colOf: Int32Array;
  /** What each HiGHS column is: a pair q >= 0, or the extra column k as -1 - k. */
  readonly colWhat: readonly number[];
  /** HiGHS rows so far. */
  readonly hrowCount: number;
  readonly addRows: (list: readonly number[]) => void;
  readonly addPairs: (list: readonly number[]) => void;
  readonly brokenRows: (valueOfPair: (q: number) => number) => number[];
  readonly columnsOf: (pairs: Int32Array) => Float64Array;
  readonly valueOf: (pairs: Int32Array) => number;
  readonly pairsOf: (x: Float64Array) => Int32Array;
}

/**
 * The role's HiGHS model over `job` (the RoleModel the parent sent), with its
 * slot and balance rows in, and what maps it to the role's pairs and rows:
 * a HiGHS column is a pair q >= 0 or the extra column k as -1 - k (`colWhat`).
 */
export function roleColumns(highs: Highs, job: RoleJob): RoleColumns {
  const INF = highs.infinity;
  const S = job.slotCount;
  const rows = job.rowLower.length;
  const pairCount = job.pairSlot.length;
  const inf = (v: number) => (v === Infinity ? INF : v === -Infinity ? -INF : v);

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
  const colWhat: number[] = [];
  const extraCount = job.extraCost.length;
  /** Extra columns (balance d+ d-, rotation r) of each model row. */
  const extrasOfRow = Array.from({ length: rows }, (): number[] => []);
  for (let k = 0; k < extraCount; k++) extrasOfRow[job.extraRow[k]!]!.push(k);
  /** The pairs of each non-slot row (CSR), to give a row entering late its present columns. */
  const rowPairStart = new Int32Array(rows + 1);
  for (let e = 0; e < job.pairRows.length; e++) rowPairStart[job.pairRows[e]! + 1]!++;
  for (let r = 0; r < rows; r++) rowPairStart[r + 1]! += rowPairStart[r]!;
  const rowPairs = new Int32Array(job.pairRows.length);
  {
    const next = rowPairStart.slice(0, rows);
    for (let q = 0; q < pairCount; q++)
      for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++)
        rowPairs[next[job.pairRows[e]!]!++] = q;
  }

  /**
   * Adds model rows (each with its present pair columns; a slot or balance row
   * has none of its own here), then their extra columns.
   */
  function addRows(list: readonly number[]): void {
    if (list.length === 0) return;
    const starts = new Int32Array(list.length + 1);
    const indices: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const r = list[i]!;
      for (let e = rowPairStart[r]!; e < rowPairStart[r + 1]!; e++) {
        const q = rowPairs[e]!;
        if (colOf[q]! >= 0) indices.push(colOf[q]!);
      }
      starts[i + 1] = indices.length;
    }
    model.addRows({
      lower: Float64Array.from(list, (r) => inf(job.rowLower[r]!)),
      upper: Float64Array.from(list, (r) => inf(job.rowUpper[r]!)),
      matrix: {
        format: 'csr',
        numRows: list.length,
        numCols: colWhat.length,
        starts,
        indices: Int32Array.from(indices),
        values: new Float64Array(indices.length).fill(1),
      },
    });
    const extras: number[] = [];
    for (const r of list) {
      hrow[r] = hrowCount++;
      extras.push(...extrasOfRow[r]!);
    }
    if (extras.length === 0) return;
    model.addCols({
      cost: Float64Array.from(extras, (k) => job.extraCost[k]!),
      lower: new Float64Array(extras.length),
      upper: Float64Array.from(extras, (k) => inf(job.extraUpper[k]!)),
      matrix: {
        format: 'csc',
        numRows: hrowCount,
        numCols: extras.length,
        starts: Int32Array.from({ length: extras.length + 1 }, (_, i) => i),
        indices: Int32Array.from(extras, (k) => hrow[job.extraRow[k]!]!),
        values: Float64Array.from(extras, (k) => job.extraCoef[k]!),
      },
    });
    for (const k of extras) colWhat.push(-1 - k);
  }

  function addPairs(list: readonly number[]): void {
    if (list.length === 0) return;
    const starts = new Int32Array(list.length + 1);
    const indices: number[] = [];
    const cost = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const q = list[i]!;
      const present = [hrow[job.pairSlot[q]!]!];
      for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++)
        if (hrow[job.pairRows[e]!]! >= 0) present.push(hrow[job.pairRows[e]!]!);
      // Row indices of a column ascend.
      present.sort((x, y) => x - y);
      indices.push(...present);
      starts[i + 1] = indices.length;
      cost[i] = job.pairCost[q]!;
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
  function brokenRows(valueOfPair: (q: number) => number): number[] {
    const activity = new Float64Array(rows);
    for (let q = 0; q < pairCount; q++) {
      const v = valueOfPair(q);
      if (v <= 1e-9) continue;
      for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++) {
        const r = job.pairRows[e]!;
        if (hrow[r]! < 0) activity[r]! += v;
      }
    }
    const broken: number[] = [];
    for (let r = S; r < rows; r++)
      if (hrow[r]! < 0 && activity[r]! > job.rowUpper[r]! + 1e-6) broken.push(r);
    return broken;
  }

  {
    const always: number[] = [];
    for (let r = 0; r < rows; r++) if (r < S || job.rowLower[r] === job.rowUpper[r]) always.push(r);
    // The first rows, before any pair column: slot rows by position, then the balance rows.
    addRows(always);
  }

  /**
   * The balance and rotation columns' values that fit a pair-per-slot list (every model row's,
   * whether in HiGHS or not), the cheapest that do: balance act + below - within - above = k
   * (within filled first, up to 1), rotation act - r <= upper.
   */
  function extraValues(pairs: Int32Array): Float64Array {
    const activity = new Float64Array(rows);
    for (const q of pairs) {
      if (q < 0) continue;
      for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++)
        activity[job.pairRows[e]!]! += 1;
    }
    const value = new Float64Array(extraCount);
    /** What each row's coefficient -1 columns have yet to take, in their order. */
    const over = new Float64Array(rows);
    for (let r = 0; r < rows; r++) over[r] = Math.max(0, activity[r]! - job.rowUpper[r]!);
    for (let k = 0; k < extraCount; k++) {
      const row = job.extraRow[k]!;
      if (job.extraCoef[k]! > 0) value[k] = Math.max(0, job.rowLower[row]! - activity[row]!);
      else {
        value[k] = Math.min(over[row]!, job.extraUpper[k]!);
        over[row]! -= value[k]!;
      }
    }
    return value;
  }

  /** x per HiGHS column from a pair-per-slot list. */
  function columnsOf(pairs: Int32Array): Float64Array {
    const extra = extraValues(pairs);
    const chosen = new Uint8Array(pairCount);
    for (const q of pairs) if (q >= 0) chosen[q] = 1;
    return Float64Array.from(colWhat, (q) => (q < 0 ? extra[-1 - q]! : chosen[q]!));
  }

  /** The role's part of F (without the offset) of a pair-per-slot list. */
  function valueOf(pairs: Int32Array): number {
    const extra = extraValues(pairs);
    let total = 0;
    for (let k = 0; k < extraCount; k++) total += job.extraCost[k]! * extra[k]!;
    for (const q of pairs) if (q >= 0) total += job.pairCost[q]!;
    return total;
  }

  function pairsOf(x: Float64Array): Int32Array {
    const pairs = new Int32Array(S).fill(-1);
    for (let i = 0; i < colWhat.length; i++)
      if (colWhat[i]! >= 0 && x[i]! > 0.5) pairs[job.pairSlot[colWhat[i]!]!] = colWhat[i]!;
    return pairs;
  }

  return {
    model,
    S,
    rows,
    pairCount,
    inf,
    hrow,
    colOf,
    colWhat,
    /** HiGHS rows so far. */
    get hrowCount() {
      return hrowCount;
    },
    addRows,
    addPairs,
    brokenRows,
    columnsOf,
    valueOf,
    pairsOf,
  };
}

/** The reduced costs that go with one round's Lagrangian bound; the MIPs choose their pairs by them. */
export interface RoundExcess {
  /** Each pair's reduced cost. */
  readonly rc: Float64Array;
  /** Each slot's least reduced cost over its pairs. */
  readonly best: Float64Array;
  /** The slot rows' duals. */
  readonly y: Float64Array;
  /** The round's Lagrangian bound (without the offset). */
  readonly bound: number;
}

/** What column generation leaves (values without the offset). */
export interface ColumnGeneration {
  /** The best Lagrangian bound over the rounds (-Infinity when no round ended). */
  readonly lagrangian: number;
  /** The last restricted LP's value (NaN when no round ended). */
  readonly lpValue: number;
  readonly rounds: number;
  readonly converged: boolean;
  readonly excess: RoundExcess | null;
  /** Each pair's value in the last LP solved (0 for a pair not in it). */
  readonly lpX: Float64Array;
}

export interface ColumnGenerationOptions {
  readonly job: RoleJob;
  readonly runs: ReplayableRuns<Int32Array>;
  readonly replay: MilpRoleRecipe | null;
  readonly stopped: () => boolean;
  /** When the LP stops (epoch ms), unless a replay runs its recorded rounds. */
  readonly lpUntil: number;
  readonly K: Highs['constants']['modelStatus'];
  /** MERIDIAN_MILP_LOG's file, if set: HiGHS then logs. */
  readonly logFile: string | undefined;
  readonly note: (text: string) => void;
  readonly port: ParentPort;
}

/**
 * Column generation on the role's LP, each round a HiGHS run through `runs`
 * (until `lpUntil`, or on a replay its recorded LP runs): rows the LP's
 * solution breaks enter, then per slot the pairs of most negative reduced
 * cost. Posts each round's bound; returns the best Lagrangian bound, the last
 * LP (its value and each pair's x in `lpX`) and the reduced costs that go with
 * its bound (`excess`), from which the MIPs choose their pairs.
 */
export function generateColumns(
  cols: RoleColumns,
  { job, runs, replay, stopped, lpUntil, K, logFile, note, port }: ColumnGenerationOptions,
): ColumnGeneration {
  const { model, S, rows, pairCount, hrow, colOf, colWhat } = cols;
  cols.addPairs(Array.from(job.initialPairs));
  let lagrangian = -Infinity;
  let lpValue = NaN;
  let rounds = 0;
  let lpConverged = false;
  let excess: RoundExcess | null = null;
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
    for (let r = 0; r < rows; r++) yFull[r] = hrow[r]! >= 0 ? yh[hrow[r]!]! : 0;
    const y = yFull;
    lpValue = model.getObjectiveValue();
    // Reduced cost of every pair: its cost less the duals of its rows.
    const best = new Float64Array(S).fill(Infinity);
    for (let q = 0; q < pairCount; q++) {
      let r = job.pairCost[q]! - y[job.pairSlot[q]!]!;
      for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++)
        r -= y[job.pairRows[e]!]!;
      rc[q] = r;
      const s = job.pairSlot[q]!;
      if (r < best[s]!) best[s] = r;
    }
    // Lagrangian bound with the slot rows kept: z_RMP - sum y_s + sum_s min over the slot's pairs of
    // (y_s + rc) (for a <= 1 slot row, also 0: the slot may stay empty). Rows not in the model
    // have multiplier 0, which is valid.
    let bound = lpValue;
    for (let s = 0; s < S; s++) {
      const m = y[s]! + best[s]!;
      bound += (job.slotEquality ? m : Math.min(0, m)) - y[s]!;
    }
    if (bound > lagrangian) lagrangian = bound;
    // The reduced costs the MIP's pair filter uses go with this round's bound, not the best one.
    excess = { rc: rc.slice(), best, y: y.slice(0, S), bound };
    note(
      `LP round ${rounds}: LP ${lpValue + job.offset}, bound ${lagrangian + job.offset}, columns ${colWhat.length}, rows ${cols.hrowCount}`,
    );
    port.postMessage({
      type: 'lp',
      rounds,
      lp: lpValue + job.offset,
      bound: lagrangian + job.offset,
    } satisfies RoleMessage);
    // Rows the LP's solution breaks enter.
    const x = solution.colValue;
    lpX.fill(0);
    for (let i = 0; i < colWhat.length; i++) if (colWhat[i]! >= 0) lpX[colWhat[i]!] = x[i]!;
    const broken = cols.brokenRows((q) => (colOf[q]! >= 0 ? x[colOf[q]!]! : 0));
    // Price: per slot the PER_SLOT most negative pairs not yet in.
    const enter: number[] = [];
    const chosen = Array.from({ length: S }, (): number[] => []);
    for (let q = 0; q < pairCount; q++) {
      if (colOf[q]! >= 0 || rc[q]! > -1e-7) continue;
      const list = chosen[job.pairSlot[q]!]!;
      list.push(q);
      if (list.length > PER_SLOT) {
        list.sort((a, b) => rc[a]! - rc[b]!);
        list.pop();
      }
    }
    for (const list of chosen) enter.push(...list);
    if (enter.length === 0 && broken.length === 0) {
      lpConverged = true;
      break;
    }
    cols.addRows(broken);
    cols.addPairs(enter);
  }
  return { lagrangian, lpValue, rounds, converged: lpConverged, excess, lpX };
}
