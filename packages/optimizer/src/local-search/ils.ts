import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { startingState } from '../greedy/start';
import { descend } from './moves';
import { kickAndDescend } from './kick-search';
import { ThresholdWalk } from './threshold-walk';

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
  const walk = new ThresholdWalk(ctx, current, 'ils', Math.max(100, 2 * c.jobCount));
  const limit = ctx.iterationCap;
  let iteration = 0;
  const step = new StepTimer(ctx.now);
  for (
    ;
    iteration < limit && !ctx.shouldStop(step.longestMs) && c.openSlots.length > 0;
    iteration++
  ) {
    const rest = walk.total - 1e6 * current.unassigned;
    kickAndDescend(current, rng, stop);
    // Threshold acceptance: 0.1% of the non-coverage cost early on, nothing at the end.
    walk.settle(0.001 * (1 - ctx.schedule(iteration)) * rest);
    ctx.report(`ils iteration ${iteration}`, ctx.schedule(iteration));
    await ctx.pause();
    step.lap();
  }
  return {
    stats: {
      iterations: iteration,
      iteration_unit: 'kick, descent and acceptance test',
      accepted_kicks: walk.accepted,
      restarts_from_best: walk.restarts,
    },
  };
};
