import { z } from 'zod';
import { RoleSchema } from './roles';

/** A date-only value, YYYY-MM-DD (all scheduling is in whole days). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDateSchema>;

export const PhysicistRoleSchema = z.enum(['lead', 'dataacq']);
export type PhysicistRole = z.infer<typeof PhysicistRoleSchema>;

/** A job (customer site visit) with its assignment fields. */
export const JobSchema = z.object({
  id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  zip_code: z.string(),
  package: z.string(),
  start: IsoDateSchema.nullable(),
  end: IsoDateSchema.nullable(),
  duration: z.number().int().nullable(),
  reason: z.string(),
  version: z.number().int(),
  assigned_lead: z.string().nullable(),
  assigned_lead_id: z.number().int().nullable(),
  assigned_data_acq: z.string().nullable(),
  assigned_data_acq_id: z.number().int().nullable(),
  assigned_kit_id: z.number().int().nullable(),
  assigned_kit_name: z.string().nullable(),
  kit_location: z.string().nullable(),
  region: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const PhysicistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: PhysicistRoleSchema,
  home_zip: z.string(),
});
export type Physicist = z.infer<typeof PhysicistSchema>;

export const KitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  current_location_zip: z.string(),
  is_out_for_maintenance: z.boolean(),
  comments: z.string(),
});
export type Kit = z.infer<typeof KitSchema>;

/** One unavailability (leave) record; both dates inclusive. */
export const UnavailabilitySchema = z.object({
  id: z.number().int(),
  physicist_name: z.string(),
  start_date: IsoDateSchema,
  end_date: IsoDateSchema,
});
export type Unavailability = z.infer<typeof UnavailabilitySchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  /** The physicist this account belongs to, or null. */
  physicist_id: z.number().int().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const ZipPointSchema = z.object({ zip_code: z.string(), lat: z.number(), lon: z.number() });
export type ZipPoint = z.infer<typeof ZipPointSchema>;

/**
 * Largest value of each objective weight, so that coverage dominates
 * F = 1,000,000 U + proximity D/100 + job_balance B + staff_rotation R.
 * Filling one empty slot lowers U by 1 and raises the other terms by at most:
 * proximity x 12,437/100 (no haversine trip exceeds half the Earth's
 * circumference, pi x 3,958.8 mi), job_balance x 1 (one physicist's load moves
 * by 1, so |load - fair share| moves by at most 1) and staff_rotation x 1 (one
 * more visit adds at most one repeat). At 1,000 each that is at most
 * 124,370 + 1,000 + 1,000 = 126,370 < 1,000,000, so a solution with an empty
 * slot that some physicist could fill is never optimal. Stability costs the
 * same whether a planned slot is emptied or given to another physicist, so it
 * never favours an empty slot; preference adds at most 1,000 per job day, so
 * coverage still dominates for any job shorter than 870 days. Uncapped, a
 * weight of 1e308 made F infinite, and every solution looked equally bad.
 */
export const MAX_WEIGHT = 1000;

const weight = z
  .number()
  .min(0, { error: 'must be 0 or more' })
  .max(MAX_WEIGHT, { error: `must be at most ${MAX_WEIGHT}` });

/**
 * Default cost of changing one slot the current plan had filled (the
 * stability term, docs/optimization.md "Planning over time"): 0.25, the
 * price of 50 miles of one trip at the default proximity 0.5. A move must
 * save at least that: a trip 50 miles shorter, or one job moved from an
 * overloaded to an underloaded physicist (at job_balance 0.3 that saves 0.6)
 * still goes through; a swap of two slots must save 100 miles; and moves
 * that gain nothing or a few miles never happen.
 */
export const DEFAULT_STABILITY = 0.25;

/**
 * Default cost of one job day on a day the physicist asked to avoid (the
 * preference term): 1, the price of 200 miles of travel at the default
 * proximity, so a stated preference is honoured unless honouring it costs a
 * markedly longer trip, an unfair share or an empty slot (coverage always wins).
 */
export const DEFAULT_PREFERENCE = 1;

/**
 * The objective weights (each 0 to MAX_WEIGHT): the spec's three, and the
 * stability and preference weights of planning over time, which take their
 * defaults when not given (an instance file or a stored setting from before
 * them): read them through stabilityWeight and preferenceWeight.
 */
export const WeightsSchema = z.object({
  job_balance: weight,
  proximity: weight,
  staff_rotation: weight,
  stability: weight.optional(),
  preference: weight.optional(),
});
export type Weights = z.infer<typeof WeightsSchema>;

/** The stability weight, DEFAULT_STABILITY when not given. */
export const stabilityWeight = (w: Weights): number => w.stability ?? DEFAULT_STABILITY;

/** The preference weight, DEFAULT_PREFERENCE when not given. */
export const preferenceWeight = (w: Weights): number => w.preference ?? DEFAULT_PREFERENCE;

/** All five weights, the missing ones at their defaults (what the server stores and reports). */
export const completeWeights = (w: Weights): Required<Weights> => ({
  ...w,
  stability: stabilityWeight(w),
  preference: preferenceWeight(w),
});

export const DEFAULT_WEIGHTS: Required<Weights> = {
  job_balance: 0.3,
  proximity: 0.5,
  staff_rotation: 0.2,
  stability: DEFAULT_STABILITY,
  preference: DEFAULT_PREFERENCE,
};
