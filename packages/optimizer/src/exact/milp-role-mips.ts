// The MIPs of one role's thread (milp by role, milp-role-worker.ts), told the
// incumbent (the parent's ALNS warm start). A pair whose excess reduced cost
// is over (incumbent - bound) is in no better solution, so the MIP over the
// pairs within that room is exact: its optimum is the role's optimum, and its
// dual bound (or the Lagrangian bound) bounds the role's part of F. Before it,
// small sub-MIPs bring the incumbent near the optimum, which shrinks that
// room: an LP dive (the slots the LP fills whole fixed) and RINS (fixed where
// the LP and the incumbent agree).
import type { Highs } from 'highs';
import type { RoleColumns } from './milp-role-columns';
import type { RoleJob, RoleMipResult, RoleNeighbourhood } from './milp-role-messages';
import type { RoundExcess } from './milp-role-pricing';
import type { ReplayableRun, ReplayableRuns } from './milp-role-stops';

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
/**
 * But at least this long, up to DIVE_MOST_SHARE of the time left: the dive is
 * what brings the incumbent near the optimum. At 1,000 x 80 with preferences
 * the data-acq dive took 2.2 s alone (1,025.5 to 1,016.1, leaving 3,618 pairs
 * in the room instead of 37,264); beside the portfolio's search in a 20 s run
 * its 10% (1.3 s) cut it short, the room stayed almost whole and the run
 * ended 0.66% above the optimum (docs/performance.md).
 */
const DIVE_FLOOR_SEC = 5;
const DIVE_MOST_SHARE = 0.35;
/** An LP value within this of 1 counts as whole (RINS fixes the slot), above it as in the support. */
const RINS_WHOLE = 1e-6;

export interface RoleMipsInput {
  readonly highs: Highs;
  readonly cols: RoleColumns;
  readonly runs: ReplayableRuns<Int32Array>;
  readonly job: RoleJob;
  readonly K: Highs['constants']['modelStatus'];
  readonly CB: Highs['constants']['callbackType'];
  /** The reduced costs of the LP round whose bound the MIPs subtract (null: no round ended). */
  readonly excess: RoundExcess | null;
  /** Each pair's value in the last LP. */
  readonly lpX: Float64Array;
  /** The parent's incumbent: a pair per slot, -1 none. */
  readonly incumbent: Int32Array;
  /** Whether another HiGHS run starts (time left, or on a replay the recorded run started it). */
  readonly stageDue: () => boolean;
  readonly leftSec: () => number;
  readonly note: (text: string) => void;
  readonly logFile: string | undefined;
}

/** What the MIPs leave (values without the offset unless said). */
export interface RoleMips {
  /** The last stage's result (objective and bound with the offset). */
  readonly result: RoleMipResult;
  /** Pairs the last run kept. */
  readonly kept: number;
  readonly bestPairs: Int32Array;
  /** The parent's incumbent's value. */
  readonly incumbentValue: number;
  /** The best pairs' value. */
  readonly upperValue: number;
  /** A stage whose pairs covered the room proved its optimum. */
  readonly proven: boolean;
  /** The best dual bound of a stage that covered the room (with the offset), else -Infinity. */
  readonly coveredBound: number;
  readonly neighbourhoods: RoleNeighbourhood[];
}

/**
 * The LP dive, RINS and the MIP stages over `cols` (milp-role-columns.ts)
 * from `incumbent` (a pair per slot, -1 none), each a HiGHS run through
 * `runs`, while `stageDue()`. Returns the best pairs found, their value and
 * the incumbent's (without the offset), the last stage's result and whether
 * a stage that covered the room proved the role.
 */
export function roleMips(input: RoleMipsInput): RoleMips {
  const { excess, cols, job } = input;
  const search = new RoleMipSearch(input);
  if (excess && input.stageDue()) {
    const ex = pairExcess(job, excess);
    // Stage 1 keeps the pairs of least excess (about MIP_PAIRS_PER_SLOT per slot) to find a near-optimal
    // incumbent fast; the room (incumbent - bound) then shrinks, and stage 2 keeps every pair within it.
    const sorted = Float64Array.from(ex).sort();
    const small = sorted[Math.min(cols.pairCount - 1, MIP_PAIRS_PER_SLOT * cols.S)] ?? Infinity;
    search.neighbourhoods(ex, small);
    search.stages(ex, small, excess.bound);
  }
  return search.outcome();
}

