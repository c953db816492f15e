import { describe, expect, it } from 'vitest';
import { solve } from '../src/runtime/solve';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

describe('solve on a worker thread', () => {
  it('returns the same result as in process and relays progress', async () => {
    const instance = randomInstance(3, 40, 10);
    const options = { algorithm: 'heuristic' as const, timeLimitMs: 60_000, seed: 1 };
    const progress: number[] = [];
    const viaWorker = await solve(instance, options, {
      onProgress: (p) => progress.push(p.fraction),
    });
    const local = await solveInProcess(instance, options);
    expect(viaWorker.assignments).toEqual(local.assignments);
    expect(viaWorker.objective).toEqual(local.objective);
    expect(progress.at(-1)).toBe(1);
  });

  it('reports pinned assignments that break a hard constraint as infeasible', async () => {
    const instance = randomInstance(3, 10, 4, 0);
    instance.jobs[2]!.lead_id = 'p1'; // p1 is a data-acq physicist
    const result = await solveInProcess(instance, {
      algorithm: 'heuristic',
      timeLimitMs: 1000,
      seed: 1,
    });
    expect(result.status).toBe('infeasible');
  });
});
