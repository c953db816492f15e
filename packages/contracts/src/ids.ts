import { z } from 'zod';

/** Largest value of the database's integer columns (PostgreSQL `integer`, 32-bit). */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A row id: a positive 32-bit integer, so an id past the column's range is a 400, not a database error. */
export const RowIdSchema = z.number().int().positive().max(MAX_DB_INTEGER);

/** `{id}` in a path, read from its text. */
export const RowIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_INTEGER),
});

/** An optimistic-locking version as the client echoes it: any 32-bit integer (a stale one is a 409). */
export const RowVersionSchema = z
  .number()
  .int()
  .min(-MAX_DB_INTEGER - 1)
  .max(MAX_DB_INTEGER);
