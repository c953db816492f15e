import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { solveInProcess } from '../src/core/solve-in-process';
import { PORTFOLIO_MEMBERS } from '../src/portfolio/portfolio';
import { randomInstance } from './fixtures';

describe('portfolio', () => {
  const instance = randomInstance(21, 60, 14, 3);
  const run = () =>
    solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 3,
      maxIterations: 80,
    });

  it('runs its members on worker threads, returns a checked best and names its finder', async () => {
    const result = await run();
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    expect(result.objective).toEqual(evaluateObjective(instance, result.assignments));
    const members = result.stats.members as { algorithm: string; best: number }[];
    expect(members.map((m) => m.algorithm)).toEqual(PORTFOLIO_MEMBERS);
    expect(result.objective.total).toBeLessThanOrEqual(
      Math.min(...members.map((m) => m.best)) + 1e-6,
    );
    expect(['balanced_heuristic', ...PORTFOLIO_MEMBERS]).toContain(result.stats.found_by);
    // Rounds share the incumbent at fixed iteration counts, so a seed repeats.
    const again = await run();
    expect(again.assignments).toEqual(result.assignments);
  });
});
