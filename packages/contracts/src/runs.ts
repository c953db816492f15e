import { z } from 'zod';
import { ObjectiveSchema, PlanScopeSchema } from '@meridian/domain';
import { ErrorBodySchema } from './errors';
import { RowIdParamsSchema, decimalInteger } from './ids';
import { PlanSummarySchema } from './plan';

/**
 * Plan revisions: every write of a whole plan is a recorded run that can be
 * listed, compared, undone (restore) and replayed.
 */

/**
 * What wrote a revision (proposal: an applied what-if or preview proposal;
 * correction: a manual edit of a past job's record, with its reason;
 * swap: an approved swap or cover of one slot, with what it was).
 */
export const RunKindSchema = z.enum([
  'optimization',
  'kit_assignment',
  'restore',
  'proposal',
  'correction',
  'swap',
]);
export type RunKind = z.infer<typeof RunKindSchema>;

/** A slot of a job a run can change. */
export const RunSlotSchema = z.enum(['lead', 'data_acq', 'kit']);
export type RunSlot = z.infer<typeof RunSlotSchema>;

/** One recorded run as GET /api/v1/runs lists it (newest first). */
export const RunSchema = z.object({
  id: z.number().int(),
  kind: RunKindSchema,
  /** The optimiser's algorithm key (a preview's, for its applied proposal); null for kit assignments, restores and what-ifs. */
  algorithm: z.string().nullable(),
  status: z.string(),
  seed: z.number().int().nullable(),
  weights: z.unknown(),
  time_limit_ms: z.number().int().nullable(),
  /** The iteration cap the run was started with; null when only the time limit bounded it. */
  max_iterations: z.number().int().nullable(),
  /** Iterations each method ran, by method (empty when the method reports none). */
  iterations: z.record(z.string(), z.number()),
  /** sha256 of jobs, roster, leave, kits and weights as the run read them; null for runs recorded before revisions. */
  input_fingerprint: z.string().nullable(),
  /** F's parts before the run; null for runs recorded before revisions. */
  objective_before: ObjectiveSchema.nullable(),
  objective_after: ObjectiveSchema,
  changed_slots: z.number().int(),
  /** The run a restore put back (kind restore), else null. */
  restored_run_id: z.number().int().nullable(),
  /** Username of who started it; null when unknown or deleted. */
  created_by: z.string().nullable(),
  /** ISO 8601 UTC. */
  finished_at: z.string(),
  /** What it did, in words; null for runs recorded before runs kept it. */
  headline: z.string().nullable(),
  /** What it did, in counts; null for runs recorded before runs kept it. */
  summary: PlanSummarySchema.nullable(),
  /** Why a correction changed a past job's record, or which swap a swap run applied; null for every other run. */
  reason: z.string().nullable(),
  /** What it was allowed to change (draft only, or published too); null before runs kept it. */
  scope: PlanScopeSchema.nullable(),
});
export type Run = z.infer<typeof RunSchema>;
export const RunListSchema = z.array(RunSchema);

/** One value of a slot: the physicist's or kit's id and the name shown for it. */
export const SlotValueSchema = z.object({ id: z.number().int().nullable(), name: z.string() });
export type SlotValue = z.infer<typeof SlotValueSchema>;

/** One slot a run changed; null is an empty slot. */
export const RunChangeSchema = z.object({
  job_id: z.number().int(),
  slot: RunSlotSchema,
  before: SlotValueSchema.nullable(),
  after: SlotValueSchema.nullable(),
});
export type RunChange = z.infer<typeof RunChangeSchema>;

/** GET /api/v1/runs/{id}: the run and every slot it changed. */
export const RunDetailSchema = RunSchema.extend({ changes: z.array(RunChangeSchema) });
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** `{id}` of a run in a path. */
export const RunIdParamsSchema = RowIdParamsSchema;
export const RunListQuerySchema = z.object({
  limit: decimalInteger(1, 500).default(50),
});

/** POST /api/v1/runs/{id}/restore: force overwrites slots changed since the run. */
export const RestoreBodySchema = z
  .object({ force: z.boolean().default(false) })
  .strict()
  .default({ force: false });

/** A slot that changed since the run, so a restore would overwrite someone's later edit. */
export const RestoreConflictSchema = z.object({
  job_id: z.number().int(),
  customer: z.string().nullable(),
  slot: RunSlotSchema,
  /** What the run left there. */
  expected: SlotValueSchema.nullable(),
  /** What is there now; null also when the job was deleted (then customer is null). */
  current: SlotValueSchema.nullable(),
});
export type RestoreConflict = z.infer<typeof RestoreConflictSchema>;

/** 409 of a restore without force: the sentence and the conflicting slots. */
export const RestoreConflictBodySchema = z.object({
  detail: z.string(),
  conflicts: z.array(RestoreConflictSchema),
});
export type RestoreConflictBody = z.infer<typeof RestoreConflictBodySchema>;

/**
 * Every 409 of a restore: the slots changed since (force overwrites them),
 * or a plain {detail} when putting the slots back would break a scheduling
 * rule (force cannot help then).
 */
export const RestoreRefusedSchema = z.union([RestoreConflictBodySchema, ErrorBodySchema]);

/** 200 of a restore: the restore's own recorded run and how many slots it put back. */
export const RestoreResultSchema = z.object({
  message: z.string(),
  run: RunSchema,
});
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

/** POST /api/v1/runs/{id}/replay: the rerun's verdict. */
export const ReplayResultSchema = z.object({
  run_id: z.number().int(),
  /** Whether the input now hashes to the run's fingerprint; if not, a replay is no reproduction. */
  fingerprint_matches: z.boolean(),
  /** Whether this is a reproduction: the fingerprint matches and the rerun reached the run's F (to 1e-6). */
  reproduced: z.boolean(),
  /**
   * Whether the run recorded what reproduces it (its schedule and iterations,
   * per epoch and member for the portfolio) and nothing clock-bound decided
   * its search, so the same seed on the same input must give the same F.
   */
  deterministic: z.boolean(),
  objective_recorded: ObjectiveSchema,
  objective_replayed: ObjectiveSchema,
  /** The run's seed; null for an applied what-if (a repair bounded by search nodes, not a seeded search). */
  seed: z.number().int().nullable(),
  /** The main-loop iterations (an applied what-if: the repair's node limit) the rerun was held to; null for the portfolio (per epoch and member) and methods that count none. */
  max_iterations: z.number().int().nullable(),
  elapsed_ms: z.number(),
  /** One sentence saying what the verdict means. */
  message: z.string(),
});
export type ReplayResult = z.infer<typeof ReplayResultSchema>;
