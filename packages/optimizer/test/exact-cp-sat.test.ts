import { describe, expect, it } from 'vitest';
import { cpSat } from '../src/exact/cp-sat';
import { heuristic } from '../src/greedy/heuristic';
import { randomInstance } from './fixtures';
import { runDirect } from './exact-helpers';

describe('cp_sat (MiniSat LNS)', () => {
  it('is feasible, reports the evaluator objective, improves on the heuristic and is deterministic', async () => {
    const instance = randomInstance(4, 30, 8, 2);
    const options = {
      algorithm: 'cp_sat' as const,
      seed: 5,
      maxIterations: 15,
      timeLimitMs: 600_000,
    };
    const a = await runDirect(instance, cpSat, options);
    const b = await runDirect(instance, cpSat, options);
    const base = await runDirect(instance, heuristic, { algorithm: 'heuristic' });
    expect(a.violations).toEqual([]);
    expect(a.reported.total).toBeCloseTo(a.evaluated.total, 6);
    expect(a.evaluated.total).toBeLessThanOrEqual(base.evaluated.total);
    expect(b.assignments).toEqual(a.assignments);
    expect(a.outcome.stats?.solved_exactly).toBeGreaterThan(0);
  });
});
