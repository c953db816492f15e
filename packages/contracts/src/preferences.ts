import { z } from 'zod';
import { IsoDateSchema, isRealDate } from '@meridian/domain';

/**
 * The days a physicist would rather not work. They are soft: the optimiser pays
 * the `preference` weight per assigned job day on one (docs/optimization.md,
 * the preference term P).
 */

/** Most dates one physicist may list: a whole year, day by day. */
export const MAX_AVOID_DATES = 366;

const AvoidDateSchema = IsoDateSchema.refine(isRealDate, {
  error: 'expected a real calendar date as YYYY-MM-DD',
});

/** ISO weekday: 1 Monday .. 7 Sunday. */
export const IsoWeekdaySchema = z
  .number({ error: 'expected a weekday number, 1 (Monday) to 7 (Sunday)' })
  .int({ error: 'expected a weekday number, 1 (Monday) to 7 (Sunday)' })
  .min(1, { error: 'expected a weekday number, 1 (Monday) to 7 (Sunday)' })
  .max(7, { error: 'expected a weekday number, 1 (Monday) to 7 (Sunday)' });

/** Sorted, each once: the stored and reported form, so equal preferences read alike everywhere. */
const sortedUnique = <T extends string | number>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * PUT /api/v1/me/preferences: the whole set, replacing the last one (an empty
 * list clears it). Duplicates are dropped, so the answer is sorted and
 * unique; more than MAX_AVOID_DATES distinct dates is refused.
 */
export const PreferencesUpdateSchema = z.strictObject({
  avoid_dates: z
    .array(AvoidDateSchema)
    .max(4 * MAX_AVOID_DATES, { error: `at most ${MAX_AVOID_DATES} dates` })
    .transform((dates) => sortedUnique(dates))
    .refine((dates) => dates.length <= MAX_AVOID_DATES, {
      error: `at most ${MAX_AVOID_DATES} dates`,
    }),
  avoid_weekdays: z
    .array(IsoWeekdaySchema)
    .max(7 * 4, { error: 'at most 7 weekdays' })
    .transform((days) => sortedUnique(days)),
});
export type PreferencesUpdate = z.infer<typeof PreferencesUpdateSchema>;

/** A physicist's preferences as stored: dates and weekdays sorted, each once. */
export const PreferencesSchema = z.object({
  physicist_id: z.number().int(),
  physicist_name: z.string(),
  avoid_dates: z.array(IsoDateSchema),
  avoid_weekdays: z.array(z.number().int().min(1).max(7)),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** GET /api/v1/preferences (admin, manager): every physicist who stated any, by physicist id. */
export const PreferencesListSchema = z.array(PreferencesSchema);
