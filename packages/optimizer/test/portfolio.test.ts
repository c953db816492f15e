import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { PORTFOLIO_MEMBERS } from '../src/portfolio/portfolio';
import type { MemberRecord } from '../src/portfolio/members';
import { randomInstance } from './fixtures';

describe('portfolio', () => {
  it('under an iteration cap: members on worker threads, a checked best, its finder named, a seed repeats', async () => {
    const instance = randomInstance(21, 60, 14, 3);
    const run = () =>
      solveInProcess(instance, {
        algorithm: 'portfolio',
        timeLimitMs: 600_000,
        seed: 3,
        maxIterations: 80,
      });
    const result = await run();
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    // The portfolio's incrementally kept F against the evaluator's from scratch.
    expect(result.stats.incremental_objective).toBeCloseTo(
      evaluateObjective(instance, result.assignments).total,
      6,
    );
    const members = result.stats.members as MemberRecord[];
    expect(members.map((m) => m.algorithm)).toEqual(PORTFOLIO_MEMBERS);
    // Every member ran both rounds, the thread members included.
    expect(members.map((m) => m.segments)).toEqual(PORTFOLIO_MEMBERS.map(() => 2));
    expect(result.objective.total).toBeLessThanOrEqual(Math.min(...members.map((m) => m.best!)));
    expect(['balanced_heuristic', ...PORTFOLIO_MEMBERS]).toContain(result.stats.found_by);
    // Rounds share the incumbent at fixed iteration counts, so a seed repeats.
    const again = await run();
    expect(again.assignments).toEqual(result.assignments);
  });

  // Sharing itself (a member adopting another's find) is asserted in portfolio-adoption.test.ts;
  // the portfolio under a time limit (its ticks and its limit) in latency/portfolio.latency.test.ts.
});
