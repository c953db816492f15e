import { z } from 'zod';
import { AlgorithmKeySchema, ObjectiveSchema } from '@meridian/domain';

export const TaskStatusSchema = z.enum(['queued', 'running', 'complete', 'error', 'cancelled']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A long-running optimisation or comparison (spec section 3, Task). Times in seconds. */
export const TaskSchema = z.object({
  id: z.string(),
  type: z.enum(['optimization', 'comparison']),
  name: z.string(),
  status: TaskStatusSchema,
  progress: z.number(),
  total: z.number(),
  message: z.string(),
  elapsed_time: z.number(),
  estimated_total_time: z.number().nullable(),
  results: z.unknown().nullable(),
  algorithm: z.string().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;
export const TaskListSchema = z.array(TaskSchema);

/** POST /api/v1/optimize/assign and /analytics/compare_algorithms. */
export const TaskStartedSchema = z.object({ task_id: z.string() });
export const OptimizeQuerySchema = z.object({ algorithm: AlgorithmKeySchema });
export const TaskIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** What a completed optimisation run reports. */
export const RunSummarySchema = z.object({
  algorithm: AlgorithmKeySchema,
  status: z.string(),
  objective: ObjectiveSchema,
  bound: z.number().nullable(),
  elapsed_ms: z.number(),
  jobs_assigned: z.number().int(),
  jobs_total: z.number().int(),
  found_by: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** Optimisation stream (SSE `data`), discriminated by `type`. */
export const OptimizeStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    progress: z.number(),
    message: z.string(),
    estimated_total_time: z.number().nullable(),
    elapsed_time: z.number(),
  }),
  z.object({ type: z.literal('complete'), result: RunSummarySchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type OptimizeStreamMessage = z.infer<typeof OptimizeStreamMessageSchema>;
