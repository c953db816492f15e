import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { bruteForceOptimum } from './exact-helpers';
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
    // The empty slots counted from the assignments themselves, not by the evaluator.
    const empty = first.assignments.reduce(
      (n, a) => n + (a.lead_id === null ? 1 : 0) + (a.data_acq_id === null ? 1 : 0),
      0,
    );
    expect(first.objective.unassigned).toBe(empty);
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

describe('every method against brute force on tiny instances', () => {
  // Every feasible assignment enumerated and judged by the evaluator (exact-helpers.ts): no
  // method may report an F below the optimum, nor an F other than its assignments' own.
  const tiny = [3, 7, 11].map((seed) => randomInstance(seed, 5, 6, 1));
  const optima = tiny.map((instance) => bruteForceOptimum(instance));
  it.each(CAPS)('%s', async (algorithm, maxIterations) => {
    for (const [i, instance] of tiny.entries()) {
      const result = await solveInProcess(instance, {
        algorithm,
        timeLimitMs: 600_000,
        seed: 1,
        maxIterations,
      });
      expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
      expect(result.objective.total).toBeGreaterThanOrEqual(optima[i]! - 1e-9);
      expect(result.stats.incremental_objective).toBeCloseTo(
        evaluateObjective(instance, result.assignments).total,
        9,
      );
    }
  });
});
