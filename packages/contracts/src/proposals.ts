import { z } from 'zod';
import { IsoDateSchema, ObjectiveSchema, UnavailabilitySchema, isRealDate } from '@meridian/domain';
import { RowIdParamsSchema, RowIdSchema } from './ids';

/** POST /api/v1/optimize/what-if: who is out (a physicist or a kit, exactly one) and when. */
export const WhatIfRequestSchema = z
  .object({
    physicist_id: RowIdSchema.optional(),
    kit_id: RowIdSchema.optional(),
    start: IsoDateSchema,
    end: IsoDateSchema,
  })
  .strict()
  .refine((b) => (b.physicist_id === undefined) !== (b.kit_id === undefined), {
    message: 'give exactly one of physicist_id and kit_id',
  })
  .refine((b) => isRealDate(b.start) && isRealDate(b.end), {
    message: 'start and end must be real dates',
  })
  .refine((b) => b.start <= b.end, { message: 'end is before start', path: ['end'] });
export type WhatIfRequest = z.infer<typeof WhatIfRequestSchema>;

export const ProposalSlotSchema = z.enum(['lead', 'data_acq', 'kit']);

/** One slot a proposal changes; before/after are physicist ids (kit ids for the kit slot), null empty. */
export const ProposalChangeSchema = z.object({
  job_id: z.number().int(),
  slot: ProposalSlotSchema,
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
  /** The slot was locked (pinned): broken only because nothing else worked. */
  locked: z.boolean(),
});
export type ProposalChange = z.infer<typeof ProposalChangeSchema>;

/** GET /api/v1/proposals/{id}: a change to the plan that nobody has applied yet. */
export const ProposalSchema = z.object({
  id: z.number().int(),
  source: z.enum(['what_if', 'preview']),
  status: z.enum(['ready', 'applied', 'discarded']),
  /** What the what-if supposed (null for a preview run). */
  absence: z
    .object({
      physicist_id: z.number().int().nullable(),
      kit_id: z.number().int().nullable(),
      name: z.string(),
      start: IsoDateSchema,
      end: IsoDateSchema,
    })
    .nullable(),
  /** The run's algorithm (null for a what-if). */
  algorithm: z.string().nullable(),
  changes: z.array(ProposalChangeSchema),
  /** F's parts before and after, from the domain evaluator (with the absence, for a what-if). */
  objective_before: ObjectiveSchema,
  objective_after: ObjectiveSchema,
  unfilled: z.array(z.object({ job_id: z.number().int(), slot: ProposalSlotSchema })),
  /** Whether the repair search finished, so the repair is proven smallest; null for a preview. */
  exact: z.boolean().nullable(),
  created_at: z.string(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/**
 * POST /api/v1/proposals/{id}/apply: the applied proposal, the leave the apply
 * recorded for a physicist's absence (in the same transaction; undoing the
 * run removes it), and the sentence that says what happened, kit absences
 * included (a kit has no dated unavailability, so nothing records them).
 */
export const AppliedProposalSchema = ProposalSchema.extend({
  recorded_leave: z.array(UnavailabilitySchema),
  message: z.string(),
});
export type AppliedProposal = z.infer<typeof AppliedProposalSchema>;

export const ProposalIdParamsSchema = RowIdParamsSchema;

/** The final summary of a what-if task. */
export const WhatIfSummarySchema = z.object({
  proposal_id: z.number().int(),
  changes: z.number().int(),
  unfilled: z.number().int(),
  objective_before: ObjectiveSchema,
  objective_after: ObjectiveSchema,
  /** What the repair would do, in words (published jobs it would change are named as such). */
  headline: z.string().nullable().default(null),
});
export type WhatIfSummary = z.infer<typeof WhatIfSummarySchema>;

/** What-if stream (SSE `data`), discriminated by `type`; the completion carries proposal_id. */
export const WhatIfStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    progress: z.number(),
    message: z.string(),
    estimated_total_time: z.number().nullable(),
    elapsed_time: z.number(),
  }),
  z.object({
    type: z.literal('complete'),
    proposal_id: z.number().int(),
    result: WhatIfSummarySchema,
  }),
  z.object({
    type: z.literal('error'),
    message: z.string(),
    status: z.enum(['error', 'cancelled']).default('error'),
  }),
]);
export type WhatIfStreamMessage = z.infer<typeof WhatIfStreamMessageSchema>;
