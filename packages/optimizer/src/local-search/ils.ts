import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { startingState } from '../greedy/start';
import { descend } from './moves';
import { kickAndDescend } from './kick-search';

/**
 * `ils`: iterated local search. Descent (reassign and swap moves) to a local
 * optimum; then repeatedly kick a group of related slots, descend again from
 * the kicked slots, and accept the result if it is better than the current
 * one or worse by less than a threshold that shrinks to zero over the run.
 * After `restartAfter` iterations without a new best it restarts from the best.
 * The threshold follows ctx.schedule: the iteration count under a cap, else
 * the clock, so an uncapped run searches until its time limit.
 */
export const ils: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const stop = () => ctx.stopWithinStep();
  const current = startingState(ctx);
  descend(current, rng, stop);
  ctx.offer(current, 'ils');
  // Each kick is tried on `current` itself and rolled back when rejected (no copies).
  current.checkpoint();
  let currentTotal = current.total;
  const limit = ctx.iterationCap;
  const restartAfter = Math.max(100, 2 * c.jobCount);
  let sinceBest = 0;
  let accepted = 0;
  let restarts = 0;
  let iteration = 0;
  const step = new StepTimer();
  for (
    ;
    iteration < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    iteration++
  ) {
    const rest = currentTotal - 1e6 * current.unassigned;
    kickAndDescend(current, rng, stop);
    // Threshold acceptance: 0.1% of the non-coverage cost early on, nothing at the end.
    const threshold = 0.001 * (1 - ctx.schedule(iteration)) * rest;
    if (current.total < currentTotal + threshold) {
      current.checkpoint();
      currentTotal = current.total;
      accepted++;
    } else current.rollback();
    if (ctx.offer(current, 'ils')) sinceBest = 0;
    else if (++sinceBest >= restartAfter) {
      current.copyFrom(ctx.best);
      current.checkpoint();
      currentTotal = current.total;
      sinceBest = 0;
      restarts++;
    }
    ctx.report(`ils iteration ${iteration}`, ctx.schedule(iteration));
    await ctx.pause();
    step.lap();
  }
  return {
    stats: {
      iterations: iteration,
      iteration_unit: 'kick, descent and acceptance test',
      accepted_kicks: accepted,
      restarts_from_best: restarts,
    },
  };
};
