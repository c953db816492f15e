import { describe, expect, it } from 'vitest';
import type { AlgorithmKey, JobAssignment } from '@meridian/domain';
import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import type { Algorithm } from '../src/core/context';
import { drl } from '../src/learned/drl';
import { mlPredictive } from '../src/learned/ml-predictive';
import { offlineRl } from '../src/learned/offline-rl';
import { predictThenOptimize } from '../src/learned/predict-then-optimize';
import { randomInstance } from './fixtures';
import { runDirect } from './exact-helpers';
import { countingClock } from './support/fake-clock';

const cases: [AlgorithmKey, Algorithm][] = [
  ['ml_predictive', mlPredictive],
  ['predict_then_optimize', predictThenOptimize],
  ['offline_rl', offlineRl],
  ['drl', drl],
];

/** The held-out metric each method reports (numbers, measured on windows it never trained on). */
const HELD_OUT: Record<string, string[]> = {
  ml_predictive: ['held_out_top1_agreement', 'held_out_construction_objective'],
  predict_then_optimize: ['held_out_top1_agreement', 'held_out_construction_objective'],
  offline_rl: [
    'held_out_top1_agreement',
    'held_out_bellman_rmse',
    'held_out_construction_objective',
  ],
  drl: ['held_out_trained_objective', 'held_out_baseline_objective'],
};

describe('learned methods on a small instance (iteration limits)', () => {
  const instance = randomInstance(8, 40, 10, 2);
  for (const [key, algorithm] of cases) {
    it(`${key}: feasible, the evaluator's objective, deterministic, reports its training and held-out metric`, async () => {
      const options = { algorithm: key, seed: 3, maxIterations: 6, timeLimitMs: 600_000 };
      // The learned construction as offered, judged below by the domain evaluator, not by the run.
      let construction: JobAssignment[] | null = null;
      const a = await runDirect(instance, algorithm, options, undefined, {
        onOffer: (state, foundBy) => {
          if (foundBy === `${key} (learned construction)`) construction = state.toAssignments();
        },
      });
      const b = await runDirect(instance, algorithm, options);
      expect(a.violations).toEqual([]);
      expect(a.reported.total).toBeCloseTo(a.evaluated.total, 6);
      expect(b.assignments).toEqual(a.assignments);
      const stats = a.outcome.stats!;
      expect(stats.training_data).toEqual(expect.any(String));
      expect(stats.training_ms).toEqual(expect.any(Number));
      expect(stats.held_out_windows).toBeGreaterThan(0);
      for (const metric of HELD_OUT[key]!) expect(stats[metric]).toEqual(expect.any(Number));
      // The stats say how the learned stage did before the local search, or that it fell back.
      if (stats.fallback === undefined) {
        expect(stats.learned_construction_objective).toEqual(expect.any(Number));
        expect(stats.heuristic_objective).toEqual(expect.any(Number));
        expect(stats.after_local_search_objective).toBeLessThanOrEqual(
          stats.learned_construction_objective as number,
        );
        // The construction's F and the polish's gain, against the evaluator on the construction's
        // own assignments and on the run's result (the polish's best: ILS never ends above its start).
        // The stats round to 0.1.
        expect(construction).not.toBeNull();
        const built = evaluateObjective(instance, construction!, instance.weights).total;
        expect(
          Math.abs((stats.learned_construction_objective as number) - built),
        ).toBeLessThanOrEqual(0.05 + 1e-6);
        expect(
          Math.abs((stats.polish_gain as number) - (built - a.evaluated.total)),
        ).toBeLessThanOrEqual(0.05 + 1e-6);
        expect(stats.polish_ms).toEqual(expect.any(Number));
        expect(stats.iterations).toBe(6);
        // What learning added, in words that match the comparison with the greedy starts.
        const beats = stats.learned_construction_beats_balanced_heuristic as boolean;
        expect(beats).toBe(
          (stats.learned_construction_objective as number) <
            (stats.balanced_heuristic_objective as number),
        );
        expect(stats.learning_adds).toMatch(beats ? /^a start / : /^nothing measurable/);
      } else expect(stats.learning_adds).toMatch(/^nothing: /);
    });
  }

  it('drl falls back openly, by name, when no training episode runs', async () => {
    const run = await runDirect(instance, drl, {
      algorithm: 'drl',
      seed: 3,
      maxIterations: 0,
      timeLimitMs: 600_000,
    });
    expect(run.violations).toEqual([]);
    expect(run.outcome.stats?.training_episodes).toBe(0);
    expect(run.outcome.stats?.trained_policy_beats_baseline).toBe(false);
    expect(run.outcome.stats?.fallback).toBe('heuristic: no training episode ran');
    expect(run.outcome.stats?.learned_construction_objective).toBeUndefined();
    expect(run.outcome.stats?.learning_adds).toMatch(/^nothing: no learned model was used/);
  });

  it('reports progress while training and when the construction is built', async () => {
    for (const [key, algorithm, training] of [
      ['ml_predictive', mlPredictive, /learning from the teacher/],
      ['drl', drl, /policy gradient/],
    ] as const) {
      const messages: string[] = [];
      const ctx = new AlgorithmContext(
        instance,
        compileInstance(instance),
        { algorithm: key, seed: 3, maxIterations: 6, timeLimitMs: 600_000 },
        undefined,
        (progress) => messages.push(progress.message),
      );
      const outcome = await algorithm(ctx);
      expect(messages.some((m) => training.test(m))).toBe(true);
      if (outcome.stats?.fallback === undefined)
        expect(messages.some((m) => m.includes('learned construction F'))).toBe(true);
    }
  });

  it.each(cases)(
    '%s: a cancel while it trains ends the run at its next stop test, with a feasible best so far',
    async (key, algorithm) => {
      // The run's clock moves 1 ms per reading, so the first progress report (the cancel)
      // comes at the same point of the training on any machine under any load.
      const controller = new AbortController();
      let cancelledAtReading = 0;
      let cancelledWhile = '';
      const now = countingClock(1);
      const run = await runDirect(
        instance,
        algorithm,
        { algorithm: key, timeLimitMs: 600_000, seed: 1 },
        controller.signal,
        {
          now,
          onProgress: (progress) => {
            if (cancelledAtReading) return;
            cancelledWhile = progress.message;
            cancelledAtReading = now.readings;
            controller.abort();
          },
        },
      );
      expect(cancelledAtReading).toBeGreaterThan(0);
      expect(cancelledWhile).toMatch(/^(learning from the teacher|policy gradient)/);
      expect(run.ctx.isCancelled).toBe(true);
      expect(run.ctx.isTimedOut).toBe(false);
      // The first stop test after the cancel says stop, and the way out asks only a few more.
      expect(run.ctx.checksAfterCancel).toBeGreaterThanOrEqual(1);
      expect(run.ctx.checksAfterCancel).toBeLessThanOrEqual(4);
      // Nor does it read the clock much more (each loop's yield and report read it).
      expect(now.readings - cancelledAtReading).toBeLessThanOrEqual(6);
      expect(checkHardConstraints(instance, run.assignments)).toEqual([]);
    },
  );
});
