import { describe, expect, it } from 'vitest';
import type { AlgorithmKey } from '@meridian/domain';
import type { Algorithm } from '../src/core/context';
import { drl } from '../src/learned/drl';
import { mlPredictive } from '../src/learned/ml-predictive';
import { offlineRl } from '../src/learned/offline-rl';
import { predictThenOptimize } from '../src/learned/predict-then-optimize';
import { randomInstance } from './fixtures';
import { runDirect } from './exact-helpers';

const cases: [AlgorithmKey, Algorithm, number][] = [
  ['ml_predictive', mlPredictive, 30],
  ['predict_then_optimize', predictThenOptimize, 30],
  ['offline_rl', offlineRl, 30],
  ['drl', drl, 40],
];

describe('learned methods', () => {
  for (const [key, algorithm, iterations] of cases) {
    it(`${key}: feasible, reports the evaluator objective, deterministic, says what it learned from`, async () => {
      const instance = randomInstance(8, 40, 10, 2);
      const options = { algorithm: key, seed: 3, maxIterations: iterations, timeLimitMs: 600_000 };
      const a = await runDirect(instance, algorithm, options);
      const b = await runDirect(instance, algorithm, options);
      expect(a.violations).toEqual([]);
      expect(a.reported.total).toBeCloseTo(a.evaluated.total, 6);
      expect(b.assignments).toEqual(a.assignments);
      expect(a.outcome.stats?.training_data).toEqual(expect.any(String));
    });
  }
});
