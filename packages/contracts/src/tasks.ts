import { z } from 'zod';
import { AlgorithmKeySchema, ObjectiveSchema, PlanScopeSchema } from '@meridian/domain';
import { PlanSummarySchema } from './plan';
import { decimalInteger } from './ids';

export const TaskStatusSchema = z.enum(['queued', 'running', 'complete', 'error', 'cancelled']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** How a client follows and cancels one kind of long-running task. */
export interface TaskKindInfo {
  /** What the task panel says of a task of this kind. */
  label: string;
  /** The task's Server-Sent Events stream, under /api/v1. */
  streamPath(id: string): string;
  /** Where a cancel is sent (DELETE), under /api/v1. */
  cancelPath(id: string): string;
  /** Whether it changes the shared schedule (everyone sees it in the panel). */
  changesSchedule: boolean;
}

const idPart = (id: string) => encodeURIComponent(id);

/**
 * A long-running kind that the request which started it waits for and
 * answers (a single algorithm run, a kit assignment): queued and run by a
 * worker like the others, but never listed in the task panel and never
 * streamed, since its result is that request's answer.
 */
export interface AwaitedTaskKindInfo {
  /** What logs and the task table say of a task of this kind. */
  label: string;
  /** Whether it changes the shared schedule. */
  changesSchedule: boolean;
}

/** The kinds the task panel lists, follows and cancels. */
export const PANEL_TASK_KINDS = {
  optimization: {
    label: 'Optimisation',
    streamPath: (id) => `/optimize/stream/${idPart(id)}`,
    cancelPath: (id) => `/tasks/${idPart(id)}`,
    changesSchedule: true,
  },
  comparison: {
    label: 'Algorithm comparison',
    streamPath: (id) => `/analytics/compare_stream/${idPart(id)}`,
    cancelPath: (id) => `/analytics/compare/${idPart(id)}`,
    changesSchedule: false,
  },
  what_if: {
    label: 'What-if',
    streamPath: (id) => `/optimize/what-if/stream/${idPart(id)}`,
    cancelPath: (id) => `/tasks/${idPart(id)}`,
    // Its result is a proposal: nothing changes until someone applies it.
    changesSchedule: false,
  },
} as const satisfies Record<string, TaskKindInfo>;

/** The kinds answered by the request that queued them (POST run_single_algorithm, POST kits/assign). */
export const AWAITED_TASK_KINDS = {
  single_run: { label: 'Single algorithm run', changesSchedule: false },
  kit_assignment: { label: 'Kit assignment', changesSchedule: true },
} as const satisfies Record<string, AwaitedTaskKindInfo>;

/**
 * Every long-running kind of task, declared once for both sides: the server
 * declares its queue and worker for each (apps/api/src/kinds/registry.ts,
 * checked against these keys); the web's task panel follows and cancels any
 * kind of PANEL_TASK_KINDS.
 */
export const TASK_KINDS = { ...PANEL_TASK_KINDS, ...AWAITED_TASK_KINDS };

/** Every task kind (the tasks table's type). */
export type TaskType = keyof typeof TASK_KINDS;
/** A kind the task panel lists (the Task contract's type). */
export type PanelTaskType = keyof typeof PANEL_TASK_KINDS;
export const PanelTaskTypeSchema = z.enum(
  Object.keys(PANEL_TASK_KINDS) as [PanelTaskType, ...PanelTaskType[]],
);

/** True for a kind the task panel lists. */
export const isPanelTaskType = (type: string): type is PanelTaskType => type in PANEL_TASK_KINDS;

/** A long-running task, as the task panel shows it. Times in seconds. */
export const TaskSchema = z.object({
  id: z.string(),
  type: PanelTaskTypeSchema,
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
export const OptimizeQuerySchema = z.object({
  algorithm: AlgorithmKeySchema,
  /** 'false' makes a preview: the run's result becomes a proposal instead of the plan. */
  apply: z
    .enum(['true', 'false'], { message: "apply must be 'true' or 'false'" })
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * An iteration cap: a run bound by its cap (not by the time limit) repeats
   * exactly on replay with the same seed.
   */
  max_iterations: decimalInteger(1, 100_000_000).optional(),
  /**
   * What the run may change: 'draft' (the default) only jobs not yet
   * published; 'published' published ones too. Past jobs never change.
   */
  scope: PlanScopeSchema.default('draft'),
});
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
  /** What the run did, in words ("3 jobs changed, ..."); null on runs stored before it was kept. */
  headline: z.string().nullable().default(null),
  /** What the run did, in counts; null on runs stored before it was kept. */
  summary: PlanSummarySchema.nullable().default(null),
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
  z.object({
    type: z.literal('complete'),
    result: RunSummarySchema,
    /** Set on a preview run (apply=false): the proposal holding its result; nothing was applied. */
    proposal_id: z.number().int().optional(),
  }),
  StreamErrorMessageSchema,
]);
export type OptimizeStreamMessage = z.infer<typeof OptimizeStreamMessageSchema>;
