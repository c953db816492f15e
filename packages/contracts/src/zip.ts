import { z } from 'zod';

/**
 * The zips the API takes, as patterns its OpenAPI document carries (a zod
 * regex becomes the field's `pattern`): five digits; ZIP+4, with or without
 * the hyphen (the first five are kept); three or four digits whose leading
 * zeros a spreadsheet dropped (given back), also with +4; spaces around are
 * trimmed. These are exactly the texts the domain's normalizeZip (and the
 * upload's normalizeUploadZip, apps/api/src/io/schedule-row.ts) turn into five
 * digits; apps/api/test/zip-input-pattern.test.ts holds the two in step.
 * Whether the zip is in the zip table is checked by the server (400 naming it).
 */

/** A physicist's home or a kit's location: a US zip, never missing. */
export const ZIP_INPUT_PATTERN = /^\s*(?:\d{3,5}|\d{5}-?\d{4}|\d{3,4}-\d{4})\s*$/;

/**
 * A job's zip: a US zip, or one of the spec's "no usable location" values
 * (empty, null, none, n/a, 0, in any case: the domain's isMissingZip), kept as
 * typed so the row shows red. No quantifier sits inside another, so a long
 * run of spaces has one way to match, not one per split (a JSON body may
 * carry a megabyte of it).
 */
export const JOB_ZIP_INPUT_PATTERN =
  /^(?:\s*|\s*(?:\d{3,5}|\d{5}-?\d{4}|\d{3,4}-\d{4}|0|[Nn][Uu][Ll][Ll]|[Nn][Oo][Nn][Ee]|[Nn]\/[Aa])\s*)$/;

const ZIP_RULE =
  'must be a 5-digit US zip code (ZIP+4 and 3 or 4 digits without their leading zeros are read as one)';

/** The zip of a roster row as it is typed in (physicists and kits). */
export const ZipInputSchema = z.string().trim().min(3).max(10).regex(ZIP_INPUT_PATTERN, ZIP_RULE);

/** The zip of a job as it is typed in. */
export const JobZipInputSchema = z
  .string()
  .max(20)
  .regex(JOB_ZIP_INPUT_PATTERN, `${ZIP_RULE}, or empty, null, none, n/a or 0 for no location`);
