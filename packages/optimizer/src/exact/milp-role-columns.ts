// One role's HiGHS model for milp by role (milp-role-worker.ts): its rows
// enter lazily and its assignment columns x[s,p] as they price out (column
// generation on the role's LP, milp-role-pricing.ts).
//
// Rows enter the HiGHS model lazily. The slot and balance rows (with the
// balance columns d+ d-) are there from the start; a clique or rotation row
// (with its rotation column r) enters when the LP's solution breaks it, and
// before the MIP every row its kept pairs could break enters. A row left out
// is a constraint relaxed with multiplier 0, so every Lagrangian bound stays
// valid; when no row is broken and no pair prices out, the restricted LP is
// the whole LP. At a year (4,000 jobs) each role has about 105,000 rows, of
// which the LP needs a small share: with all of them one simplex took 40 s.
import type { Highs, Model } from 'highs';
import type { RoleJob } from './milp-role-messages';

/**
 * The role's HiGHS model over `job` (the RoleModel the parent sent), with its
 * slot and balance rows in, and what maps it to the role's pairs and rows:
 * a HiGHS column is a pair q >= 0 or the extra column k as -1 - k (`colWhat`).
 */
export class RoleColumns {
  readonly model: Model;
  /** The role's slots. */
  readonly S: number;
  /** The role's model rows (in HiGHS or not). */
  readonly rows: number;
  readonly pairCount: number;
  /** HiGHS row of each model row, -1 while it is out. */
  readonly hrow: Int32Array;
  /** HiGHS rows so far. */
  hrowCount = 0;
  /** Column of each pair in the model, -1 while it is out. */
  readonly colOf: Int32Array;
  /** What each HiGHS column is: a pair q >= 0, or the extra column k as -1 - k. */
  readonly colWhat: number[] = [];
  private readonly INF: number;
  private readonly extraCount: number;
  /** Extra columns (balance d+ d-, rotation r) of each model row. */
  private readonly extrasOfRow: number[][];
  /** The pairs of each non-slot row (CSR), to give a row entering late its present columns. */
  private readonly rowPairStart: Int32Array;
  private readonly rowPairs: Int32Array;
  private readonly job: RoleJob;

  constructor(highs: Highs, job: RoleJob) {
    this.job = job;
    this.INF = highs.infinity;
    this.S = job.slotCount;
    this.rows = job.rowLower.length;
    this.pairCount = job.pairSlot.length;
    this.model = emptyModel(highs);
    this.hrow = new Int32Array(this.rows).fill(-1);
    this.colOf = new Int32Array(this.pairCount).fill(-1);
    this.extraCount = job.extraCost.length;
    this.extrasOfRow = Array.from({ length: this.rows }, (): number[] => []);
    for (let k = 0; k < this.extraCount; k++) this.extrasOfRow[job.extraRow[k]!]!.push(k);
    const [rowPairStart, rowPairs] = pairsByRow(job, this.rows);
    this.rowPairStart = rowPairStart;
    this.rowPairs = rowPairs;
    const always: number[] = [];
    for (let r = 0; r < this.rows; r++)
      if (r < this.S || job.rowLower[r] === job.rowUpper[r]) always.push(r);
    // The first rows, before any pair column: slot rows by position, then the balance rows.
    this.addRows(always);
  }

  /** A bound as HiGHS takes it (its own infinity). */
  inf(v: number): number {
    return v === Infinity ? this.INF : v === -Infinity ? -this.INF : v;
  }

  /**
   * Adds model rows (each with its present pair columns; a slot or balance row
   * has none of its own here), then their extra columns.
   */
  addRows(list: readonly number[]): void {
    if (list.length === 0) return;
    const { job, rowPairStart, rowPairs, colOf, hrow } = this;
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
    this.model.addRows({
      lower: Float64Array.from(list, (r) => this.inf(job.rowLower[r]!)),
      upper: Float64Array.from(list, (r) => this.inf(job.rowUpper[r]!)),
      matrix: {
        format: 'csr',
        numRows: list.length,
        numCols: this.colWhat.length,
        starts,
        indices: Int32Array.from(indices),
        values: new Float64Array(indices.length).fill(1),
      },
    });
    const extras: number[] = [];
    for (const r of list) {
      hrow[r] = this.hrowCount++;
      extras.push(...this.extrasOfRow[r]!);
    }
    if (extras.length === 0) return;
    this.model.addCols({
      cost: Float64Array.from(extras, (k) => job.extraCost[k]!),
      lower: new Float64Array(extras.length),
      upper: Float64Array.from(extras, (k) => this.inf(job.extraUpper[k]!)),
      matrix: {
        format: 'csc',
        numRows: this.hrowCount,
        numCols: extras.length,
        starts: Int32Array.from({ length: extras.length + 1 }, (_, i) => i),
        indices: Int32Array.from(extras, (k) => hrow[job.extraRow[k]!]!),
        values: Float64Array.from(extras, (k) => job.extraCoef[k]!),
      },
    });
    for (const k of extras) this.colWhat.push(-1 - k);
  }

