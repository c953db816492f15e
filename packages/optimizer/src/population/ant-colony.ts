import { slotCandidates } from '../core/compile';
import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { startingState } from '../greedy/start';
import { descend } from '../local-search/moves';
import { relatedSlots } from '../local-search/perturb';
import { ThresholdWalk } from '../local-search/threshold-walk';

const ALPHA = 1;
const BETA = 2;
const RHO = 0.1;
const Q0 = 0.2;
/** Ants per iteration (one pheromone update). */
const ANTS = 10;
/** Trails stay within [tauMax / TAU_RATIO, tauMax]: an alternative keeps a real chance. */
const TAU_RATIO = 50;

/**
 * One ant on `state` (Iterated Ants, Wiesemann and Stuetzle): it takes out
 * the holders of `slots` (a job and jobs overlapping it) and rebuilds them
 * in date order, each slot choosing among its free candidates other than
 * the holder it had, with probability proportional to
 * tau[slot, p]^alpha * eta[slot, p]^beta (eta = 1 / (1 + miles / 50)); with
 * probability q0 it takes the best such candidate outright (Ant Colony
 * System's exploitation rule). Slots nobody else can take get their holder
 * back. Returns the slots rebuilt, where the local search starts.
 */
function rebuildByAnt(
  state: SolutionState,
  slots: readonly number[],
  tau: Float64Array,
  eta: Float64Array,
  rng: Rng,
): number[] {
  const c = state.c;
  const P = c.physicistCount;
  const order = [...slots].sort((x, y) => c.jobFirstDay[x >> 1]! - c.jobFirstDay[y >> 1]! || x - y);
  const previous = order.map((slot) => state.assign[slot]!);
  for (const slot of order) if (state.assign[slot]! >= 0) state.move(slot, -1);
  const free: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const slot = order[i]!;
    const job = slot >> 1;
    free.length = 0;
    weight.length = 0;
    let total = 0;
    let best = 0;
    for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
      const p = c.candidates[k]!;
      if (p === previous[i] || !state.isFree(p, job)) continue;
      const w = tau[slot * P + p]! ** ALPHA * eta[slot * P + p]! ** BETA;
      if (free.length === 0 || w > weight[best]!) best = free.length;
      free.push(p);
      weight.push(w);
      total += w;
    }
    if (free.length === 0) {
      if (previous[i]! >= 0 && state.isFree(previous[i]!, job)) state.move(slot, previous[i]!);
      continue;
    }
    let pick = best;
    if (rng.next() >= Q0) {
      let u = rng.next() * total;
      pick = 0;
      while (pick < free.length - 1 && (u -= weight[pick]!) > 0) pick++;
    }
    state.move(slot, free[pick]!);
  }
  fillEmptySlots(state);
  return order;
}

/**
 * `aco`: ant colony optimisation as Iterated Ants (Wiesemann and Stuetzle)
 * with MAX-MIN trails: ants do not build whole solutions from nothing, which
 * at 1,000 jobs costs more than a hundred local-search steps and starts far
 * from any good solution; each ant rebuilds part of the current solution
 * from the trails. Pheromone tau per (slot, physicist) and visibility from
 * distance. Each iteration ANTS ants run one after the other on the current
 * solution: an ant takes out the holders of a job and of jobs overlapping it
 * (2 to 11 slots, as an ILS kick), rebuilds them from the trails
 * (rebuildByAnt), refills what is left empty and descends from the rebuilt
 * slots; the result is kept when it is better than the current solution or
 * worse by less than ils's threshold (0.1% of the non-coverage cost, falling
 * to nothing over the run through ctx.schedule), else undone. After 2 J ants
 * without a new best the colony goes back to the best. Then all trails
 * evaporate by rho, and the current solution (every fifth iteration the
 * best so far) deposits 1/F' on its choices, where F' is F without the
 * coverage term; trails stay within [tauMax / 50, tauMax], tauMax = 1 / (rho F'best).
 */
export const antColony: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const P = c.physicistCount;
  const rng = ctx.rng;
  const stop = () => ctx.stopWithinStep();
  const current = startingState(ctx);
  descend(current, rng, stop);
  ctx.offer(current, 'aco');
  const cost = (s: SolutionState) => Math.max(1e-6, s.total - 1e6 * s.unassigned);
  const eta = new Float64Array(2 * c.jobCount * P);
  for (let slot = 0; slot < 2 * c.jobCount; slot++) {
    for (const p of slotCandidates(c, slot))
      eta[slot * P + p] = 1 / (1 + c.distance[(slot >> 1) * P + p]! / 50);
  }
  let tauMax = 1 / (RHO * cost(ctx.best));
  let tauMin = tauMax / TAU_RATIO;
  const tau = new Float64Array(2 * c.jobCount * P).fill(tauMax);
  const limit = ctx.iterationCap;
  let antsRun = 0;
  // Each ant works on `current` itself and is rolled back when rejected (no copies).
  const walk = new ThresholdWalk(ctx, current, 'aco', Math.max(100, 2 * c.jobCount));
  let iteration = 0;
  // An iteration is ANTS ants and a pheromone update; the ants are timed one by one as well.
  const step = new StepTimer(ctx.now);
  const antStep = new StepTimer(ctx.now);
  for (
    ;
    iteration < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    iteration++
  ) {
    const threshold =
      0.001 * (1 - ctx.schedule(iteration)) * (walk.total - 1e6 * current.unassigned);
    antStep.start();
    for (let k = 0; k < ANTS && !ctx.stopWithinStep(antStep.longestMs); k++) {
      const size = 2 + rng.int(Math.min(10, c.openSlots.length));
      const rebuilt = rebuildByAnt(current, relatedSlots(current, rng, size), tau, eta, rng);
      descend(current, rng, stop, rebuilt);
      antsRun++;
      walk.settle(threshold);
      antStep.lap();
    }
    tauMax = 1 / (RHO * cost(ctx.best));
    tauMin = tauMax / TAU_RATIO;
    const depositor = iteration % 5 === 4 ? ctx.best : current;
    const amount = 1 / cost(depositor);
    for (const slot of c.openSlots) {
      for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
        const i = slot * P + c.candidates[k]!;
        tau[i] = Math.max(tauMin, (1 - RHO) * tau[i]!);
      }
    }
    for (const slot of c.openSlots) {
      const p = depositor.assign[slot]!;
      if (p >= 0) tau[slot * P + p] = Math.min(tauMax, tau[slot * P + p]! + amount);
    }
    ctx.report(`aco iteration ${iteration}`, ctx.schedule(iteration));
    await ctx.pause();
    step.lap();
  }
  current.endCheckpoint();
  return {
    stats: {
      iterations: iteration,
      iteration_unit: `${ANTS} ants (each rebuilds a few related slots from the trails, then descends) and a pheromone update`,
      ants: antsRun,
      ants_accepted: walk.accepted,
      restarts_from_best: walk.restarts,
      ants_per_iteration: ANTS,
      rho: RHO,
      alpha: ALPHA,
      beta: BETA,
    },
  };
};
