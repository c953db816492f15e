import { z } from 'zod';

/** Every error answer of the API: a JSON body with a human-readable `detail`. */
export const ErrorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A 204 answer: no body. */
export const NoContentSchema = z.null().describe('No content');
