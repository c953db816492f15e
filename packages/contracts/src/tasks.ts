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

/**
 * POST /api/v1/optimize/assign and /analytics/compare_algorithms: the new
 * task's id and the name the task list will show, so the start toast can name
 * it before the list is reloaded.
 */
export const TaskStartedSchema = z.object({ task_id: z.string(), name: z.string() });
export type TaskStarted = z.infer<typeof TaskStartedSchema>;
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

/**
 * The final stream message of a task that did not complete (both streams).
 * `status` says whether it failed or was cancelled, so every client can tell a
 * cancel from a failure; events stored before it existed read as 'error'.
 */
export const StreamErrorMessageSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  status: z.enum(['error', 'cancelled']).default('error'),
});

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
  StreamErrorMessageSchema,
]);
export type OptimizeStreamMessage = z.infer<typeof OptimizeStreamMessageSchema>;
