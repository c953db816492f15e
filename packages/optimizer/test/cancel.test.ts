import { checkHardConstraints } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../bench/generate';
import { solve } from '../src/runtime/solve';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

describe('cancellation and time limits', () => {
  const instance = generateInstance(2, 300, 30);

  it.each(['alns', 'mcmc_sa', 'ga', 'cp_sat'] as const)(
    '%s on a worker returns its best promptly after abort',
    async (algorithm) => {
      const controller = new AbortController();
      let cancelledAt = 0;
      const running = solve(
        instance,
        { algorithm, timeLimitMs: 600_000, seed: 1 },
        {
          signal: controller.signal,
          // Cancel once the method reports progress, i.e. once it is searching.
          onProgress: () => {
            if (!cancelledAt) {
              cancelledAt = performance.now();
              controller.abort();
            }
          },
        },
      );
      const result = await running;
      expect(result.status).toBe('cancelled');
      expect(performance.now() - cancelledAt).toBeLessThan(1500);
      expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
      expect(result.objective.unassigned).toBeLessThan(2 * instance.jobs.length);
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
