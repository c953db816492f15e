import { describe, expect, it } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext, StepTimer } from '../src/core/context';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

const busyWait = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('time limits', () => {
  it('the deadline counts from the run start and keeps the reserve back', () => {
    const instance = randomInstance(1, 10, 4);
    const options = { algorithm: 'ils' as const, timeLimitMs: 10_000, seed: 1 };
    const ctx = new AlgorithmContext(
      instance,
      compileInstance(instance),
      options,
      undefined,
      undefined,
      {
        startedAt: performance.now() - 2_000,
        reserveMs: 1_000,
      },
    );
    expect(ctx.deadlineMs).toBe(9_000);
    expect(ctx.remainingMs).toBeLessThanOrEqual(7_000);
    expect(ctx.shouldStop()).toBe(false);
    // A step as long as the time left would end past the deadline: the limit ends the run.
    expect(ctx.shouldStop(ctx.remainingMs + 1)).toBe(true);
    expect(ctx.isTimedOut).toBe(true);
    expect(ctx.shouldStop()).toBe(true);
  });

  it('a step timer keeps the longest step', () => {
    const step = new StepTimer();
    busyWait(30);
    step.lap();
    step.start();
    busyWait(5);
    step.lap();
    expect(step.longestMs).toBeGreaterThanOrEqual(30);
    expect(step.longestMs).toBeLessThan(1_000);
  });

  it('validation and compiling count against the limit', async () => {
    const instance = randomInstance(2, 40, 10);
    // Compiling takes longer than the whole limit, so the search has no time left at all.
    const slowCompile: typeof compileInstance = (inst, weights) => {
      busyWait(300);
      return compileInstance(inst, weights);
    };
    const options = { algorithm: 'ils' as const, timeLimitMs: 250, seed: 1 };
    const result = await solveInProcess(instance, options, {}, slowCompile);
    expect(result.status).toBe('timeout');
    expect(result.stats.iterations).toBe(0);
    expect(result.elapsed_ms).toBeGreaterThanOrEqual(300);
  });
});
