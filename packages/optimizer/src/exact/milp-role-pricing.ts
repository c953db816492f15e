// Column generation on one role's LP (milp by role, milp-role-worker.ts):
// each round solves the restricted LP, lets in the rows its solution breaks
// and, per slot, the pairs of most negative reduced cost. Every round gives a
// Lagrangian bound (the restricted LP's value plus, per slot, the least
// reduced cost over all of its pairs), a valid lower bound on the role's MIP.
import type { Highs } from 'highs';
import type { MilpRoleRecipe } from '../core/contract';
import type { RoleColumns } from './milp-role-columns';
import type { RoleJob, RoleMessage } from './milp-role-messages';
import type { ParentPort, ReplayableRuns } from './milp-role-stops';

/** Pairs per slot that enter per round (the most negative reduced costs). */
const PER_SLOT = 3;

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
  const { model, S, rows, pairCount, colOf, colWhat } = cols;
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
  const y = new Float64Array(rows);
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
    for (let r = 0; r < rows; r++) y[r] = cols.hrow[r]! >= 0 ? yh[cols.hrow[r]!]! : 0;
    lpValue = model.getObjectiveValue();
    const best = reducedCosts(job, y, rc);
    const bound = lagrangianBound(job, lpValue, y, best);
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
    const enter = pairsToEnter(cols, job, rc);
    if (enter.length === 0 && broken.length === 0) {
      lpConverged = true;
      break;
    }
    cols.addRows(broken);
    cols.addPairs(enter);
  }
  return { lagrangian, lpValue, rounds, converged: lpConverged, excess, lpX };
}

/**
 * Every pair's reduced cost (its cost less the duals `y` of its rows) into
 * `rc`; returns each slot's least.
 */
function reducedCosts(job: RoleJob, y: Float64Array, rc: Float64Array): Float64Array {
  const best = new Float64Array(job.slotCount).fill(Infinity);
  for (let q = 0; q < rc.length; q++) {
    let r = job.pairCost[q]! - y[job.pairSlot[q]!]!;
    for (let e = job.pairRowStart[q]!; e < job.pairRowStart[q + 1]!; e++) r -= y[job.pairRows[e]!]!;
    rc[q] = r;
    const s = job.pairSlot[q]!;
    if (r < best[s]!) best[s] = r;
  }
  return best;
}

/**
 * The Lagrangian bound with the slot rows kept: z_RMP - sum y_s + sum_s min
 * over the slot's pairs of (y_s + rc) (for a <= 1 slot row, also 0: the slot
 * may stay empty). Rows not in the model have multiplier 0, which is valid.
 */
function lagrangianBound(
  job: RoleJob,
  lpValue: number,
  y: Float64Array,
  best: Float64Array,
): number {
  let bound = lpValue;
  for (let s = 0; s < job.slotCount; s++) {
    const m = y[s]! + best[s]!;
    bound += (job.slotEquality ? m : Math.min(0, m)) - y[s]!;
  }
  return bound;
}

/** Per slot the PER_SLOT pairs of most negative reduced cost not yet in the model. */
function pairsToEnter(cols: RoleColumns, job: RoleJob, rc: Float64Array): number[] {
  const enter: number[] = [];
  const chosen = Array.from({ length: cols.S }, (): number[] => []);
  for (let q = 0; q < cols.pairCount; q++) {
    if (cols.colOf[q]! >= 0 || rc[q]! > -1e-7) continue;
    const list = chosen[job.pairSlot[q]!]!;
    list.push(q);
    if (list.length > PER_SLOT) {
      list.sort((a, b) => rc[a]! - rc[b]!);
      list.pop();
    }
  }
  for (const list of chosen) enter.push(...list);
  return enter;
}
