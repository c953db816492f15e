import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import type { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../construct/date-order';
import { randomizedGreedy, samplingTemperature } from '../greedy/randomized-greedy';
import { startingState } from '../greedy/start';
import { descend } from '../local-search/moves';
import { improveOffspring, mutate, tournament, windowCrossover } from './genetic-operators';
import type { OffspringSearchCounts } from './genetic-operators';

/**
 * `ga`: a steady-state memetic algorithm (a genetic algorithm whose
 * offspring are improved by local search). A small population (6, 10 up to
 * 200 jobs) of feasible solutions (the start solution and randomised greedy
 * samples), each brought to a local optimum by descent. Each generation:
 * two parents by tournament; date-window crossover (the first parent with
 * the jobs of a stretch of dates from the second, clashes repaired); a light
 * mutation; then the child's local search (`improveOffspring`): a descent
 * from the slots that changed, a segment of `ils` (`offspringKicks`
 * kick-and-descend steps with ils's threshold acceptance, ending at the best
 * state seen) and up to three passes of exact slice re-assignment. The child
 * replaces the worst member when it is better and not a duplicate (same F)
 * of a member, so the best member (the elite) is never lost. The threshold
 * follows ctx.schedule(generation), so it falls to zero over the run's
 * generations as ils's does over its kicks.
 */
export const genetic: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const size = c.jobCount <= 200 ? 10 : 6;
  const temperature = samplingTemperature(c);
  const population: SolutionState[] = [startingState(ctx)];
  const sampling = new StepTimer(ctx.now);
  while (population.length < size && !ctx.stopWithinStep(sampling.longestMs)) {
    population.push(randomizedGreedy(c, rng, temperature));
    sampling.lap();
  }
  const stop = () => ctx.stopWithinStep();
  for (const member of population) {
    descend(member, rng, stop);
    ctx.offer(member, 'ga');
  }
  const order = jobsInDateOrder(c);
  // Local search per child: kicks for a quarter of the open slots (500 at 1,000 jobs), at least 50.
  const offspringKicks = Math.max(50, Math.round(0.25 * c.openSlots.length));
  const search: OffspringSearchCounts = {
    walk: { steps: 0, accepted: 0, improvements: 0 },
    sliceGain: 0,
  };
  const child = population[0]!.clone();
  const scratch = population[0]!.clone();
  const limit = ctx.iterationCap;
  const mutationRate = 1 / Math.max(1, c.openSlots.length);
  let generation = 0;
  let replacements = 0;
  const step = new StepTimer(ctx.now);
  for (
    ;
    generation < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    generation++
  ) {
    const a = tournament(population, rng, 2);
    let b = tournament(population, rng, 2);
    for (let k = 0; k < 3 && b === a; k++) b = tournament(population, rng, 2);
    const changed = windowCrossover(child, a, b, order, rng);
    mutate(child, rng, mutationRate);
    // ils's acceptance threshold: 0.1% of the non-coverage cost early on, nothing at the end.
    const thresholdShare = 0.001 * (1 - ctx.schedule(generation));
    improveOffspring(child, scratch, changed, rng, offspringKicks, thresholdShare, stop, search);
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
      iteration_unit: 'generation (one child: crossover, mutation and its local search)',
      population: population.length,
      replacements,
      offspring_kicks: offspringKicks,
      child_kicks: search.walk.steps,
      child_kicks_accepted: search.walk.accepted,
      child_kicks_improving: search.walk.improvements,
      child_slice_gain: Number(search.sliceGain.toFixed(3)),
    },
  };
};
