import { z } from 'zod';
import { IsoDateSchema, PhysicistRoleSchema, WeightsSchema } from '../entities';

/**
 * The optimisation problem as docs/optimization.md defines it: the file format of
 * `npm run solve` and what the server hands the optimizer. Locations are
 * resolved to lat/lon before this point; `lat`/`lon` null means the job has no
 * usable coordinates (hard constraint 6: never assigned, always reported).
 */
export const DateRangeSchema = z.object({ start: IsoDateSchema, end: IsoDateSchema });

export const InstancePhysicistSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: PhysicistRoleSchema,
  lat: z.number(),
  lon: z.number(),
  unavailable: z.array(DateRangeSchema).default([]),
  /** Days this physicist asked not to work (soft: the preference term P). */
  avoid_dates: z.array(IsoDateSchema).optional(),
  /** ISO weekdays (1 Monday .. 7 Sunday) this physicist asked not to work (soft, as avoid_dates). */
  avoid_weekdays: z.array(z.number().int().min(1).max(7)).optional(),
});

export const InstanceJobSchema = z.object({
  id: z.string(),
  customer: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  start: IsoDateSchema,
  end: IsoDateSchema,
  lead_id: z.string().nullable().default(null),
  data_acq_id: z.string().nullable().default(null),
  kit_id: z.string().nullable().default(null),
  /**
   * The current plan x0 (docs/optimization.md, "Planning over time"): who
   * holds each slot before the run. A run pays the stability weight for each
   * of these slots it empties or gives to someone else; null means the slot
   * was empty, and filling it costs nothing.
   */
  current_lead_id: z.string().nullable().optional(),
  current_data_acq_id: z.string().nullable().optional(),
  /**
   * A frozen job (in the past, or published and outside the run's scope) is
   * a fact: its slots stay exactly as lead_id, data_acq_id and kit_id say,
   * an empty one stays empty, and its holders are busy on its days and count
   * in balance and rotation.
   */
  frozen: z.boolean().optional(),
});

export const InstanceKitSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  is_out_for_maintenance: z.boolean(),
});

export const InstanceSchema = z.object({
  weights: WeightsSchema,
  physicists: z.array(InstancePhysicistSchema),
  jobs: z.array(InstanceJobSchema),
  kits: z.array(InstanceKitSchema).default([]),
});

export type InstancePhysicist = z.infer<typeof InstancePhysicistSchema>;
export type InstanceJob = z.infer<typeof InstanceJobSchema>;
export type InstanceKit = z.infer<typeof InstanceKitSchema>;
export type Instance = z.infer<typeof InstanceSchema>;

/** One job's slots in a solution; null is an empty slot. */
export const JobAssignmentSchema = z.object({
  job_id: z.string(),
  lead_id: z.string().nullable(),
  data_acq_id: z.string().nullable(),
  kit_id: z.string().nullable(),
});
export type JobAssignment = z.infer<typeof JobAssignmentSchema>;

/**
 * The objective and its parts (docs/optimization.md): `total` is what every
 * algorithm minimises, F' = F + stability S + preference P; `f` is F as the
 * spec defines it (coverage, miles, balance, rotation), equal to `total` when
 * there is no current plan to keep and no preference.
 */
export const ObjectiveSchema = z.object({
  total: z.number(),
  f: z.number(),
  unassigned: z.number(),
  distance_miles: z.number(),
  balance: z.number(),
  rotation: z.number(),
  /** S: slots of the current plan emptied or given to someone else. */
  changed_slots: z.number(),
  /** P: job days on a day the holder asked to avoid. */
  avoided_days: z.number(),
});
export type Objective = z.infer<typeof ObjectiveSchema>;

/**
 * An objective as stored by any version: one recorded before the stability
 * and preference terms reads with F' = F (total), S = 0 and P = 0, which is
 * what it was.
 */
export const StoredObjectiveSchema = z
  .object({
    total: z.number(),
    f: z.number().optional(),
    unassigned: z.number(),
    distance_miles: z.number(),
    balance: z.number(),
    rotation: z.number(),
    changed_slots: z.number().default(0),
    avoided_days: z.number().default(0),
  })
  .transform((o): Objective => ({ ...o, f: o.f ?? o.total }));
