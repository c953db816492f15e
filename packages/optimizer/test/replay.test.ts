import { evaluateObjective } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import { ALGORITHM_REGISTRY } from '../src/registry/algorithm-registry';
import { randomInstance } from './fixtures';

const instance = randomInstance(12, 50, 12, 2);
const compiled = compileInstance(instance, instance.weights);

/**
 * Runs `algorithm` under an iteration cap in a context whose clock says
 * `elapsedMs` of `limitMs` are already gone, and returns its best solution's F.
 */
async function cappedRun(algorithm: AlgorithmKey, cap: number, limitMs: number, elapsedMs: number) {
  const ctx = new AlgorithmContext(
    instance,
    compiled,
    { algorithm, seed: 4, timeLimitMs: limitMs, maxIterations: cap },
    undefined,
    undefined,
    { startedAt: performance.now() - elapsedMs },
  );
  const outcome = await ALGORITHM_REGISTRY[algorithm](ctx);
  return { ctx, outcome, total: ctx.best.total, assign: Array.from(ctx.best.assign) };
}

describe('a capped run is replayable', () => {
  it.each([
    ['ils', 300],
    ['alns', 300],
    ['mcmc_sa', 40_000],
    ['ts', 300],
    ['ga', 150],
    ['aco', 12],
    ['monte_carlo', 30],
  ] as [AlgorithmKey, number][])(
    '%s: the same solution 25 s into a 30 s limit as at the start of a 90 s one',
    async (algorithm, cap) => {
      // Had a schedule read the clock, the first run would start five sixths of the way cold.
      const late = await cappedRun(algorithm, cap, 30_000, 25_000);
      const fresh = await cappedRun(algorithm, cap, 90_000, 0);
      expect(late.ctx.isTimedOut).toBe(false);
      expect(late.outcome.stats?.iterations).toBe(cap);
      expect(fresh.outcome.stats?.iterations).toBe(cap);
      expect(fresh.assign).toEqual(late.assign);
      // The solution's F, recomputed from scratch by the domain evaluator.
      const assignments = fresh.ctx.best.toAssignments();
      expect(evaluateObjective(instance, assignments).total).toBeCloseTo(late.total, 6);
    },
  );

  it('without a cap, the schedule is the share of the time budget used', () => {
    const ctx = new AlgorithmContext(
      instance,
      compiled,
      { algorithm: 'ils', seed: 1, timeLimitMs: 40_000 },
      undefined,
      undefined,
      { startedAt: performance.now() - 10_000 },
    );
    expect(ctx.iterationCap).toBe(Infinity);
    expect(ctx.schedule(123)).toBeGreaterThan(0.24);
    expect(ctx.schedule(123)).toBeLessThan(0.3);
  });
});
