import { z } from 'zod';
import { AlgorithmKeySchema } from '@meridian/domain';
import { StreamErrorMessageSchema } from './tasks';

const WorkloadStatsSchema = z.object({
  mean: z.number(),
  std: z.number(),
  min: z.number(),
  max: z.number(),
  variance: z.number(),
  is_imbalanced: z.boolean(),
});

/**
 * GET /api/v1/analytics/summary: slots per distance bucket, the share of long
 * trips (above 20% is a cost impact) and each role's workload.
 */
export const AnalyticsSummarySchema = z.object({
  last_run: z
    .object({ algorithm: z.string(), finished_at: z.string(), objective_total: z.number() })
    .nullable(),
  job_stats: z.object({ assigned: z.number().int(), total: z.number().int() }),
  distance_buckets: z.record(z.string(), z.number().int()),
  long_trip_share: z.number(),
  has_cost_impact: z.boolean(),
  workload: z.object({ lead: WorkloadStatsSchema, data_acq: WorkloadStatsSchema }),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/** One algorithm's outcome in a comparison or single run (never stored). */
export const AlgorithmRunResultSchema = z.object({
  algorithm: AlgorithmKeySchema,
  total_distance: z.number().nullable(),
  workload_stats: z
    .object({
      lead: z.object({ variance: z.number() }),
      data_acq: z.object({ variance: z.number() }),
    })
    .nullable(),
  summary: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * POST /api/v1/analytics/compare_algorithms: which algorithms to compare, as
 * comma-separated keys (optional; every algorithm of the catalogue when absent).
 */
export const CompareQuerySchema = z.object({
  algorithms: z
    .string()
    .max(400)
    .transform((s) => s.split(',').map((k) => k.trim()))
    .pipe(z.array(AlgorithmKeySchema).min(1))
    .optional(),
});

/** POST /api/v1/analytics/run_single_algorithm. */
export const RunSingleRequestSchema = z.strictObject({ algorithm: AlgorithmKeySchema });
export const RunSingleResponseSchema = z.object({
  workload: z.record(z.string(), z.number()),
  results: z.record(z.string(), AlgorithmRunResultSchema),
});
export type RunSingleResponse = z.infer<typeof RunSingleResponseSchema>;

/** Comparison stream (SSE `data`), discriminated by `type`. */
export const CompareStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('update'),
    status: z.string(),
    progress: z.number(),
    total: z.number(),
    results: z.record(z.string(), AlgorithmRunResultSchema),
    estimated_total_time: z.number().nullable(),
  }),
  z.object({
    type: z.literal('complete'),
    results: z.record(z.string(), AlgorithmRunResultSchema),
  }),
  StreamErrorMessageSchema,
]);
export type CompareStreamMessage = z.infer<typeof CompareStreamMessageSchema>;
