import { describe, expect, it } from 'vitest';
import { solveInProcess } from '../src/runtime/solve-in-process';
import type { MemberRecord } from '../src/portfolio/members';
import { randomInstance } from './fixtures';

describe('portfolio sharing', () => {
  it("a member adopts another member's find and holds it", async () => {
    const instance = randomInstance(21, 60, 14, 3);
    const result = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 2,
      maxIterations: 80,
    });
    const members = result.stats.members as MemberRecord[];
    const adopter = members.findIndex((m) => m.adoptions > 0);
    expect(adopter).toBeGreaterThanOrEqual(0);
    // Round 1's incumbent, which round 2 starts from, was found by another member (with this
    // seed not by path relinking between the members' finds).
    const [first] = result.stats.incumbent_after_round as { found_by: string; total: number }[];
    expect(first!.found_by).not.toBe(members[adopter]!.algorithm);
    expect(first!.found_by).not.toBe('start');
    // The adopter's own round 1 was worse; from the adopted incumbent it held at least as good.
    expect(members[adopter]!.best!).toBeLessThanOrEqual(first!.total + 1e-9);
    expect(members[adopter]!.found_best ?? Infinity).not.toBe(first!.total);
    // The finder's find was adopted as the shared best, and the stats count it.
    const finder = members.find((m) => m.algorithm === first!.found_by)!;
    expect(finder.adopted_as_best).toBeGreaterThanOrEqual(1);
    // Every member counts its iterations over both rounds.
    expect(members.every((m) => (m.iterations ?? 0) > 0)).toBe(true);
  });
});
