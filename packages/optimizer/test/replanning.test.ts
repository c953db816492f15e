import { ALGORITHMS, checkHardConstraints, evaluateObjective } from '@meridian/domain';
import type { AlgorithmKey, Instance, JobAssignment } from '@meridian/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

/**
 * Planning over time (docs/optimization.md): a run starts from the current
 * plan x0, pays `stability` per slot of x0 it changes, and never touches a
 * frozen job. Every key runs under an iteration cap with a generous time
 * limit, so the clock ends none of these runs.
 */
const CAPS: Record<AlgorithmKey, number> = {
  heuristic: 1,
  balanced_heuristic: 1,
  monte_carlo: 20,
  ils: 60,
  alns: 150,
  ts: 150,
  mcmc_sa: 20_000,
  ga: 40,
  aco: 8,
  milp: 300,
  cp_sat: 40,
  predict_then_optimize: 6,
  ml_predictive: 6,
  offline_rl: 6,
  drl: 6,
  portfolio: 60,
};

const solveWith = (instance: Instance, algorithm: AlgorithmKey, seed = 3) =>
  solveInProcess(instance, {
    algorithm,
    seed,
    timeLimitMs: 600_000,
    maxIterations: CAPS[algorithm],
  });

/** The instance with `plan` as its current plan x0, and the given stability weight. */
function withCurrentPlan(
  instance: Instance,
  plan: readonly JobAssignment[],
  stability: number,
): Instance {
  const byJob = new Map(plan.map((a) => [a.job_id, a]));
  return {
    ...instance,
    weights: { ...instance.weights, stability },
    jobs: instance.jobs.map((job) => ({
      ...job,
      current_lead_id: byJob.get(job.id)?.lead_id ?? null,
      current_data_acq_id: byJob.get(job.id)?.data_acq_id ?? null,
    })),
  };
}

/** Slots x0 filled that `after` holds differently (counted here, not by the code under test). */
function changedSlots(before: readonly JobAssignment[], after: readonly JobAssignment[]): number {
  const byJob = new Map(after.map((a) => [a.job_id, a]));
  let changed = 0;
  for (const a of before) {
    const b = byJob.get(a.job_id);
    if (a.lead_id !== null && b?.lead_id !== a.lead_id) changed++;
    if (a.data_acq_id !== null && b?.data_acq_id !== a.data_acq_id) changed++;
  }
  return changed;
}

const base = randomInstance(21, 28, 10, 1);
const ALGORITHM_KEYS = ALGORITHMS.map((a) => a.key);

/**
 * A plan that fills every slot any plan can fill but is far from the best
 * one: milp's proven optimum when only balance counts (miles and rotation
 * weigh nothing), judged under the real weights.
 */
async function fullButPoorPlan(): Promise<JobAssignment[]> {
  const skewed = { ...base, weights: { proximity: 0, job_balance: 1, staff_rotation: 0 } };
  const run = await solveWith(skewed, 'milp');
  expect(run.status).toBe('optimal');
  return [...run.assignments];
}

describe('replanning from a current plan', () => {
  let poor: JobAssignment[];
  let greedy: readonly JobAssignment[];
  beforeAll(async () => {
    poor = await fullButPoorPlan();
    greedy = (await solveWith(base, 'heuristic')).assignments;
  });

  it('the plan used below is improvable, so keeping it is a decision (precondition)', async () => {
    const x0 = poor;
    const optimum = await solveWith(base, 'milp');
    expect(optimum.status).toBe('optimal');
    expect(optimum.objective.unassigned).toBe(evaluateObjective(base, x0).unassigned);
    // Worth at least 0.5 of F: free to move, a run would move.
    expect(evaluateObjective(base, x0).total - optimum.objective.total).toBeGreaterThan(0.5);
    const free = await solveWith(withCurrentPlan(base, x0, 0), 'ils');
    expect(changedSlots(x0, free.assignments)).toBeGreaterThan(0);
  });

  it.each(ALGORITHM_KEYS)(
    '%s returns the current plan unchanged when no change pays for itself',
    async (key) => {
      const x0 = poor;
      // Every slot is filled that can be, and no move saves 1,000 (the largest weight).
      const instance = withCurrentPlan(base, x0, 1000);
      const result = await solveWith(instance, key);
      expect(changedSlots(x0, result.assignments)).toBe(0);
      expect(result.assignments.map((a) => [a.lead_id, a.data_acq_id])).toEqual(
        x0.map((a) => [a.lead_id, a.data_acq_id]),
      );
      expect(result.objective.changed_slots).toBe(0);
      expect(result.objective.total).toBeCloseTo(evaluateObjective(base, x0).total, 6);
    },
  );

  it.each(ALGORITHM_KEYS)(
    '%s never returns a plan worse than the one it started from, and pays stability per change',
    async (key) => {
      // x0: the date-order greedy's plan with every fourth job emptied (work left to do).
      const x0 = greedy.map((a, i) =>
        i % 4 === 0 ? { ...a, lead_id: null, data_acq_id: null } : a,
      );
      const stability = 0.25;
      const instance = withCurrentPlan(base, x0, stability);
      const start = evaluateObjective(instance, x0);
      expect(start.changed_slots).toBe(0);
      const result = await solveWith(instance, key, 5);
      expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
      const after = evaluateObjective(instance, result.assignments);
      expect(after.total).toBeLessThanOrEqual(start.total + 1e-9);
      const changed = changedSlots(x0, result.assignments);
      expect(after.changed_slots).toBe(changed);
      expect(result.objective.changed_slots).toBe(changed);
      expect(after.total - after.f).toBeCloseTo(stability * changed, 9);
    },
  );

  it.each(ALGORITHM_KEYS)('%s never changes a frozen job, empty slots included', async (key) => {
    // The first third of the jobs by start is frozen as the greedy left it, with one slot emptied.
    const order = [...base.jobs].sort((a, b) => (a.start < b.start ? -1 : 1));
    const frozen = new Set(order.slice(0, Math.ceil(base.jobs.length / 3)).map((j) => j.id));
    const emptied = order.find((j) => frozen.has(j.id) && j.lat !== null)!.id;
    const plan = greedy.map((a) => (a.job_id === emptied ? { ...a, lead_id: null } : a));
    const byJob = new Map(plan.map((a) => [a.job_id, a]));
    const instance: Instance = {
      ...withCurrentPlan(base, plan, 0),
      jobs: withCurrentPlan(base, plan, 0).jobs.map((job) =>
        frozen.has(job.id)
          ? {
              ...job,
              frozen: true,
              lead_id: byJob.get(job.id)!.lead_id,
              data_acq_id: byJob.get(job.id)!.data_acq_id,
            }
          : job,
      ),
    };
    const result = await solveWith(instance, key, 7);
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    for (const a of result.assignments.filter((x) => frozen.has(x.job_id))) {
      const was = byJob.get(a.job_id)!;
      expect([a.job_id, a.lead_id, a.data_acq_id]).toEqual([
        was.job_id,
        was.lead_id,
        was.data_acq_id,
      ]);
    }
  });
});
