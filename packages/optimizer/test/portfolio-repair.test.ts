import type { Instance, JobAssignment } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import { exactMemberFits, isRepair } from '../src/portfolio/exact-member';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

// The portfolio gives a repair of the current plan its exact member at any
// size (its proof ends the run early), where from scratch the member's rate
// of 150 open slots a second keeps it out of a short budget at this size.

/** The instance with `plan` as its current plan, keeping every `keep`-th job's slots only. */
function withPlan(instance: Instance, plan: readonly JobAssignment[], keep = 1): Instance {
  const byJob = new Map(plan.map((a) => [a.job_id, a]));
  return {
    ...instance,
    jobs: instance.jobs.map((job, i) => ({
      ...job,
      current_lead_id: i % keep === 0 ? (byJob.get(job.id)?.lead_id ?? null) : null,
      current_data_acq_id: i % keep === 0 ? (byJob.get(job.id)?.data_acq_id ?? null) : null,
    })),
  };
}

/** A timed portfolio run's context on a clock that reads 0: its whole budget is left. */
function portfolioContext(instance: Instance): AlgorithmContext {
  return new AlgorithmContext(
    instance,
    compileInstance(instance),
    { algorithm: 'portfolio', seed: 1, timeLimitMs: 20_000 },
    undefined,
    undefined,
    { now: () => 0 },
  );
}

describe("the portfolio's exact member in a repair", () => {
  it('joins a repair of a plan that keeps most slots, and not a run from scratch or a poor plan', async () => {
    const instance = randomInstance(5, 400, 60);
    const plan = (
      await solveInProcess(instance, {
        algorithm: 'balanced_heuristic',
        seed: 1,
        timeLimitMs: 60_000,
      })
    ).assignments;
    const budgetMs = 4_500;
    const fresh = portfolioContext(instance);
    // The premise: the rate alone keeps the member out of this budget at this size.
    expect(fresh.compiled.openSlots.length).toBeGreaterThan((150 * budgetMs) / 1000);
    expect(isRepair(fresh)).toBe(false);
    expect(exactMemberFits(fresh, budgetMs)).toBe(false);

    const repair = portfolioContext(withPlan(instance, plan));
    expect(isRepair(repair)).toBe(true);
    expect(exactMemberFits(repair, budgetMs)).toBe(true);
    // Below the member's minimum budget a repair does not get it either.
    expect(exactMemberFits(repair, 3_000)).toBe(false);

    // A plan that held only every third job's slots is no repair: most of the run is still to do.
    const poor = portfolioContext(withPlan(instance, plan, 3));
    expect(isRepair(poor)).toBe(false);
    expect(exactMemberFits(poor, budgetMs)).toBe(false);
  });
});
