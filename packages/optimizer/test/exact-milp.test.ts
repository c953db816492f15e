import { checkHardConstraints } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../bench/generate';
import { solveInProcess } from '../src/core/solve-in-process';
import { gapClosed, milp } from '../src/exact/milp';
import { randomInstance } from './fixtures';
import { bruteForceOptimum, runDirect } from './exact-helpers';

describe('milp (HiGHS)', () => {
  it('proves the brute-force optimum on tiny instances', async () => {
    for (const seed of [3, 7, 11]) {
      const instance = randomInstance(seed, 5, 6, 1);
      const optimum = bruteForceOptimum(instance);
      const run = await runDirect(instance, milp, { algorithm: 'milp', seed });
      expect(run.violations).toEqual([]);
      expect(run.outcome.status).toBe('optimal');
      expect(run.evaluated.total).toBeCloseTo(optimum, 6);
      expect(run.reported.total).toBeCloseTo(run.evaluated.total, 6);
      expect(run.outcome.bound).toBeCloseTo(optimum, 4);
    }
  });

  it('is feasible, exact in its report and deterministic on a 30-job instance', async () => {
    const instance = randomInstance(5, 30, 8, 2);
    const a = await runDirect(instance, milp, { algorithm: 'milp', seed: 9 });
    const b = await runDirect(instance, milp, { algorithm: 'milp', seed: 9 });
    expect(a.violations).toEqual([]);
    expect(a.reported.total).toBeCloseTo(a.evaluated.total, 6);
    expect(a.outcome.status).toBe('optimal');
    expect(b.assignments).toEqual(a.assignments);
    expect(a.outcome.bound!).toBeLessThanOrEqual(a.evaluated.total + 1e-6);
  });

  it('returns its best within 2 s of a cancel', async () => {
    const instance = randomInstance(21, 400, 40, 0);
    const controller = new AbortController();
    const started = performance.now();
    const pending = runDirect(
      instance,
      milp,
      { algorithm: 'milp', seed: 1, timeLimitMs: 120_000 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 1_500);
    const run = await pending;
    const afterAbort = performance.now() - started - 1_500;
    expect(afterAbort).toBeLessThan(2_000);
    expect(run.violations).toEqual([]);
    expect(run.outcome.status).not.toBe('optimal');
  });

  it('says timeout, with a bound, when the time limit stops HiGHS before a proof', async () => {
    // Proving this 400-job model takes HiGHS tens of seconds; 1.5 s ends it on the limit.
    const instance = generateInstance(1, 400, 40);
    const result = await solveInProcess(instance, {
      algorithm: 'milp',
      seed: 1,
      timeLimitMs: 1_500,
    });
    expect(result.status).toBe('timeout');
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    expect(result.bound).toBeLessThanOrEqual(result.objective.total + 1e-6);
  });

  it('counts an incumbent equal to the dual bound as optimal, also when HiGHS was interrupted', () => {
    const phase = { status: 'interrupted', optimal: false, nodes: 0, gap: 0 };
    expect(gapClosed({ ...phase, objective: 1728.2607, bound: 1728.2607 })).toBe(true);
    expect(gapClosed({ ...phase, objective: 1951.24, bound: 1728.26 })).toBe(false);
    expect(gapClosed({ ...phase, objective: 1728.2607, bound: NaN })).toBe(false);
    expect(gapClosed({ ...phase, objective: null, bound: 1728.26 })).toBe(false);
    expect(gapClosed(null)).toBe(false);
  });
});
