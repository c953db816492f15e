import type { z } from 'zod';
import type {
  KitCreateSchema,
  PhysicistInputSchema,
  UnavailabilityInputSchema,
} from '@meridian/contracts';

/** The bodies of the roster requests, from the contracts. */
export type PhysicistInput = z.input<typeof PhysicistInputSchema>;
export type KitInput = z.input<typeof KitCreateSchema>;
export type UnavailabilityInput = z.input<typeof UnavailabilityInputSchema>;
