import { distanceBucket, LONG_TRIP_SHARE_FOR_COST_FLAG } from '@meridian/domain';

/** A trip is long above this many miles: the two upper distance buckets (401-1000, >1000). */
export const LONG_TRIP_MILES = 400;

/** Workload figures of one role, and whether they are imbalanced (workloadStats). */
export interface WorkloadStats {
  mean: number;
  std: number;
  min: number;
  max: number;
  variance: number;
  is_imbalanced: boolean;
}

/**
 * Mean, population standard deviation and variance, min and max of jobs per
 * physicist. Imbalanced when the standard deviation exceeds 50% of the mean
 * and the busiest physicist has more than one job more than the least busy.
 */
export function workloadStats(counts: readonly number[]): WorkloadStats {
  if (counts.length === 0) {
    return { mean: 0, std: 0, min: 0, max: 0, variance: 0, is_imbalanced: false };
  }
  const mean = counts.reduce((s, c) => s + c, 0) / counts.length;
  const variance = counts.reduce((s, c) => s + (c - mean) ** 2, 0) / counts.length;
  const std = Math.sqrt(variance);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return { mean, std, min, max, variance, is_imbalanced: std > 0.5 * mean && max - min > 1 };
}

/** Distance buckets over filled slots, the share of long trips and the cost flag. */
export function distanceSummary(miles: readonly number[]) {
  const buckets: Record<string, number> = { '0-100': 0, '101-400': 0, '401-1000': 0, '>1000': 0 };
  let long = 0;
  for (const m of miles) {
    const bucket = distanceBucket(m);
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    if (m > LONG_TRIP_MILES) long++;
  }
  const share = miles.length === 0 ? 0 : long / miles.length;
  return {
    distance_buckets: buckets,
    long_trip_share: share,
    has_cost_impact: share > LONG_TRIP_SHARE_FOR_COST_FLAG,
  };
}
