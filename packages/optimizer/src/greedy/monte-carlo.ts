import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { randomizedGreedy, samplingTemperature } from './randomized-greedy';

/**
 * `monte_carlo`: randomised greedy sampling. Draws many independent
 * randomised greedy solutions (jittered date order, Boltzmann choice of the
 * candidate on the objective delta) and keeps the best. No local search.
 */
export const monteCarlo: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const temperature = samplingTemperature(c);
  const limit = ctx.iterationLimit(Math.max(200, Math.round(200_000 / Math.max(1, c.jobCount))));
  let samples = 0;
  let improvements = 0;
  const step = new StepTimer();
  for (; samples < limit && !ctx.shouldStop(step.longestMs); samples++) {
    const sample = randomizedGreedy(c, ctx.rng, temperature);
    if (ctx.offer(sample, 'monte_carlo')) improvements++;
    ctx.report(`sample ${samples + 1} of ${limit}`, (samples + 1) / limit);
    await ctx.pause();
    step.lap();
  }
  return { stats: { samples, improvements, temperature: Number(temperature.toPrecision(4)) } };
};
