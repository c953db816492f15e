import { z } from 'zod';
import { ObjectiveSchema } from '@meridian/domain';
import { MAX_DB_INTEGER, decimalInteger } from './ids';

/** The job of /api/v1/assignments/{job_id}/... routes. */
export const AssignmentJobParamsSchema = z.object({
  job_id: decimalInteger(1, MAX_DB_INTEGER),
});

/** F's weighted terms (F units): what each part adds to F. */
const TermsSchema = z.object({
  coverage: z.number(),
  proximity: z.number(),
  balance: z.number(),
  rotation: z.number(),
  /** preference times the change of P, the job days on days the holder asked to avoid. */
  preference: z.number(),
});

/**
 * The holder's part of F: F with them minus F with the slot empty, the
 * coverage penalty aside. `miles` is null when the job has no coordinates.
 */
export const AssignedTermsSchema = z.object({
  physicist_id: z.number().int(),
  name: z.string(),
  miles: z.number().nullable(),
  /** proximity * miles / 100. */
  proximity: z.number(),
  /** job_balance times the change of B this slot makes (against the slot empty). */
  balance: z.number(),
  /** Whether this slot is a repeat visit to the customer (counts 1 in R). */
  rotation_repeat: z.boolean(),
  /** staff_rotation * (1 if a repeat, else 0). */
  rotation: z.number(),
  /** Job days on a day the holder asked to avoid (their part of P). */
  avoided_days: z.number().int(),
  /** preference * avoided_days. */
  preference: z.number(),
  /** proximity + balance + rotation + preference. */
  total: z.number(),
});

/** A feasible physicist and the exact change of F if they took the slot, all else unchanged. */
export const AlternativeSchema = z.object({
  physicist_id: z.number().int(),
  name: z.string(),
  miles: z.number().nullable(),
  delta_total: z.number(),
  /** Raw changes of F's parts (empty slots, miles, B, R). */
  delta: ObjectiveSchema.omit({ total: true }),
  /** The same changes weighted as F counts them. */
  delta_terms: TermsSchema,
});

/** Why a physicist cannot take the slot (the manual-assignment rules' words). */
export const RefusalSchema = z.object({
  physicist_id: z.number().int(),
  name: z.string(),
  kind: z.enum(['leave', 'another_job', 'wrong_role', 'no_home_location']),
  reason: z.string(),
});

/** One slot (lead or data_acq) explained. */
export const SlotExplanationSchema = z.object({
  slot: z.enum(['lead', 'data_acq']),
  /** Locked: every optimiser keeps it as it is. */
  pinned: z.boolean(),
  /** Null when the slot is empty (or held by someone F cannot place, see note). */
  assigned: AssignedTermsSchema.nullable(),
  /** Up to 5, best (lowest delta_total) first. */
  alternatives: z.array(AlternativeSchema),
  /** Feasible physicists ranked below the five shown. */
  more_feasible: z.number().int(),
  refused: z.array(RefusalSchema),
  /** A plain sentence when something limits the answer (no coordinates, unplaced holder). */
  note: z.string().nullable(),
});

/** A free kit and the exact change of total kit miles if it took this job, every other job's kit unchanged. */
export const KitAlternativeSchema = z.object({
  kit_id: z.number().int(),
  name: z.string(),
  /** Where it would come from: its location or its job before this one. */
  from: z.string(),
  /** Miles from there to this job. */
  miles: z.number(),
  /** Total kit miles after minus before (its route gains the job, the holder's loses it). */
  delta_kit_miles: z.number(),
});

/** Why a kit cannot take the job (the manual-assignment rules' words). */
export const KitRefusalSchema = z.object({
  kit_id: z.number().int(),
  name: z.string(),
  kind: z.enum(['maintenance', 'another_job', 'no_location']),
  reason: z.string(),
});

/**
 * The kit slot explained. Kits are not part of F: the kit assignment decides
 * them (most jobs covered, then fewest kit miles, each kit travelling from its
 * location to its first job and then job to job in date order).
 */
export const KitExplanationSchema = z.object({
  slot: z.literal('kit'),
  pinned: z.boolean(),
  /** What decides the kit slot and by which rules, in words. */
  decided_by: z.string(),
  /** Total kit miles of the stored plan: every kit's route, location to first job, then job to job. */
  total_kit_miles: z.number(),
  assigned: z
    .object({
      kit_id: z.number().int(),
      name: z.string(),
      from: z.string(),
      /** Null when the kit or the job has no known place. */
      miles: z.number().nullable(),
      /** Kit miles its route would save without this job (null without places). */
      route_miles: z.number().nullable(),
    })
    .nullable(),
  /** Up to 5, fewest added kit miles first. */
  alternatives: z.array(KitAlternativeSchema),
  more_feasible: z.number().int(),
  refused: z.array(KitRefusalSchema),
  note: z.string().nullable(),
});
export type KitExplanation = z.infer<typeof KitExplanationSchema>;

/** GET /api/v1/assignments/{job_id}/explain. */
export const AssignmentExplanationSchema = z.object({
  job_id: z.number().int(),
  customer: z.string(),
  start: z.string(),
  end: z.string(),
  weights: z.object({
    proximity: z.number(),
    job_balance: z.number(),
    staff_rotation: z.number(),
    preference: z.number().optional(),
  }),
  /** F of the whole stored plan, as the evaluator computes it. */
  objective: ObjectiveSchema,
  lead: SlotExplanationSchema,
  data_acq: SlotExplanationSchema,
  kit: KitExplanationSchema,
});
export type AssignmentExplanation = z.infer<typeof AssignmentExplanationSchema>;
export type SlotExplanation = z.infer<typeof SlotExplanationSchema>;

/** PUT /api/v1/assignments/{job_id}/pins: the lock of each slot. */
export const PinsRequestSchema = z.strictObject({
  lead: z.boolean(),
  data_acq: z.boolean(),
  kit: z.boolean(),
});
export type PinsRequest = z.infer<typeof PinsRequestSchema>;

/** One physicist in GET /api/v1/analytics/physicists. */
export const PhysicistBreakdownSchema = z.object({
  physicist_id: z.number().int(),
  name: z.string(),
  role: z.enum(['lead', 'dataacq']),
  /** Slots they fill in dated jobs (n_p). */
  jobs: z.number().int(),
  /** Fair share t_p, proportional to the days they are available. */
  target: z.number(),
  /** Miles from home to their jobs with coordinates. */
  miles: z.number(),
  /** Repeat visits to the same customer (their part of R). */
  rotation_repeats: z.number().int(),
  /** False when their home zip is unknown: F cannot place them. */
  placed: z.boolean(),
});
export const PhysicistBreakdownListSchema = z.array(PhysicistBreakdownSchema);
export type PhysicistBreakdown = z.infer<typeof PhysicistBreakdownSchema>;
