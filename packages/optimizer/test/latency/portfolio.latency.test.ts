import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/generate';
import type { SolveProgress } from '../../src/core/contract';
import { solveInProcess } from '../../src/runtime/solve-in-process';
import { PORTFOLIO_MEMBERS } from '../../src/portfolio/portfolio';
import type { MemberRecord } from '../../src/portfolio/members';

// The latency project (vitest.config.ts): serial, after every other project, with bounds of at
// least 10 times the median measured (docs/testing.md). Its members run on worker threads, whose
// own clocks are real, so this is the one portfolio test on the wall clock.

describe('portfolio latency', () => {
  it('under a time limit: thread members search, none beats the result, ticks are steady, the limit holds', async () => {
    // Thread start-up takes about 1 s here and several under load: 6 s leaves the members time to run.
    // 1,200 open slots are too many for the exact member in 6 s (at most 150 a second of
    // budget), so the search members run.
    const instance = generateInstance(1, 600, 50);
    const limitMs = 6_000;
    const ticks: { at: number; progress: SolveProgress }[] = [];
    const started = performance.now();
    const result = await solveInProcess(
      instance,
      { algorithm: 'portfolio', timeLimitMs: limitMs, seed: 1 },
      { onProgress: (progress) => ticks.push({ at: performance.now() - started, progress }) },
    );
    // The limit holds up to the time to gather the members' answers after it: 89 ms past it
    // at load 15 to 20 (a fresh-clone run, 2026-11-29), within it in earlier runs; bound 500 ms.
    expect(result.elapsed_ms).toBeLessThanOrEqual(limitMs + 500);
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    expect(result.stats.incremental_objective).toBeCloseTo(
      evaluateObjective(instance, result.assignments).total,
      6,
    );

    const members = result.stats.members as MemberRecord[];
    const onThreads = members.filter((m) => m.thread === 'worker');
    expect(onThreads.length).toBe(PORTFOLIO_MEMBERS.length - 1);
    expect(onThreads.length).toBeGreaterThan(0);
    // At least one thread member ran and held a finite objective of its own run.
    const ran = onThreads.filter((m) => m.started_ms !== null && m.segments > 0);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.some((m) => Number.isFinite(m.best))).toBe(true);
    expect(result.objective.total).toBeLessThanOrEqual(Math.min(...ran.map((m) => m.best!)) + 1e-6);
    // The returned best is the finder's own find.
    const finder = members.find((m) => m.algorithm === result.stats.found_by);
    if (finder) expect(finder.found_best).toBeCloseTo(result.objective.total, 6);

    // Ticks from the start to the end, each estimating the whole limit. The portfolio reports
    // every 0.5 s: no gap of 10 times that (measured median 0.5 s, at most 1.1 s at load 5).
    const running = ticks.filter((t) => t.progress.message !== 'done');
    expect(running.length).toBeGreaterThanOrEqual(4);
    const times = [0, ...running.map((t) => t.at)];
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeLessThan(5_000);
    expect(running.every((t) => t.progress.estimatedTotalMs === limitMs)).toBe(true);
    expect(ticks.at(-1)?.progress.fraction).toBe(1);
  });
});
