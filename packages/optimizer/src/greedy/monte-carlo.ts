import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { randomizedGreedy, samplingTemperature } from './randomized-greedy';

/**
 * `monte_carlo`: randomised greedy sampling. Draws many independent
 * randomised greedy solutions (jittered date order, Boltzmann choice of the
 * candidate on the objective delta) and keeps the best. No local search: a
 * pure sampler, until its time limit or the iteration cap.
 */
export const monteCarlo: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const temperature = samplingTemperature(c);
  const limit = ctx.iterationCap;
  let samples = 0;
  let improvements = 0;
  const step = new StepTimer(ctx.now);
  for (; samples < limit && !ctx.shouldStop(step.longestMs); samples++) {
    const sample = randomizedGreedy(c, ctx.rng, temperature);
    if (ctx.offer(sample, 'monte_carlo')) improvements++;
    ctx.report(`sample ${samples + 1}`, ctx.schedule(samples + 1));
    await ctx.pause();
    step.lap();
  }
  return {
    stats: {
      method: 'pure sampling: independent randomised greedy solutions, no local search',
      iterations: samples,
      iteration_unit: 'sample (one randomised greedy solution)',
      improvements,
      temperature: Number(temperature.toPrecision(4)),
    },
  };
};
