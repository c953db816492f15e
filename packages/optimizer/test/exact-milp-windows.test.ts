import { describe, expect, it } from 'vitest';
import { fillEmptySlots } from '../src/core/coverage';
import { milp } from '../src/exact/milp';
import { nearestFeasibleGreedy } from '../src/construct/nearest-feasible';
import { randomInstance } from './fixtures';
import { bruteForceOptimum, byWindows, runDirect } from './exact-helpers';

describe('milp by date windows (models too large for the WASM heap)', () => {
  it('is feasible, never better than brute force, and its bound is at most the optimum', async () => {
    const instance = randomInstance(7, 5, 6, 1);
    const optimum = bruteForceOptimum(instance);
    const run = await runDirect(instance, byWindows(2), { algorithm: 'milp', seed: 7 });
    expect(run.violations).toEqual([]);
    expect(run.reported.total).toBeCloseTo(run.evaluated.total, 6);
    expect(run.evaluated.total).toBeGreaterThanOrEqual(optimum - 1e-6);
    expect(run.outcome.bound).toBeDefined();
    expect(run.outcome.bound!).toBeLessThanOrEqual(optimum + 1e-6);
    // A decomposition never claims a proof.
    expect(run.outcome.status).toBeUndefined();
    const windows = run.outcome.stats?.windows as { window: number; pass: number }[];
    expect(new Set(windows.map((w) => w.window))).toEqual(new Set([1, 2]));
  });

  it('on 30 jobs: bound at most the full model proven optimum, F at least it and at most the warm start', async () => {
    const instance = randomInstance(5, 30, 8, 2);
    const full = await runDirect(instance, milp, { algorithm: 'milp', seed: 9 });
    expect(full.outcome.status).toBe('optimal');
    const optimum = full.evaluated.total;
    const run = await runDirect(instance, byWindows(3), { algorithm: 'milp', seed: 9 });
    const warm = nearestFeasibleGreedy(run.ctx.compiled);
    fillEmptySlots(warm);
    expect(run.violations).toEqual([]);
    expect(run.evaluated.total).toBeGreaterThanOrEqual(optimum - 1e-6);
    expect(run.evaluated.total).toBeLessThanOrEqual(warm.total + 1e-6);
    expect(run.outcome.bound!).toBeLessThanOrEqual(optimum + 1e-6);
    // The LP bound says more than coverage: it is above the coverage term of the optimum.
    expect(run.outcome.bound!).toBeGreaterThan(1e6 * full.evaluated.unassigned);
  });
});
