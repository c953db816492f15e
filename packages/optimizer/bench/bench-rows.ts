import type { AlgorithmKey } from '@meridian/domain';
import type { BenchRunAnswer } from './bench-stats';
import type { BenchRow } from './bench-table';

/** The keys whose construction is learned and then polished by ILS. */
export const LEARNED_KEYS: ReadonlySet<string> = new Set([
  'predict_then_optimize',
  'ml_predictive',
  'offline_rl',
  'drl',
]);

/** Two totals the evaluator would call equal (it sums the same terms in another order). */
function sameTotal(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
}

/** A child's answer (or its failure) as a row of the table. */
export function benchRowOf(
  size: string,
  algorithm: AlgorithmKey,
  answer: BenchRunAnswer | Error,
): BenchRow {
  if (answer instanceof Error)
    return {
      size,
      algorithm,
      status: 'error',
      total: NaN,
      unassigned: NaN,
      miles: NaN,
      balance: NaN,
      rotation: NaN,
      ms: NaN,
      violations: NaN,
      error: answer.message,
    };
  return {
    size,
    algorithm,
    status: answer.status,
    total: answer.total,
    unassigned: answer.unassigned,
    miles: answer.miles,
    balance: answer.balance,
    rotation: answer.rotation,
    ...(answer.bound !== undefined ? { bound: answer.bound } : {}),
    ms: answer.ms,
    violations: answer.violations,
    evaluatorAgrees: sameTotal(answer.total, answer.recomputedTotal),
    peakRssMb: answer.peakRssMb,
    iterations: answer.iterations,
  };
}
