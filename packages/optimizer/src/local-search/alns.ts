import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';
import { startingState } from '../greedy/start';
import type { Destroy, Repair } from './alns-operators';
import * as ops from './alns-operators';
import { reassignSlicesAround } from './slice-assignment';

const DESTROYS: [string, Destroy][] = [
  ['random', ops.randomDestroy],
  ['time', ops.timeDestroy],
  ['geo', ops.geoDestroy],
  ['worst', ops.worstDestroy],
  ['physicist', ops.physicistDestroy],
];
const REPAIRS: [string, Repair][] = [
  ['greedy', ops.greedyRepair],
  ['noisy', ops.noisyRepair],
  ['regret', ops.regretRepair],
  ['slice', (state, _rng, slots) => void reassignSlicesAround(state, slots)],
];
/** Ropke and Pisinger's scores: new best, better than current, accepted worse; reaction 0.1 per 100 iterations. */
const SCORE_BEST = 33;
const SCORE_BETTER = 9;
const SCORE_ACCEPTED = 13;
const REACTION = 0.1;
const SEGMENT = 100;

/** Roulette-wheel choice by weight. */
function roulette(weights: number[], u: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i]!;
    if (u * total < acc) return i;
  }
  return weights.length - 1;
}

/**
 * `alns`: adaptive large neighbourhood search. Each iteration a destroy and a
 * repair operator, chosen by roulette on adaptive weights, rebuild part of
 * the current solution; simulated-annealing acceptance with a temperature
 * cooling geometrically over the run; weights updated every segment from
 * each operator's scores.
 */
export const alns: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const current = startingState(ctx);
  // Each destroy and repair works on `current` itself and is rolled back when rejected.
  current.checkpoint();
  let currentTotal = current.total;
  const destroyWeight = DESTROYS.map(() => 1);
  const repairWeight = REPAIRS.map(() => 1);
  const destroyScore = DESTROYS.map(() => 0);
  const repairScore = REPAIRS.map(() => 0);
  const destroyUses = DESTROYS.map(() => 0);
  const repairUses = REPAIRS.map(() => 0);
  const limit = ctx.iterationCap;
  const maxSize = Math.max(4, Math.min(60, Math.round(0.15 * c.openSlots.length)));
  const t0 = initialTemperature(current, ctx.startAssignment !== undefined);
  let iteration = 0;
  // Per operator over the whole run: uses and wall-clock ms (what each costs at this size).
  const destroyTotalUses = DESTROYS.map(() => 0);
  const repairTotalUses = REPAIRS.map(() => 0);
  const destroyMs = DESTROYS.map(() => 0);
  const repairMs = REPAIRS.map(() => 0);
  const step = new StepTimer(ctx.now);
  for (
    ;
    iteration < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    iteration++
  ) {
    const d = roulette(destroyWeight, rng.next());
    const r = roulette(repairWeight, rng.next());
    const started = performance.now();
    const removed = DESTROYS[d]![1](current, rng, 2 + rng.int(maxSize - 1));
    const destroyed = performance.now();
    REPAIRS[r]![1](current, rng, removed);
    destroyMs[d]! += destroyed - started;
    repairMs[r]! += performance.now() - destroyed;
    fillEmptySlots(current);
    const temperature = t0 * 0.001 ** ctx.schedule(iteration);
    const delta = current.total - currentTotal;
    let score = 0;
    if (delta < -1e-9 || rng.next() < Math.exp(-delta / temperature)) {
      current.checkpoint();
      currentTotal = current.total;
      score = ctx.offer(current, 'alns')
        ? SCORE_BEST
        : delta < -1e-9
          ? SCORE_BETTER
          : SCORE_ACCEPTED;
    } else current.rollback();
    destroyScore[d]! += score;
    repairScore[r]! += score;
    destroyUses[d]!++;
    repairUses[r]!++;
    destroyTotalUses[d]!++;
    repairTotalUses[r]!++;
    if ((iteration + 1) % SEGMENT === 0) {
      adapt(destroyWeight, destroyScore, destroyUses);
      adapt(repairWeight, repairScore, repairUses);
    }
    ctx.report(`alns iteration ${iteration}`, ctx.schedule(iteration));
    await ctx.pause();
    step.lap();
  }
  return {
    stats: alnsStats(
      iteration,
      { uses: destroyTotalUses, ms: destroyMs, weights: destroyWeight },
      { uses: repairTotalUses, ms: repairMs, weights: repairWeight },
    ),
  };
};

/**
 * T0 accepts a 0.5% worse solution with probability 1/2 (0.1% when the run is handed a
 * solution to improve, as a portfolio member or a replanning run is: hotter, it first
 * undoes that solution's gains); it cools by 1000x over the run.
 */
function initialTemperature(current: SolutionState, handedStart: boolean): number {
  const warm = handedStart ? 0.001 : 0.005;
  return Math.max(1e-6, (warm * (current.total - 1e6 * current.unassigned)) / Math.LN2);
}

/** One operator family's run totals: uses, wall-clock ms and final weights, index by index. */
interface OperatorTotals {
  uses: number[];
  ms: number[];
  weights: number[];
}

/** The run's stats: each operator's uses, cost per use and final weight, by name. */
function alnsStats(iterations: number, destroy: OperatorTotals, repair: OperatorTotals) {
  const named = (list: [string, unknown][], w: number[]) =>
    Object.fromEntries(list.map(([name], i) => [name, Number(w[i]!.toFixed(3))]));
  return {
    iterations,
    iteration_unit: 'destroy, repair and acceptance test',
    destroy_uses: named(DESTROYS, destroy.uses),
    repair_uses: named(REPAIRS, repair.uses),
    destroy_ms_per_use: named(DESTROYS, perUse(destroy.ms, destroy.uses)),
    repair_ms_per_use: named(REPAIRS, perUse(repair.ms, repair.uses)),
    destroy_weights: named(DESTROYS, destroy.weights),
    repair_weights: named(REPAIRS, repair.weights),
  };
}

const perUse = (ms: number[], uses: number[]) => ms.map((t, i) => t / Math.max(1, uses[i]!));

function adapt(weights: number[], scores: number[], uses: number[]): void {
  for (let i = 0; i < weights.length; i++) {
    if (uses[i]! > 0)
      weights[i] = (1 - REACTION) * weights[i]! + (REACTION * scores[i]!) / uses[i]!;
    weights[i] = Math.max(weights[i]!, 0.05);
    scores[i] = 0;
    uses[i] = 0;
  }
}
