import { z } from 'zod';
import { IsoDateSchema, JobPhaseSchema, isRealDate } from '@meridian/domain';
import { RowIdParamsSchema } from './ids';
import { SwapImpactSchema, SwapRequestSchema } from './offers';
import { ScheduleSlotSchema } from './people';

/**
 * The people in the plan ask, managers decide. The inbox (GET /api/v1/requests)
 * is a list of items told apart by `kind`: leave requests and swaps (accepted
 * offers, offers.ts). Their ids share one sequence, so /requests/{id} names one
 * item whatever its kind.
 */

/** The longest note a physicist may add to a request (characters, after trimming). */
export const LEAVE_NOTE_MAX = 1000;
/** The longest reason a manager may give for a decision. */
export const DECISION_REASON_MAX = 500;

/** A request's state: asked, then approved or declined by a manager, or withdrawn by its owner. */
export const LeaveRequestStatusSchema = z.enum(['pending', 'approved', 'declined', 'withdrawn']);
export type LeaveRequestStatus = z.infer<typeof LeaveRequestStatusSchema>;

/** POST /api/v1/me/leave-requests: the days off asked for (inclusive) and a note. */
export const NewLeaveRequestSchema = z
  .strictObject({
    start: IsoDateSchema,
    end: IsoDateSchema,
    note: z.string().trim().max(LEAVE_NOTE_MAX).default(''),
  })
  .refine((b) => isRealDate(b.start), { message: 'not a real date', path: ['start'] })
  .refine((b) => isRealDate(b.end), { message: 'not a real date', path: ['end'] })
  .refine((b) => b.start <= b.end, { message: 'end is before start', path: ['end'] });
export type NewLeaveRequest = z.input<typeof NewLeaveRequestSchema>;

/** Where the repair an approval prepared is: its what-if task and the proposal it fills. */
export const LeaveRepairSchema = z.object({
  task_id: z.string(),
  proposal_id: z.number().int(),
  /** The proposal's state: pending while the what-if works, then ready, applied, discarded or failed. */
  proposal_status: z.enum(['pending', 'ready', 'applied', 'discarded', 'failed']),
});
export type LeaveRepair = z.infer<typeof LeaveRepairSchema>;

/** One leave request, as its owner and the managers see it. */
export const LeaveRequestSchema = z.object({
  kind: z.literal('leave'),
  id: z.number().int(),
  status: LeaveRequestStatusSchema,
  physicist: z.object({ id: z.number().int(), name: z.string() }),
  /** The account that asked. */
  requested_by: z.string(),
  start: IsoDateSchema,
  end: IsoDateSchema,
  /** Inclusive length in days. */
  days: z.number().int(),
  note: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** Who approved or declined it (null while pending or when withdrawn). */
  decided_by: z.string().nullable(),
  /** The manager's reason for the decision ('' when none was given). */
  reason: z.string(),
  /** The repair an approval prepared as a what-if proposal; null until approved. */
  repair: LeaveRepairSchema.nullable(),
});
export type LeaveRequest = z.infer<typeof LeaveRequestSchema>;

/** GET /api/v1/me/leave-requests: the signed-in physicist's own requests, newest first. */
export const MyLeaveRequestsSchema = z.array(LeaveRequestSchema);

/** One item of the managers' inbox; `kind` tells the kinds of request apart. */
export const RequestItemSchema = z.discriminatedUnion('kind', [
  LeaveRequestSchema,
  SwapRequestSchema,
]);
export type RequestItem = z.infer<typeof RequestItemSchema>;

/** GET /api/v1/requests: pending first (oldest first), then decided ones (newest first). */
export const RequestInboxSchema = z.object({
  items: z.array(RequestItemSchema),
  /** How many are pending (the top bar's badge). */
  pending: z.number().int(),
});
export type RequestInbox = z.infer<typeof RequestInboxSchema>;

/** POST /api/v1/requests/{id}/approve: an optional reason told to the physicist. */
export const ApproveRequestSchema = z.strictObject({
  reason: z.string().trim().max(DECISION_REASON_MAX).default(''),
});
export type ApproveRequest = z.input<typeof ApproveRequestSchema>;

/** POST /api/v1/requests/{id}/decline: the reason is required; the physicist is told it. */
export const DeclineRequestSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'give the physicist a reason for declining')
    .max(DECISION_REASON_MAX),
});
export type DeclineRequest = z.input<typeof DeclineRequestSchema>;

/** Answer of approve and decline: the request as it now is and the sentence for the toast. */
export const RequestDecisionSchema = z.object({
  request: RequestItemSchema,
  message: z.string(),
});
export type RequestDecision = z.infer<typeof RequestDecisionSchema>;

/** A colleague who could take a slot: free for the whole job, of the slot's role. */
export const CoverCandidateSchema = z.object({
  name: z.string(),
  /** Great-circle miles from their home to the job. */
  miles: z.number(),
});

/** One slot of the physicist's that the leave would empty. */
export const ImpactedSlotSchema = z.object({
  job_id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  start: IsoDateSchema,
  end: IsoDateSchema,
  slot: ScheduleSlotSchema,
  phase: JobPhaseSchema,
  /** The nearest colleagues free to cover it (at most three); empty when nobody is. */
  candidates: z.array(CoverCandidateSchema),
  /** Whether anyone can cover it; false also when the job has no usable zip code. */
  coverable: z.boolean(),
});
export type ImpactedSlot = z.infer<typeof ImpactedSlotSchema>;

/** The impact of a leave request (kind `leave`): the physicist's jobs not yet past that the dates hit. */
export const LeaveImpactSchema = z.object({
  kind: z.literal('leave'),
  request_id: z.number().int(),
  slots: z.array(ImpactedSlotSchema),
  /** Slots that nobody free could cover. */
  uncovered: z.number().int(),
});
export type LeaveImpact = z.infer<typeof LeaveImpactSchema>;

/**
 * GET /api/v1/requests/{id}/impact: what deciding the request would do to
 * the plan, told apart by `kind` as the inbox's items are: a leave's jobs
 * and who could cover them, or a swap's change of hands, F and rules now.
 */
export const RequestImpactSchema = z.discriminatedUnion('kind', [
  LeaveImpactSchema,
  SwapImpactSchema,
]);
export type RequestImpact = z.infer<typeof RequestImpactSchema>;

export const RequestIdParamsSchema = RowIdParamsSchema;
