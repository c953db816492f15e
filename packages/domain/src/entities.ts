import { z } from 'zod';
import { RoleSchema } from './roles';

/** A date-only value, YYYY-MM-DD (all scheduling is in whole days). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDateSchema>;

export const PhysicistRoleSchema = z.enum(['lead', 'dataacq']);
export type PhysicistRole = z.infer<typeof PhysicistRoleSchema>;

/** A job (customer site visit) with its assignment fields, spec section 3. */
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
});
export type User = z.infer<typeof UserSchema>;

export const ZipPointSchema = z.object({ zip_code: z.string(), lat: z.number(), lon: z.number() });
export type ZipPoint = z.infer<typeof ZipPointSchema>;

/** The three objective weights (all >= 0). */
export const WeightsSchema = z.object({
  job_balance: z.number().min(0),
  proximity: z.number().min(0),
  staff_rotation: z.number().min(0),
});
export type Weights = z.infer<typeof WeightsSchema>;

export const DEFAULT_WEIGHTS: Weights = { job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2 };
