import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import type { SolutionState } from '../core/solution';
import { balancedGreedy } from '../greedy/balanced-heuristic';
import { randomizedGreedy, samplingTemperature } from '../greedy/randomized-greedy';
import { startingState } from '../greedy/start';
import { improveByKicks } from '../local-search/kick-search';
import { descend } from '../local-search/moves';
import { crossover, mutate, tournament } from './genetic-operators';

/**
 * `ga`: a steady-state memetic algorithm (a genetic algorithm whose
 * offspring are improved by local search). Population of feasible solutions
 * (the start solution, the balanced greedy and randomised greedy samples),
 * each brought to a local optimum by descent; each generation two parents by
 * tournament, job-wise uniform crossover with feasibility repair (clashing
 * slots refilled, then a descent from those slots), mutation, then a short
 * iterated local search on the child (`offspringKicks` kick-and-descend
 * steps, improvements only); the child replaces the worst member when it is
 * better and not a duplicate (same F) of a member.
 */
export const genetic: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const size = Math.max(
    8,
    Math.min(40, Math.round(4000 / Math.max(1, Math.sqrt(c.jobCount) * 10))),
  );
  const temperature = samplingTemperature(c);
  const population: SolutionState[] = [startingState(ctx), balancedGreedy(c)];
  const sampling = new StepTimer();
  while (population.length < size && !ctx.stopWithinStep(sampling.longestMs)) {
    population.push(randomizedGreedy(c, rng, temperature));
    sampling.lap();
  }
  const stop = () => ctx.stopWithinStep();
  for (const member of population) {
    descend(member, rng, stop);
    ctx.offer(member, 'ga');
  }
  // Local search per child: kicks for half as many as the open slots (1,000 at 1,000 jobs).
  const offspringKicks = Math.max(10, Math.round(0.5 * c.openSlots.length));
  const differing: number[] = [];
  let improvingKicks = 0;
  const child = population[0]!.clone();
  const limit = ctx.iterationCap;
  const mutationRate = 2 / Math.max(1, c.openSlots.length) + 0.01;
  let generation = 0;
  let replacements = 0;
  const step = new StepTimer();
  for (
    ;
    generation < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    generation++
  ) {
    const a = tournament(population, rng);
    let b = tournament(population, rng);
    for (let k = 0; k < 3 && b === a; k++) b = tournament(population, rng);
    const repaired = crossover(child, a, b, rng);
    mutate(child, rng, mutationRate);
    // Repair polish: clashes were patched with whoever was free, so improve just those slots.
    // The parents are local optima: the child can improve where they differ and where it was repaired.
    differing.length = 0;
    for (const slot of c.openSlots) if (a.assign[slot] !== b.assign[slot]) differing.push(slot);
    descend(child, rng, stop, [...differing, ...repaired]);
    improvingKicks += improveByKicks(child, rng, offspringKicks, stop);
    let worst = 0;
    for (let i = 1; i < population.length; i++) {
      if (population[i]!.total > population[worst]!.total) worst = i;
    }
    const duplicate = population.some((m) => Math.abs(m.total - child.total) < 1e-9);
    if (!duplicate && child.total < population[worst]!.total) {
      population[worst]!.copyFrom(child);
      replacements++;
      ctx.offer(child, 'ga');
    }
    ctx.report(`generation ${generation}`, ctx.schedule(generation));
    await ctx.pause();
    step.lap();
  }
  return {
    stats: {
      iterations: generation,
      iteration_unit: 'generation (one child and its local search)',
      population: population.length,
      replacements,
      offspring_kicks: offspringKicks,
      improving_kicks: improvingKicks,
    },
  };
};
