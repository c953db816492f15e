import { z } from 'zod';

/** Largest value of the database's integer columns (PostgreSQL `integer`, 32-bit). */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A row id: a positive 32-bit integer, so an id past the column's range is a 400, not a database error. */
export const RowIdSchema = z.number().int().positive().max(MAX_DB_INTEGER);

/**
 * A whole number in a path or query, read from its text: plain decimal digits
 * only, so `0x10`, `1e1`, `+10`, `10.0` and `010` are refused (400) rather than
 * read as 16 or 10 and acting on another row than the one written. The text's
 * length and the range are in the OpenAPI document too (maxLength, description):
 * the range itself sits in the number the text becomes, which the document
 * cannot show on a string.
 */
export const decimalInteger = (min: number, max: number) =>
  z
    .string()
    .max(String(max).length)
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'must be a whole number written in plain decimal digits')
    .describe(`A whole number from ${min} to ${max}, in plain decimal digits`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** `{id}` in a path, read from its text. */
export const RowIdParamsSchema = z.object({ id: decimalInteger(1, MAX_DB_INTEGER) });

/** An optimistic-locking version as the client echoes it: any 32-bit integer (a stale one is a 409). */
export const RowVersionSchema = z
  .number()
  .int()
  .min(-MAX_DB_INTEGER - 1)
  .max(MAX_DB_INTEGER);