/** Excess of each pair over its slot's cheapest: a solution using it costs at least bound + excess. */
function pairExcess(job: RoleJob, excess: RoundExcess): Float64Array {
  const ex = new Float64Array(job.pairSlot.length);
  for (let q = 0; q < ex.length; q++) {
    const s = job.pairSlot[q]!;
    const least = job.slotEquality
      ? excess.y[s]! + excess.best[s]!
      : Math.min(0, excess.y[s]! + excess.best[s]!);
    ex[q] = excess.y[s]! + excess.rc[q]! - least;
  }
  return ex;
}

/** One role's MIPs from its incumbent: what they found so far, and the runs that find it. */
class RoleMipSearch {
  result: RoleMipResult = {
    status: 'not run',
    optimal: false,
    objective: null,
    mipBound: NaN,
    nodes: 0,
  };
  /** Pairs the last run kept. */
  kept = 0;
  bestPairs: Int32Array;
  readonly incumbentValue: number;
  upperValue: number;
  proven = false;
  coveredBound = -Infinity;
  /** The LP dive's and the RINS runs' neighbourhoods: free slots and the incumbent after each. */
  readonly done: RoleNeighbourhood[] = [];
  private readonly input: RoleMipsInput;

  constructor(input: RoleMipsInput) {
    this.input = input;
    this.bestPairs = input.incumbent;
    this.incumbentValue = input.cols.valueOfPairs(input.incumbent);
    this.upperValue = this.incumbentValue;
  }

  outcome(): RoleMips {
    return {
      result: this.result,
      kept: this.kept,
      bestPairs: this.bestPairs,
      incumbentValue: this.incumbentValue,
      upperValue: this.upperValue,
      proven: this.proven,
      coveredBound: this.coveredBound,
      neighbourhoods: this.done,
    };
  }

  /**
   * The incumbent (ALNS's) may be far above the role's optimum (the year's lead: 1.4%), and HiGHS's
   * root over stage 1's pairs then spends its time cutting (thousands of cuts, the bound nearly
   * still). First a dive: the slots the LP fills whole are fixed so, the sub-MIP is over the
   * fractional rest; then RINS: fixed where the incumbent and the LP agree, each from the incumbent
   * the last improved.
   */
  neighbourhoods(ex: Float64Array, small: number): void {
    const { stageDue, leftSec, note, job, cols } = this.input;
    for (let round = 0; round <= RINS_ROUNDS && stageDue(); round++) {
      const before = this.upperValue;
      const { keep, fix, free } = this.rinsNeighbourhood(ex, small, round === 0);
      if (free === 0) continue;
      const sec = Math.max(
        0.05,
        round === 0
          ? Math.max(DIVE_SHARE * leftSec(), Math.min(DIVE_FLOOR_SEC, DIVE_MOST_SHARE * leftSec()))
          : RINS_SHARE * leftSec(),
      );
      const label = round === 0 ? 'LP dive' : `RINS ${round}`;
      note(`${label}: ${free} of ${cols.S} slots free, incumbent ${this.upperValue + job.offset}`);
      const { ran, halted } = this.solveMip(keep, fix, sec, label, round > 0);
      this.result.nodes += ran && !halted ? Number(cols.model.info.get('mip_node_count')) : 0;
      note(`${label} ended: incumbent ${this.upperValue + job.offset}`);
      this.done.push({ run: label, free_slots: free, incumbent: this.upperValue + job.offset });
      if (round > 0 && !(this.upperValue < before - 1e-9)) break;
    }
  }

