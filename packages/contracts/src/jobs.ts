import { z } from 'zod';
import { IsoDateSchema, JobPhaseSchema, JobSchema } from '@meridian/domain';
import { RowIdParamsSchema, RowIdSchema, RowVersionSchema } from './ids';
import { JobZipInputSchema } from './zip';

/**
 * A job as the API answers it: the spec's fields plus the pinned flags of a
 * manual assignment (optimisation keeps a pinned slot until it is cleared).
 */
export const JobRecordSchema = JobSchema.extend({
  lead_pinned: z.boolean(),
  data_acq_pinned: z.boolean(),
  kit_pinned: z.boolean(),
  /** Where the job stands in the planning window: past, published or draft. */
  phase: JobPhaseSchema,
});
export type JobRecord = z.infer<typeof JobRecordSchema>;

/** A job record before the planning window gives it its phase (as the repository reads it). */
export type PlainJobRecord = Omit<JobRecord, 'phase'>;

export const JobListSchema = z.array(JobRecordSchema);

/**
 * PUT /api/v1/jobs/{id}: the full job including `version`. Only the editable
 * fields are taken from the body; derived fields (duration, region, assigned
 * names, kit_location) are recomputed by the server, and id comes from the path.
 */
/** Why a past job's record is corrected: required for a job that started before today. */
export const CorrectionReasonSchema = z.string().trim().min(1).max(500);

export const JobUpdateRequestSchema = z.object({
  version: RowVersionSchema,
  customer: z.string().max(200),
  location: z.string().max(300),
  zip_code: JobZipInputSchema,
  package: z.string().max(200),
  start: IsoDateSchema.nullable(),
  end: IsoDateSchema.nullable(),
  reason: z.string().max(4000),
  /** Why a past job's record is corrected (or a job is dated in the past): required then. */
  correction_reason: CorrectionReasonSchema.optional(),
});
export type JobUpdateRequest = z.infer<typeof JobUpdateRequestSchema>;

export const JobIdParamsSchema = RowIdParamsSchema;

/** DELETE /api/v1/jobs/{id}: removing a past job corrects the record and needs a reason. */
export const JobDeleteQuerySchema = z.strictObject({
  correction_reason: CorrectionReasonSchema.optional(),
});
export type JobDeleteQuery = z.infer<typeof JobDeleteQuerySchema>;

/** POST /api/v1/assignments/manual. */

export const ManualAssignmentRequestSchema = z.strictObject({
  job_id: RowIdSchema,
  role: z.enum(['lead', 'data_acq']),
  physicist_id: RowIdSchema.nullable(),
  reason: CorrectionReasonSchema.optional(),
});
export type ManualAssignmentRequest = z.infer<typeof ManualAssignmentRequestSchema>;

/** POST /api/v1/kits/manual_override. */
export const KitOverrideRequestSchema = z.strictObject({
  job_id: RowIdSchema,
  kit_id: RowIdSchema.nullable(),
  reason: CorrectionReasonSchema.optional(),
});

/** A plain `{message}` answer (analyze, kits/assign). */
export const MessageSchema = z.object({ message: z.string() });
