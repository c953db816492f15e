import { checkHardConstraints } from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../bench/generate';
import { solveInProcess } from '../src/runtime/solve-in-process';
import type { ReplayRecipe, SolveProgress } from '../src/core/contract';
import { gapClosed, milp } from '../src/exact/milp';
import { heuristic } from '../src/greedy/heuristic';
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

  it('finds the optimum computed by hand on a two-job instance', async () => {
    // Everything on the equator, so a distance is R * (degrees of longitude) * pi / 180:
    // 1 degree = 3958.8 * 0.0174532925 = 69.0941 mi. Two one-day jobs of one customer on
    // consecutive days at longitude 0; leads L1 at 0 and L2 at 1 degree; one data-acq D1 at 0.
    // Horizon 2 days, no leave: targets t = 2 * 2 / (2 + 2) = 1 per lead, t = 2 for D1.
    // D1 takes both jobs (0 mi, |2 - 2| = 0, 1 repeat visit). For the leads:
    //   L1 both:        0 mi, B = |2 - 1| + |0 - 1| = 2, R = 1 -> 0 + 1 * 2 + 0.2 * 1 = 2.2
    //   L1 one, L2 one: 69.0941 mi, B = 0, R = 0            -> 69.0941 / 100 = 0.690941
    //   L2 both:        138.1882 mi, B = 2, R = 1           -> 1.381882 + 2 + 0.2 = 3.581882
    // So F* = 0.690941 (leads split) + 0.2 (D1's repeat visit) = 0.890941, with every slot filled;
    // the nearest-first greedy gives L1 both: F = 2.2 + 0.2 = 2.4.
    const at = (lon: number) => ({ lat: 0, lon });
    const job = (id: string, day: string) => ({
      id,
      customer: 'Mercy',
      ...at(0),
      start: day,
      end: day,
      lead_id: null,
      data_acq_id: null,
      kit_id: null,
    });
    const instance: Instance = {
      weights: { proximity: 1, job_balance: 1, staff_rotation: 0.2 },
      physicists: [
        { id: 'L1', name: 'L1', role: 'lead', ...at(0), unavailable: [] },
        { id: 'L2', name: 'L2', role: 'lead', ...at(1), unavailable: [] },
        { id: 'D1', name: 'D1', role: 'dataacq', ...at(0), unavailable: [] },
      ],
      jobs: [job('a', '2027-01-04'), job('b', '2027-01-05')],
      kits: [],
    };
    const run = await runDirect(instance, milp, { algorithm: 'milp' });
    expect(run.violations).toEqual([]);
    expect(run.outcome.status).toBe('optimal');
    expect(run.evaluated.total).toBeCloseTo(0.890941, 5);
    expect(run.outcome.bound).toBeCloseTo(0.890941, 5);
    expect(run.evaluated.unassigned).toBe(0);
    expect(new Set(run.assignments.map((a) => a.lead_id))).toEqual(new Set(['L1', 'L2']));
    expect(run.assignments.map((a) => a.data_acq_id)).toEqual(['D1', 'D1']);
    const greedy = await runDirect(instance, heuristic, { algorithm: 'heuristic' });
    expect(greedy.evaluated.total).toBeCloseTo(2.4, 6);
  });

  it('streams HiGHS progress, incumbents and bound before it is done', async () => {
    const instance = generateInstance(1, 150, 20);
    const seen: SolveProgress[] = [];
    const result = await solveInProcess(
      instance,
      { algorithm: 'milp', seed: 1, timeLimitMs: 120_000 },
      { onProgress: (p) => seen.push(p) },
    );
    const before = seen.slice(
      0,
      seen.findIndex((p) => p.message === 'done'),
    );
    // Progress lines from the role threads arrive before the result. Which LP round is on the
    // line when a tick is sent depends on the clock, so the rounds and bounds are read from stats.
    expect(before.some((p) => p.message.startsWith('milp by role: '))).toBe(true);
    const roles = (
      result.stats as {
        roles: { lp_rounds: number; lagrangian_bound: number; incumbent: number }[];
      }
    ).roles;
    expect(roles).toHaveLength(2);
    for (const role of roles) {
      expect(role.lp_rounds).toBeGreaterThan(0);
      expect(role.lagrangian_bound).toBeLessThanOrEqual(role.incumbent + 1e-6);
    }
    // Incumbents better than the warm start arrive while HiGHS runs, not only with the result.
    const warm = before[0]!.bestObjective!;
    expect(Math.min(...before.map((p) => p.bestObjective!))).toBeLessThan(warm - 1);
    expect(result.status).toBe('optimal');
  });

  it('is feasible, exact in its report and deterministic on a 30-job instance', async () => {
    const instance = randomInstance(5, 30, 8, 2);
    const a = await runDirect(instance, milp, { algorithm: 'milp', seed: 9, maxIterations: 300 });
    const b = await runDirect(instance, milp, { algorithm: 'milp', seed: 9, maxIterations: 300 });
    expect(a.violations).toEqual([]);
    expect(a.reported.total).toBeCloseTo(a.evaluated.total, 6);
    expect(a.outcome.status).toBe('optimal');
    expect(b.assignments).toEqual(a.assignments);
    expect(a.outcome.bound!).toBeLessThanOrEqual(a.evaluated.total + 1e-6);
  });

  it('a cancel while HiGHS searches ends the run, not optimal, with a feasible best', async () => {
    // Cancelled on HiGHS's first line, i.e. once its thread runs on this 400-job whole model
    // (the warm start leaves fillable slots empty, so not by role; the proof ran 100 s here).
    // The limit is 600 s and the test's timeout 120 s: only the cancel ends the run in time.
    const instance = randomInstance(21, 400, 40, 0);
    const controller = new AbortController();
    let cancelledOn = '';
    const run = await runDirect(
      instance,
      milp,
      { algorithm: 'milp', seed: 1, timeLimitMs: 600_000 },
      controller.signal,
      {
        onProgress: (p) => {
          if (cancelledOn || !p.message.startsWith('HiGHS')) return;
          cancelledOn = p.message;
          controller.abort();
        },
      },
    );
    expect(cancelledOn).toMatch(/^HiGHS/);
    expect(run.ctx.isCancelled).toBe(true);
    expect(run.violations).toEqual([]);
    expect(run.outcome.status).not.toBe('optimal');
  });

  it('says timeout, with a bound, when HiGHS is stopped before a proof (counted callbacks, no clock)', async () => {
    // The clock stops HiGHS at an interrupt callback and records which (MilpRoleRecipe.cuts);
    // here the stop is forced at counted callbacks instead, so no machine is fast enough to prove
    // first: each role's LP rounds run (the Lagrangian bound), and every MIP callback after them
    // says stop.
    const instance = generateInstance(2, 60, 10);
    const proof = await solveInProcess(instance, {
      algorithm: 'milp',
      seed: 3,
      timeLimitMs: 600_000,
    });
    expect(proof.status).toBe('optimal');
    const roles = proof.stats.roles as { highs_callbacks: number; lp_highs_callbacks: number }[];
    // Precondition: each role's proof needed MIP work after its LP rounds, which the cuts stop.
    for (const role of roles) expect(role.highs_callbacks).toBeGreaterThan(role.lp_highs_callbacks);
    const cutAfterLp = (role: { highs_callbacks: number; lp_highs_callbacks: number }) => ({
      lpRuns: 0,
      stages: 0,
      cuts: Array.from(
        { length: 10 * role.highs_callbacks },
        (_, i) => role.lp_highs_callbacks + 1 + i,
      ),
    });
    const replay: ReplayRecipe = { milp: { alns: [], roles: roles.map(cutAfterLp) } };
    const result = await solveInProcess(instance, {
      algorithm: 'milp',
      seed: 3,
      timeLimitMs: 600_000,
      replay,
    });
    expect(result.status).toBe('timeout');
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    expect(result.bound).toEqual(expect.any(Number));
    expect(result.bound).toBeLessThanOrEqual(result.objective.total + 1e-6);
    // Never better than the proven optimum.
    expect(result.objective.total).toBeGreaterThanOrEqual(proof.objective.total - 1e-6);
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
