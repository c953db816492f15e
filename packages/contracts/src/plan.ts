import { z } from 'zod';
import { IsoDateSchema, PlanWindowSchema } from '@meridian/domain';

/** GET /api/v1/plan/window. */
export const PlanWindowAnswerSchema = PlanWindowSchema;

/** POST /api/v1/plan/publish: publish the plan through a date (admin, manager). */
export const PublishRequestSchema = z.strictObject({ through: IsoDateSchema });
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

/** Its answer: the new window's end and how many people were told of new or changed jobs. */
export const PublishAnswerSchema = z.object({
  published_through: IsoDateSchema,
  notified: z.number().int(),
});
export type PublishAnswer = z.infer<typeof PublishAnswerSchema>;

/** GET /api/v1/plan/publish-preview?through=: who a publish through that date would tell. */
export const PublishPreviewQuerySchema = z.strictObject({ through: IsoDateSchema });
export const PublishPreviewSchema = z.object({
  through: IsoDateSchema,
  /** Linked people with a published job that is new or changed since they were last told. */
  people_to_tell: z.number().int(),
  /** Jobs that would newly be published (start after the current published date, through `through`). */
  jobs_newly_published: z.number().int(),
});
export type PublishPreview = z.infer<typeof PublishPreviewSchema>;

/** One physicist's count of jobs before and after a plan change. */
export const WorkloadChangeSchema = z.object({
  physicist_id: z.number().int(),
  name: z.string(),
  jobs_before: z.number().int(),
  jobs_after: z.number().int(),
});
export type WorkloadChange = z.infer<typeof WorkloadChangeSchema>;

/**
 * What a plan change did, in counts (a run, a preview, a what-if, a
 * restore). A slot is a job's lead or data-acq; `slots_changed` counts
 * filled slots given to someone else or emptied, `slots_filled` empty slots
 * filled.
 */
export const PlanSummarySchema = z.object({
  slots_changed: z.number().int(),
  published_slots_changed: z.number().int(),
  past_slots_changed: z.number().int(),
  slots_filled: z.number().int(),
  /** Lead and data-acq slots of jobs not yet past still empty after it (nobody could fill them). */
  slots_unfilled: z.number().int(),
  /** The first start date among the jobs it changed or filled; null when none. */
  first_changed_start: IsoDateSchema.nullable(),
  miles_before: z.number(),
  miles_after: z.number(),
  /**
   * Job days on a day their holder asked to avoid (the preference term P),
   * before and after; absent from summaries recorded before preferences.
   */
  avoided_days_before: z.number().int().optional(),
  avoided_days_after: z.number().int().optional(),
  /** The largest changes of jobs per physicist, largest first (at most 5). */
  workload_changes: z.array(WorkloadChangeSchema),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;
