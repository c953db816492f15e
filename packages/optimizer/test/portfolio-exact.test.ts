import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import type { MemberRecord } from '../src/portfolio/members';
import { solve } from '../src/runtime/solve';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

describe('portfolio with its exact member', () => {
  const instance = randomInstance(8, 30, 8, 2);

  it("returns status optimal on the exact member's proof, with the proven optimum", async () => {
    // 60 slots: milp (the exact member) proves this in about a second once its threads are up
    // (their loading took 4 to 5 s under load 23 on 2 cores, hence the long limit).
    const result = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 20_000,
      seed: 2,
    });
    const members = result.stats.members as MemberRecord[];
    const exact = members.find((m) => m.algorithm === 'milp');
    expect(exact).toBeDefined();
    expect(exact!.proved).toBe(true);
    expect(result.status).toBe('optimal');
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    // The optimum, proven by milp run on its own (another run of the exact solver, not this one).
    const alone = await solve(instance, { algorithm: 'milp', timeLimitMs: 30_000, seed: 5 });
    expect(alone.status).toBe('optimal');
    expect(result.objective.total).toBeCloseTo(alone.objective.total, 4);
    expect(evaluateObjective(instance, result.assignments).total).toBeCloseTo(
      result.objective.total,
      6,
    );
    // The proof ended the epochs early; the portfolio does not record its exact member's recipe
    // (nor where the proof cut the epochs), and says so naming the member.
    expect(result.elapsed_ms).toBeLessThan(19_000);
    expect(result.stats.replayable).toBe(false);
    expect(String(result.stats.not_replayable_because)).toMatch(/milp/);
  });

  it('without a proof it is never optimal: under an iteration cap there is no exact member', async () => {
    const result = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 2,
      maxIterations: 200,
    });
    const members = result.stats.members as MemberRecord[];
    expect(members.some((m) => m.algorithm === 'milp')).toBe(false);
    expect(result.status).not.toBe('optimal');
    expect(result.stats.replayable).toBe(true);
  });
});
