import { checkHardConstraints } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../bench/generate';
import { ALGORITHM_REGISTRY } from '../src/registry/algorithm-registry';
import { solve } from '../src/runtime/solve';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { runDirect } from './exact-helpers';
import { randomInstance } from './fixtures';
import { countingClock } from './support/fake-clock';

/**
 * Most stop tests a method may ask after the cancel before it returns: the
 * first says stop, and each enclosing loop (an iteration inside a descent
 * inside a restart) asks once more on its way out. A method that goes on
 * working asks many more (every iteration asks).
 */
const MAX_CHECKS_AFTER_CANCEL = 4;

describe('cancellation and time limits', () => {
  const instance = generateInstance(2, 300, 30);

  it.each(['alns', 'mcmc_sa', 'ga', 'cp_sat'] as const)(
    '%s on a worker: a cancel while it searches ends the run with status cancelled and a feasible best',
    async (algorithm) => {
      // The limit is 600 s and the test's timeout 120 s: only the cancel can end this run in time.
      const controller = new AbortController();
      const result = await solve(
        instance,
        { algorithm, timeLimitMs: 600_000, seed: 1 },
        // Cancel once the method reports progress, i.e. once it is searching.
        { signal: controller.signal, onProgress: () => controller.abort() },
      );
      expect(controller.signal.aborted).toBe(true);
      expect(result.status).toBe('cancelled');
      expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
      expect(result.objective.unassigned).toBeLessThan(2 * instance.jobs.length);
    },
  );

  it.each(['ils', 'alns', 'mcmc_sa', 'ts', 'ga', 'aco', 'monte_carlo', 'cp_sat'] as AlgorithmKey[])(
    '%s: cancelled at a counted clock reading mid-search, it stops at its next stop test',
    async (algorithm) => {
      // The run's clock moves 0.01 ms per reading and the cancel comes at reading 5,000,
      // so where the cancel lands is the same on any machine under any load.
      const small = randomInstance(7, 80, 14, 2);
      const controller = new AbortController();
      let cancelledAtReading = 0;
      const now = countingClock(0.01, (reading) => {
        if (reading === 5_000) {
          cancelledAtReading = reading;
          controller.abort();
        }
      });
      const run = await runDirect(
        small,
        ALGORITHM_REGISTRY[algorithm],
        { algorithm, timeLimitMs: 600_000, seed: 1 },
        controller.signal,
        { now },
      );
      expect(cancelledAtReading).toBe(5_000);
      expect(run.ctx.isCancelled).toBe(true);
      expect(run.ctx.isTimedOut).toBe(false);
      expect(run.ctx.checksAfterCancel).toBeGreaterThanOrEqual(1);
      expect(run.ctx.checksAfterCancel).toBeLessThanOrEqual(MAX_CHECKS_AFTER_CANCEL);
      // Nor does it go on reading the clock (its yields and reports read it): it has returned.
      expect(now.readings - cancelledAtReading).toBeLessThanOrEqual(MAX_CHECKS_AFTER_CANCEL + 2);
      expect(run.violations).toEqual([]);
    },
  );

  it('an already-aborted signal stops an in-process run at once with the start solution', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await solveInProcess(
      randomInstance(4, 40, 10),
      { algorithm: 'ils', timeLimitMs: 600_000, seed: 1 },
      { signal: controller.signal },
    );
    expect(result.status).toBe('cancelled');
  });

  it('a tiny time limit gives status timeout and a feasible best so far', async () => {
    const result = await solveInProcess(instance, { algorithm: 'ts', timeLimitMs: 1, seed: 1 });
    expect(result.status).toBe('timeout');
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
  });
});