  /** The MIP stages over the pairs within `delta` of their slot's cheapest, from the incumbent held. */
  stages(ex: Float64Array, small: number, bound: number): void {
    const { stageDue, leftSec, note, job, cols } = this.input;
    const { pairCount } = cols;
    let delta = Math.min(small, this.upperValue - bound);
    let withinRoom = 0;
    for (let q = 0; q < pairCount; q++) if (ex[q]! <= this.upperValue - bound + 1e-6) withinRoom++;
    const stage1Share = withinRoom > HOPELESS_SHARE * pairCount ? 1 : STAGE1_SHARE;
    note(`pairs within the room: ${withinRoom} of ${pairCount}; stage 1 share ${stage1Share}`);
    for (let stage = 1; stageDue(); stage++) {
      const room = this.upperValue - bound + 1e-6;
      if (stage >= 2) delta = room;
      // A stage whose pairs cover the room is the last unless it finds a better incumbent: the whole time.
      const last = delta >= this.upperValue - bound - 1e-9;
      const keep = new Uint8Array(pairCount);
      for (let q = 0; q < pairCount; q++) if (ex[q]! <= delta + 1e-9) keep[q] = 1;
      for (const q of this.bestPairs) if (q >= 0) keep[q] = 1;
      const stageSec = Math.max(0.05, last ? leftSec() : stage1Share * leftSec());
      const roomFrom = this.upperValue;
      const { modelStatus, halted, ran } = this.solveMip(
        keep,
        null,
        stageSec,
        `MIP stage ${stage}`,
      );
      this.result = this.stageResult(modelStatus, ran && !halted);
      // The kept pairs cover every pair within the room of the incumbent now held: any better
      // solution is one of this MIP's, so its optimum is the role's and its dual bound bounds it.
      const covers = delta >= this.upperValue - bound - 1e-9;
      if (covers) {
        this.proven = this.result.optimal;
        this.coveredBound = Math.max(
          this.coveredBound,
          Math.min(this.result.mipBound, this.upperValue + job.offset),
        );
        // Unproven (stopped at its limit) with time left: the next stage keeps the smaller room of
        // the incumbent it found, from that incumbent.
        if (this.proven || !(this.upperValue < roomFrom - 1e-9)) break;
      }
    }
  }

  /** A stage's result; `finished`: it ran and was not halted, so HiGHS's own figures stand. */
  private stageResult(modelStatus: number, finished: boolean): RoleMipResult {
    const { K, job, cols } = this.input;
    return {
      status:
        (Object.keys(K) as (keyof typeof K)[]).find((k) => K[k] === modelStatus) ??
        String(modelStatus),
      optimal: modelStatus === K.optimal,
      objective: this.upperValue + job.offset,
      // A halted run's solver data is cleared (milp-role-stops.ts): its dual bound is not known.
      mipBound: finished
        ? (cols.model.info.get('mip_dual_bound') as number) + job.offset
        : -Infinity,
      nodes: this.result.nodes + (finished ? Number(cols.model.info.get('mip_node_count')) : 0),
    };
  }

  /**
   * RINS (relaxation-induced neighbourhood): a slot whose incumbent pair the LP
   * also takes whole is fixed to it; every other slot is free over its LP
   * support, its incumbent pair and its pairs of least excess (`ex` within
   * `small`, as stage 1 keeps). The incumbent is a solution of this sub-MIP, so
   * the sub-MIP's best is never worse. A dive fixes every slot the LP fills
   * whole, whatever the incumbent holds there (which may then not fit).
   */
  private rinsNeighbourhood(
    ex: Float64Array,
    small: number,
    dive: boolean,
  ): { keep: Uint8Array; fix: Uint8Array; free: number } {
    const { job, lpX, cols } = this.input;
    const { pairCount, S } = cols;
    const keep = new Uint8Array(pairCount);
    const fix = new Uint8Array(pairCount);
    const fixedSlot = new Uint8Array(S);
    let free = S;
    const fixPair = (q: number) => {
      fixedSlot[job.pairSlot[q]!] = 1;
      keep[q] = 1;
      fix[q] = 1;
      free--;
    };
    if (dive) {
      for (let q = 0; q < pairCount; q++) if (lpX[q]! >= 1 - RINS_WHOLE) fixPair(q);
    } else for (const q of this.bestPairs) if (q >= 0 && lpX[q]! >= 1 - RINS_WHOLE) fixPair(q);
    for (let q = 0; q < pairCount; q++)
      if (!fixedSlot[job.pairSlot[q]!] && (lpX[q]! > RINS_WHOLE || ex[q]! <= small + 1e-9))
        keep[q] = 1;
    if (!dive) for (const q of this.bestPairs) if (q >= 0) keep[q] = 1;
    return { keep, fix, free };
  }

