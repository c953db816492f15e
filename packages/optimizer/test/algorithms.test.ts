import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

/** Iteration caps small enough for a test, large enough that each method does real work. */
const CAPS: [AlgorithmKey, number][] = [
  ['heuristic', 1],
  ['balanced_heuristic', 1],
  ['monte_carlo', 20],
  ['ils', 60],
  ['alns', 150],
  ['ts', 150],
  ['mcmc_sa', 20_000],
  ['ga', 60],
  ['aco', 8],
];

describe.each(CAPS)('%s', (algorithm, maxIterations) => {
  const instance = randomInstance(11, 60, 14, 3);
  const run = (seed: number) =>
    solveInProcess(instance, { algorithm, timeLimitMs: 600_000, seed, maxIterations });

  it('has no violations, keeps F right incrementally, keeps pins, counts iterations, repeats', async () => {
    const first = await run(5);
    expect(first.status).toBe('feasible');
    expect(checkHardConstraints(instance, first.assignments)).toEqual([]);
    // The F the search kept by incremental deltas, against the evaluator's from scratch.
    const fromScratch = evaluateObjective(instance, first.assignments);
    expect(first.stats.incremental_objective).toBeCloseTo(fromScratch.total, 6);
    expect(first.objective.total).toBeCloseTo(fromScratch.total, 9);
    // The cap is what ended the run: the count says so (a greedy makes one pass).
    expect(first.stats.iterations).toBe(maxIterations);
    expect(first.stats.iteration_unit).toEqual(expect.any(String));
    for (const job of instance.jobs.filter((j) => j.lead_id)) {
      expect(first.assignments.find((a) => a.job_id === job.id)?.lead_id).toBe(job.lead_id);
    }
    const again = await run(5);
    expect(again.assignments).toEqual(first.assignments);
  });

  it('fills at least as many slots as the date-order greedy', async () => {
    const base = await solveInProcess(instance, {
      algorithm: 'heuristic',
      timeLimitMs: 600_000,
      seed: 1,
    });
    const result = await run(7);
    expect(result.objective.unassigned).toBeLessThanOrEqual(base.objective.unassigned);
  });
});
