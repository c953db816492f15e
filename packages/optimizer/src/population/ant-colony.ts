import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../construct/date-order';
import { startingState } from '../greedy/start';
import { improveByKicks } from '../local-search/kick-search';
import { descend } from '../local-search/moves';

const ALPHA = 1;
const BETA = 2;
const RHO = 0.1;
const Q0 = 0.2;
const ANTS = 8;

/**
 * One ant: jobs in date order; each slot picks a free candidate p with
 * probability proportional to tau[slot, p]^alpha * eta[slot, p]^beta, where
 * the visibility eta = 1 / (1 + miles / 50); with probability q0 it takes the
 * best such candidate outright (Ant Colony System's exploitation rule).
 */
function constructAnt(
  c: CompiledInstance,
  tau: Float64Array,
  eta: Float64Array,
  rng: Rng,
): SolutionState {
  const state = new SolutionState(c);
  const P = c.physicistCount;
  const free: number[] = [];
  const weight: number[] = [];
  for (const job of jobsInDateOrder(c)) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0) continue;
      free.length = 0;
      weight.length = 0;
      let total = 0;
      let best = 0;
      for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
        const p = c.candidates[k]!;
        if (!state.isFree(p, job)) continue;
        const w = tau[slot * P + p]! ** ALPHA * eta[slot * P + p]! ** BETA;
        if (free.length === 0 || w > weight[best]!) best = free.length;
        free.push(p);
        weight.push(w);
        total += w;
      }
      if (free.length === 0) continue;
      let pick = best;
      if (rng.next() >= Q0) {
        let u = rng.next() * total;
        pick = 0;
        while (pick < free.length - 1 && (u -= weight[pick]!) > 0) pick++;
      }
      state.move(slot, free[pick]!);
    }
  }
  fillEmptySlots(state);
  return state;
}

/**
 * `aco`: ant colony optimisation (MAX-MIN Ant System). Pheromone tau per
 * (job, slot, physicist), visibility from distance; each iteration ANTS ants
 * (fewer from 500 jobs up: 4000 / J, at least 2)
 * build solutions, the iteration-best ant is improved by a descent and a
 * short iterated local search (MMAS with local search), all trails evaporate by rho, and the iteration-best ant
 * (every fifth iteration the best so far) deposits 1/F' on its choices, where
 * F' is F without the coverage term. Trails stay within [tauMin, tauMax].
 */
export const antColony: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const P = c.physicistCount;
  const rng = ctx.rng;
  const start = startingState(ctx);
  const cost = (s: SolutionState) => Math.max(1e-6, s.total - 1e6 * s.unassigned);
  const eta = new Float64Array(2 * c.jobCount * P);
  for (let slot = 0; slot < 2 * c.jobCount; slot++) {
    for (const p of slotCandidates(c, slot))
      eta[slot * P + p] = 1 / (1 + c.distance[(slot >> 1) * P + p]! / 50);
  }
  let tauMax = 1 / (RHO * cost(start));
  let tauMin = tauMax / (2 * Math.max(1, c.openSlots.length));
  const tau = new Float64Array(2 * c.jobCount * P).fill(tauMax);
  const limit = ctx.iterationCap;
  const stop = () => ctx.stopWithinStep();
  // Local search of the iteration-best ant: as many kicks as there are open slots.
  const antKicks = Math.max(10, c.openSlots.length);
  // Fewer ants on large instances, where one construction costs more than many kicks.
  const ants = Math.max(2, Math.min(ANTS, Math.round(4000 / Math.max(1, c.jobCount))));
  let improvingKicks = 0;
  let iteration = 0;
  // An iteration is the ants' constructions and a local search; the ants are timed one by one as well.
  const step = new StepTimer();
  const antStep = new StepTimer();
  for (
    ;
    iteration < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    iteration++
  ) {
    let iterationBest: SolutionState | null = null;
    antStep.start();
    for (let k = 0; k < ants && !ctx.stopWithinStep(antStep.longestMs); k++) {
      const ant = constructAnt(c, tau, eta, rng);
      if (!iterationBest || ant.total < iterationBest.total) iterationBest = ant;
      antStep.lap();
    }
    if (!iterationBest) break;
    // MMAS with local search (Stuetzle and Hoos): the iteration-best ant descends, then a
    // short iterated local search improves it, before it deposits.
    descend(iterationBest, rng, stop);
    improvingKicks += improveByKicks(iterationBest, rng, antKicks, stop);
    if (ctx.offer(iterationBest, 'aco')) {
      tauMax = 1 / (RHO * cost(ctx.best));
      tauMin = tauMax / (2 * Math.max(1, c.openSlots.length));
    }
    const depositor = iteration % 5 === 4 ? ctx.best : iterationBest;
    const amount = 1 / cost(depositor);
    for (let i = 0; i < tau.length; i++) tau[i] = Math.max(tauMin, (1 - RHO) * tau[i]!);
    for (const slot of c.openSlots) {
      const p = depositor.assign[slot]!;
      if (p >= 0) tau[slot * P + p] = Math.min(tauMax, tau[slot * P + p]! + amount);
    }
    ctx.report(`aco iteration ${iteration}`, ctx.schedule(iteration));
    await ctx.pause();
    step.lap();
  }
  return {
    stats: {
      iterations: iteration,
      iteration_unit: `${ants} ant constructions, the local search of the best and a pheromone update`,
      ant_kicks: antKicks,
      improving_kicks: improvingKicks,
      ants,
      rho: RHO,
      alpha: ALPHA,
      beta: BETA,
    },
  };
};