  /**
   * One MIP run (a stage: RINS or stages 1 and 2) over the kept pairs, those in
   * `fix` at 1, from the incumbent held; an improving solution is streamed and
   * becomes the incumbent.
   */
  private solveMip(
    keep: Uint8Array,
    fix: Uint8Array | null,
    seconds: number,
    label: string,
    fromIncumbent = true,
  ): ReplayableRun<Int32Array> {
    const { highs, cols, runs, job, CB, note, logFile, excess } = this.input;
    const { model } = cols;
    runs.stages++;
    this.keepOnly(keep, fix);
    // A dive's fixings may not fit the incumbent: HiGHS then starts without one.
    if (fromIncumbent) model.setSolution({ colValue: cols.columnsOf(this.bestPairs) });
    model.options.set({ presolve: 'on', solver: 'choose', mip_rel_gap: job.mipRelGap });
    const room = this.upperValue - (excess?.bound ?? -Infinity);
    note(
      `${label} (run ${runs.stages}): ${this.kept} pairs kept of ${cols.pairCount}, ${cols.colWhat.length} columns, ${cols.hrowCount} rows, room ${room}, incumbent ${this.upperValue + job.offset}, ${seconds.toFixed(1)} s, heap ${highs.memoryBytes} bytes`,
    );
    let heap = highs.memoryBytes;
    const out = runs.run(Date.now() + 1000 * seconds, {
      [CB.mipImprovingSolution](event) {
        const x = event.data.mip_solution;
        if (x) runs.stream(cols.pairsOf(x));
      },
      // Where the heap grows (the 2 GiB WebAssembly heap: an abort in a long cut loop), in the log.
      ...(logFile
        ? {
            [CB.mipInterrupt](): undefined {
              if (highs.memoryBytes !== heap) note(`heap ${(heap = highs.memoryBytes)} bytes`);
            },
          }
        : {}),
    });
    this.adopt(out);
    return out;
  }

  /**
   * Bounds the model's columns for a MIP over the kept pairs (those in `fix`
   * at 1), after adding the pairs missing from it and every row the kept
   * pairs could break together, so the MIP is the exact model over them.
   */
  private keepOnly(keep: Uint8Array, fix: Uint8Array | null): void {
    const { cols, job } = this.input;
    const missing: number[] = [];
    for (let q = 0; q < cols.pairCount; q++) if (keep[q] && cols.colOf[q]! < 0) missing.push(q);
    cols.addPairs(missing);
    cols.addRows(cols.brokenRows((q) => keep[q]!));
    const n = cols.colWhat.length;
    const lower = new Float64Array(n);
    const upper = new Float64Array(n);
    const types = new Int32Array(n);
    this.kept = 0;
    for (let i = 0; i < n; i++) {
      const q = cols.colWhat[i]!;
      if (q < 0) upper[i] = cols.inf(job.extraUpper[-1 - q]!);
      else {
        upper[i] = keep[q]!;
        lower[i] = fix ? fix[q]! : 0;
        types[i] = 1;
        this.kept += keep[q]!;
      }
    }
    cols.model.changeColsBounds({ kind: 'range', from: 0, to: n - 1 }, lower, upper);
    cols.model.changeColsIntegrality({ kind: 'range', from: 0, to: n - 1 }, types);
  }

  /** A run's best becomes the incumbent when it is better than the one held. */
  private adopt(out: ReplayableRun<Int32Array>): void {
    const { cols } = this.input;
    const hasPrimal = out.ran && cols.model.info.get('primal_solution_status') === 2;
    if (out.halted) {
      // Where a run stopped between callbacks left off: its last streamed incumbent.
      if (out.lastStreamed && cols.valueOfPairs(out.lastStreamed) < this.upperValue) {
        this.bestPairs = out.lastStreamed;
        this.upperValue = cols.valueOfPairs(out.lastStreamed);
      }
    } else if (hasPrimal) {
      const value = cols.model.getObjectiveValue();
      if (value < this.upperValue) {
        this.upperValue = value;
        this.bestPairs = cols.pairsOf(cols.model.getSolution().colValue);
      }
    }
  }
}
