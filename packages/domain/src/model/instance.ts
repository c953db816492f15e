import { z } from 'zod';
import { IsoDateSchema, PhysicistRoleSchema, WeightsSchema } from '../entities';

/**
 * The optimisation problem as OPTIMIZATION.md defines it: the file format of
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

/** The objective F and its parts (OPTIMIZATION.md). */
export const ObjectiveSchema = z.object({
  total: z.number(),
  unassigned: z.number(),
  distance_miles: z.number(),
  balance: z.number(),
  rotation: z.number(),
});
export type Objective = z.infer<typeof ObjectiveSchema>;
