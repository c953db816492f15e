import { z } from 'zod';
import { IsoDateSchema } from '@meridian/domain';
import { RowIdSchema } from './ids';
import { ScheduleSlotSchema } from './people';

/**
 * Swaps and covers: a linked physicist offers one of their future slots; the
 * colleagues who could take it under every hard rule are told; one accepts; a
 * manager approves (or the automatic approval does) and the slot changes hands
 * as a recorded run, locked.
 */

/** The longest note an offer may carry (characters, after trimming). */
export const OFFER_NOTE_MAX = 1000;

/**
 * An offer's state: open (waiting for a taker), accepted (waiting for a
 * manager), approved or declined, or withdrawn by its owner before a decision.
 */
export const OfferStatusSchema = z.enum(['open', 'accepted', 'approved', 'declined', 'withdrawn']);
export type OfferStatus = z.infer<typeof OfferStatusSchema>;

/** POST /api/v1/me/offers: one of the caller's own future slots, and a note. */
export const NewOfferSchema = z.strictObject({
  job_id: RowIdSchema,
  slot: ScheduleSlotSchema,
  note: z.string().trim().max(OFFER_NOTE_MAX).default(''),
});
export type NewOffer = z.input<typeof NewOfferSchema>;

/** The job an offer is about. */
export const OfferJobSchema = z.object({
  id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  /** Null only when the job lost its dates after the offer was made. */
  start: IsoDateSchema.nullable(),
  end: IsoDateSchema.nullable(),
});
export type OfferJob = z.infer<typeof OfferJobSchema>;

const PersonRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A colleague who could take the slot, with the exact change of F if they did. */
export const OfferCandidateSchema = z.object({
  physicist_id: z.number().int(),
  name: z.string(),
  /** Miles from their home to the job; null when either has no place. */
  miles: z.number().nullable(),
  /** The change of the objective (F plus the stability term), as the explanation ranks alternatives. */
  delta_total: z.number(),
  /** The change of F alone. */
  delta_f: z.number(),
});
export type OfferCandidate = z.infer<typeof OfferCandidateSchema>;

/** One offer, as its owner and the colleagues offered it see it. */
export const OfferSchema = z.object({
  id: z.number().int(),
  status: OfferStatusSchema,
  job: OfferJobSchema,
  slot: ScheduleSlotSchema,
  /** The physicist giving the slot away. */
  from: PersonRefSchema,
  /** The account that offered it. */
  offered_by: z.string(),
  note: z.string(),
  /** ISO 8601 UTC. */
  created_at: z.string(),
  /**
   * Who could take it when offered, best first. The owner sees every one;
   * a colleague sees only their own line.
   */
  candidates: z.array(OfferCandidateSchema),
  /** The colleague who accepted it; null while open. */
  taker: PersonRefSchema.nullable(),
  accepted_at: z.string().nullable(),
  /** F's change (with the stability term) measured when it was accepted; null while open. */
  delta_total: z.number().nullable(),
  /** F's change alone, measured when it was accepted; null while open. */
  delta_f: z.number().nullable(),
  decided_at: z.string().nullable(),
  /** The manager who decided; null while undecided, when withdrawn, or approved automatically. */
  decided_by: z.string().nullable(),
  is_auto_approved: z.boolean(),
  /** The manager's reason ('' when none was given). */
  reason: z.string(),
  /** The recorded run an approval wrote; null until approved. */
  run_id: z.number().int().nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** GET /api/v1/me/offers: the caller's own offers, and those offered to them; newest first. */
export const MyOffersSchema = z.object({
  mine: z.array(OfferSchema),
  to_me: z.array(OfferSchema),
});
export type MyOffers = z.infer<typeof MyOffersSchema>;

/** POST /api/v1/offers/{id}/accept: the offer as it now is and the sentence for the toast. */
export const OfferAcceptedSchema = z.object({
  offer: OfferSchema,
  message: z.string(),
});
export type OfferAccepted = z.infer<typeof OfferAcceptedSchema>;

/**
 * A swap in the managers' inbox (kind `swap`): an accepted offer. Its status
 * reads as a leave request's: pending until a manager (or the automatic
 * approval) decides, or withdrawn by its owner.
 */
export const SwapRequestSchema = z.object({
  kind: z.literal('swap'),
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'declined', 'withdrawn']),
  job: OfferJobSchema,
  slot: ScheduleSlotSchema,
  from: PersonRefSchema,
  to: PersonRefSchema,
  /** The account that offered it. */
  requested_by: z.string(),
  /** The account that accepted it (null when deleted since). */
  accepted_by: z.string().nullable(),
  note: z.string(),
  /** When it was accepted (when it became a request to decide), ISO 8601 UTC. */
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  is_auto_approved: z.boolean(),
  reason: z.string(),
  /** F's change (with the stability term) measured when it was accepted. */
  delta_total: z.number(),
  /** F's change alone, measured when it was accepted. */
  delta_f: z.number(),
  run_id: z.number().int().nullable(),
});
export type SwapRequest = z.infer<typeof SwapRequestSchema>;

/** F's change if the taker held the slot: with the stability term, and alone. */
export const SwapDeltaSchema = z.object({
  /** The change of the objective (F plus the stability term), as the explanation ranks alternatives. */
  delta_total: z.number(),
  /** The change of F alone. */
  delta_f: z.number(),
});
export type SwapDelta = z.infer<typeof SwapDeltaSchema>;

/**
 * A swap as the plan stands now, read when asked: whether every hard rule
 * still lets the taker have the slot, and F's change if they had it now.
 */
export const SwapNowSchema = z.object({
  /** Whether every hard rule (holder, dates, place, role, leave, no overlap) still holds. */
  rules_hold: z.boolean(),
  /** The rule the swap would now break, in words; null when every rule holds. */
  conflict: z.string().nullable(),
  /** F's change now; null when a rule is broken (the swap cannot apply). */
  delta: SwapDeltaSchema.nullable(),
});
export type SwapNow = z.infer<typeof SwapNowSchema>;

/**
 * GET /api/v1/requests/{id}/impact of a swap (kind `swap`): which slot of
 * which job moves from whom to whom, F's change measured when it was
 * accepted, and, while it waits, the same recomputed now with the rules.
 */
export const SwapImpactSchema = z.object({
  kind: z.literal('swap'),
  request_id: z.number().int(),
  job: OfferJobSchema,
  slot: ScheduleSlotSchema,
  from: PersonRefSchema,
  to: PersonRefSchema,
  /** Measured when the taker accepted (the number stored with the swap). */
  at_accept: SwapDeltaSchema,
  /** Read now; null once the swap is decided or withdrawn (nothing is left to apply). */
  now: SwapNowSchema.nullable(),
});
export type SwapImpact = z.infer<typeof SwapImpactSchema>;

/** The largest F increase the automatic approval may be set to accept. */
export const MAX_AUTO_APPROVAL_F = 1_000_000;

/** GET/PUT /api/v1/admin/settings/swap-approval. */
export const SwapApprovalSettingsSchema = z.strictObject({
  /** Approve an accepted swap without a manager when it keeps every hard rule and F rises by at most `max_f_increase`. */
  is_automatic: z.boolean(),
  max_f_increase: z.number().min(0).max(MAX_AUTO_APPROVAL_F),
});
export type SwapApprovalSettings = z.infer<typeof SwapApprovalSettingsSchema>;