  /** Adds the pairs' columns, each in its slot row and the other rows of it in HiGHS. */
  addPairs(list: readonly number[]): void {
    if (list.length === 0) return;
    const { job, hrow } = this;
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
      this.colOf[q] = this.colWhat.length;
      this.colWhat.push(q);
    }
    this.model.addCols({
      cost,
      lower: new Float64Array(list.length),
      upper: new Float64Array(list.length).fill(this.INF),
      matrix: {
        format: 'csc',
        numRows: this.hrowCount,
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
  brokenRows(valueOfPair: (q: number) => number): number[] {
    const { job, hrow, rows } = this;
    const activity = new Float64Array(rows);
    for (let q = 0; q < this.pairCount; q++) {
      const v = valueOfPair(q);
      if (v <= 1e-9) continue;
      for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++) {
        const r = job.pairRows[e]!;
        if (hrow[r]! < 0) activity[r]! += v;
      }
    }
    const broken: number[] = [];
    for (let r = this.S; r < rows; r++)
      if (hrow[r]! < 0 && activity[r]! > job.rowUpper[r]! + 1e-6) broken.push(r);
    return broken;
  }

  /** x per HiGHS column from a pair-per-slot list. */
  columnsOf(pairs: Int32Array): Float64Array {
    const extra = this.extraValues(pairs);
    const chosen = new Uint8Array(this.pairCount);
    for (const q of pairs) if (q >= 0) chosen[q] = 1;
    return Float64Array.from(this.colWhat, (q) => (q < 0 ? extra[-1 - q]! : chosen[q]!));
  }

  /** The role's part of F (without the offset) of a pair-per-slot list. */
  valueOfPairs(pairs: Int32Array): number {
    const { job } = this;
    const extra = this.extraValues(pairs);
    let total = 0;
    for (let k = 0; k < this.extraCount; k++) total += job.extraCost[k]! * extra[k]!;
    for (const q of pairs) if (q >= 0) total += job.pairCost[q]!;
    return total;
  }

  /** The pair per slot (-1 none) of HiGHS's x. */
  pairsOf(x: Float64Array): Int32Array {
    const { colWhat } = this;
    const pairs = new Int32Array(this.S).fill(-1);
    for (let i = 0; i < colWhat.length; i++)
      if (colWhat[i]! >= 0 && x[i]! > 0.5) pairs[this.job.pairSlot[colWhat[i]!]!] = colWhat[i]!;
    return pairs;
  }

  /**
   * The balance and rotation columns' values that fit a pair-per-slot list (every model row's,
   * whether in HiGHS or not), the cheapest that do: balance act + below - within - above = k
   * (within filled first, up to 1), rotation act - r <= upper.
   */
  private extraValues(pairs: Int32Array): Float64Array {
    const { job, rows, extraCount } = this;
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
}

/** A HiGHS model with no row and no column yet. */
function emptyModel(highs: Highs): Model {
  const none = () => new Float64Array(0);
  return highs.createModel({
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
}

/** The pairs of each model row other than their slot rows, as CSR (starts, pairs). */
function pairsByRow(job: RoleJob, rows: number): [Int32Array, Int32Array] {
  const rowPairStart = new Int32Array(rows + 1);
  for (let e = 0; e < job.pairRows.length; e++) rowPairStart[job.pairRows[e]! + 1]!++;
  for (let r = 0; r < rows; r++) rowPairStart[r + 1]! += rowPairStart[r]!;
  const rowPairs = new Int32Array(job.pairRows.length);
  const next = rowPairStart.slice(0, rows);
  for (let q = 0; q < job.pairSlot.length; q++)
    for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++)
      rowPairs[next[job.pairRows[e]!]!++] = q;
  return [rowPairStart, rowPairs];
}
