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
 * Open slots of the whole plan (countOpenSlots in packages/domain/src/open-slots.ts):
 * the one count of "unassigned" every screen says in the same words.
 */
export const OpenSlotCountSchema = z.object({
  open_slots: z.number().int(),
  jobs_with_open_slots: z.number().int(),
  jobs: z.number().int(),
});

/**
 * GET /api/v1/analytics/summary: slots per distance bucket, the share of long
 * trips (above 20% is a cost impact) and each role's workload.
 */
export const AnalyticsSummarySchema = z.object({
  last_run: z
    .object({ algorithm: z.string(), finished_at: z.string(), objective_total: z.number() })
    .nullable(),
  /** Jobs with no open slot, of all jobs: the same count as `open_slots` reads. */
  job_stats: z.object({ assigned: z.number().int(), total: z.number().int() }),
  open_slots: OpenSlotCountSchema,
  distance_buckets: z.record(z.string(), z.number().int()),
  long_trip_share: z.number(),
  has_cost_impact: z.boolean(),
  workload: z.object({ lead: WorkloadStatsSchema, data_acq: WorkloadStatsSchema }),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/**
 * How a run ended (the optimizer's SolveStatus, packages/optimizer/src/core/contract.ts):
 * proved optimal, ended on its own, pinned slots break a rule, stopped by its
 * time limit, or cancelled.
 */
export const SolveStatusSchema = z.enum([
  'optimal',
  'feasible',
  'infeasible',
  'timeout',
  'cancelled',
]);
export type SolveStatus = z.infer<typeof SolveStatusSchema>;

/** What a run's status means, in the words every screen and summary uses. */
export const SOLVE_STATUS_WORDS: Record<SolveStatus, string> = {
  optimal: 'proved optimal',
  feasible: 'finished early',
  infeasible: 'pinned assignments break a rule',
  timeout: 'used its full time',
  cancelled: 'cancelled',
};

/**
 * One algorithm's outcome in a comparison or single run (never stored). Each
 * role's workload is jobs per physicist with the analytics summary's figures
 * (range, mean, standard deviation and variance); `objective_total` is F
 * (lower is better), `filled_slots` of `total_slots` (a lead and a data-acq
 * slot per job). The figures are null when the algorithm could not run (`error`).
 */
export const AlgorithmRunResultSchema = z.object({
  algorithm: AlgorithmKeySchema,
  total_distance: z.number().nullable(),
  workload_stats: z.object({ lead: WorkloadStatsSchema, data_acq: WorkloadStatsSchema }).nullable(),
  summary: z.string().nullable(),
  error: z.string().nullable(),
  status: SolveStatusSchema.nullable(),
  objective_total: z.number().nullable(),
  filled_slots: z.number().int().nullable(),
  total_slots: z.number().int().nullable(),
  elapsed_ms: z.number().nullable(),
});
export type AlgorithmRunResult = z.infer<typeof AlgorithmRunResultSchema>;

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
