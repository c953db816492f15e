import { describe, expect, it } from 'vitest';
import { generateInstance } from '../bench/generate';
import { compileInstance } from '../src/core/compile';
import { fillEmptySlots } from '../src/core/coverage';
import { Rng } from '../src/core/rng';
import { cpSat } from '../src/exact/cp-sat';
import { encodeNeighbourhood, pickNeighbourhood } from '../src/exact/cp-sat-encode';
import { MiniSatThread } from '../src/exact/minisat-thread';
import { heuristic, nearestFeasibleGreedy } from '../src/greedy/heuristic';
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

  it('a MiniSat window cut off by its time limit ends the thread at once', async () => {
    const c = compileInstance(generateInstance(1, 400, 40));
    const current = nearestFeasibleGreedy(c);
    fillEmptySlots(current);
    const jobs = pickNeighbourhood(c, new Rng(3), 4);
    const fixed = current.clone();
    for (const j of jobs)
      for (const slot of [2 * j, 2 * j + 1]) if (c.pinned[slot]! < 0) fixed.move(slot, -1);
    const encoding = encodeNeighbourhood(fixed, jobs);
    const incumbent = encoding.vars
      .filter((v) => current.assign[v.slot] === v.p)
      .map((v) => v.name);

    const full = new MiniSatThread();
    const solved = await full.solve(encoding, incumbent, 600_000);
    await full.close();
    expect(solved.finished).toBe(true);
    expect(solved.trueVars).not.toBeNull();

    // 1 ms is less than the thread needs to start, let alone solve: it is terminated unfinished.
    const cut = new MiniSatThread();
    const started = performance.now();
    const result = await cut.solve(encoding, incumbent, 1);
    expect(result.finished).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await cut.solve(encoding, incumbent, 600_000)).toEqual({
      trueVars: null,
      finished: false,
    });
  });
});
