import { describe, expect, it } from 'vitest';
import type { AlgorithmKey } from '@meridian/domain';
import { generateInstance } from '../bench/generate';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import type { Algorithm } from '../src/core/context';
import { drl } from '../src/learned/drl';
import { FEATURE_COUNT } from '../src/learned/features';
import { mlPredictive } from '../src/learned/ml-predictive';
import { offlineRl } from '../src/learned/offline-rl';
import { predictThenOptimize } from '../src/learned/predict-then-optimize';
import { teacherData } from '../src/learned/teacher';
import { runDirect } from './exact-helpers';

// The bench's smallest instance: realistic geography, leave, pins and jobs without coordinates.
const instance = generateInstance(1, 150, 20);

describe('the teacher labels are not a feature', () => {
  it('no single feature (smallest or largest) picks the teacher’s choice every time', async () => {
    const compiled = compileInstance(instance);
    const ctx = new AlgorithmContext(instance, compiled, {
      algorithm: 'ml_predictive',
      seed: 1,
      timeLimitMs: 600_000,
    });
    const data = await teacherData(ctx, 10, Infinity);
    const examples = [...data.train, ...data.heldOut].flatMap((w) => w.examples);
    expect(examples.length).toBeGreaterThan(200);
    for (let i = 1; i < FEATURE_COUNT; i++) {
      for (const sign of [1, -1]) {
        const hits = examples.filter((ex) => {
          const values = ex.features.map((f) => sign * f[i]!);
          return values.indexOf(Math.min(...values)) === ex.label;
        }).length;
        expect(hits / examples.length, `feature ${i}, sign ${sign}`).toBeLessThan(0.95);
      }
    }
    // Nor the cheapest candidate of the moment (the exact marginal cost of F).
    const cheapest = examples.filter((ex) => ex.costs.indexOf(Math.min(...ex.costs)) === ex.label);
    expect(cheapest.length / examples.length).toBeLessThan(0.95);
  });
});

const cases: [AlgorithmKey, Algorithm][] = [
  ['ml_predictive', mlPredictive],
  ['predict_then_optimize', predictThenOptimize],
  ['offline_rl', offlineRl],
  ['drl', drl],
];

describe('learned constructions on the 150 x 20 bench instance (iteration limits)', () => {
  for (const [key, algorithm] of cases) {
    it(`${key}: the learned construction alone beats heuristic`, async () => {
      const run = await runDirect(instance, algorithm, {
        algorithm: key,
        seed: 1,
        maxIterations: 40,
        timeLimitMs: 600_000,
      });
      const stats = run.outcome.stats!;
      expect(run.violations).toEqual([]);
      expect(stats.fallback).toBeUndefined();
      const construction = stats.learned_construction_objective as number;
      const greedy = stats.heuristic_objective as number;
      expect(construction).toBeLessThan(greedy);
      expect(stats.learned_construction_beats_heuristic).toBe(true);
      if (key !== 'drl') expect(stats.held_out_top1_agreement).toBeLessThan(1);
    });
  }
});
