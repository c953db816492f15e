import { describe, expect, it, vi } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext, StepTimer } from '../src/core/context';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

describe('time limits', () => {
  it('the deadline counts from the run start and keeps the reserve back', () => {
    const instance = randomInstance(1, 10, 4);
    const options = { algorithm: 'ils' as const, timeLimitMs: 10_000, seed: 1 };
    // An injected clock: the run started at 1,000 and it is now 3,000, whatever the machine does.
    let now = 3_000;
    const ctx = new AlgorithmContext(
      instance,
      compileInstance(instance),
      options,
      undefined,
      undefined,
      { startedAt: 1_000, reserveMs: 1_000, now: () => now },
    );
    expect(ctx.deadlineMs).toBe(9_000);
    expect(ctx.elapsedMs).toBe(2_000);
    expect(ctx.remainingMs).toBe(7_000);
    expect(ctx.shouldStop()).toBe(false);
    // A step as long as the time left would end past the deadline: the limit ends the run.
    expect(ctx.shouldStop(7_000)).toBe(true);
    expect(ctx.isTimedOut).toBe(true);
    expect(ctx.shouldStop()).toBe(true);
    // And once past the deadline, a fresh context says stop at its first test.
    now = 10_000;
    const late = new AlgorithmContext(
      instance,
      compileInstance(instance),
      options,
      undefined,
      undefined,
      {
        startedAt: 1_000,
        reserveMs: 1_000,
        now: () => now,
      },
    );
    expect(late.remainingMs).toBe(0);
    expect(late.shouldStop()).toBe(true);
  });

  it('a step timer keeps the longest step', () => {
    let now = 0;
    const step = new StepTimer(() => now);
    now = 30;
    step.lap();
    now = 100;
    step.start();
    now = 105;
    step.lap();
    expect(step.longestMs).toBe(30);
  });

  it('validation and compiling count against the limit', async () => {
    const instance = randomInstance(2, 40, 10);
    // performance.now is the runner's clock: here it moves only when compiling "takes" 300 ms,
    // longer than the whole 250 ms limit, so the search has no time left at all.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const slowCompile: typeof compileInstance = (inst, weights) => {
        now += 300;
        return compileInstance(inst, weights);
      };
      const options = { algorithm: 'ils' as const, timeLimitMs: 250, seed: 1 };
      const result = await solveInProcess(instance, options, {}, slowCompile);
      expect(result.status).toBe('timeout');
      expect(result.stats.iterations).toBe(0);
      expect(result.elapsed_ms).toBe(300);
    } finally {
      clock.mockRestore();
    }
  });
});
