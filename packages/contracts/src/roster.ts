import { z } from 'zod';
import {
  IsoDateSchema,
  KitSchema,
  PhysicistRoleSchema,
  PhysicistSchema,
  UnavailabilitySchema,
  ZipPointSchema,
} from '@meridian/domain';
import { ZipInputSchema } from './zip';

export const PhysicistListSchema = z.array(PhysicistSchema);
export const KitListSchema = z.array(KitSchema);
export const UnavailabilityListSchema = z.array(UnavailabilitySchema);
export const ZipDataListSchema = z.array(ZipPointSchema);

/** POST/PUT /api/v1/physicists/. */
export const PhysicistInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  role: PhysicistRoleSchema,
  home_zip: ZipInputSchema,
});

/** POST /api/v1/kits/. */
export const KitCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  current_location_zip: ZipInputSchema,
  is_out_for_maintenance: z.boolean().default(false),
  comments: z.string().max(2000).default(''),
});

/** PUT /api/v1/kits/{id}. */
export const KitUpdateSchema = z.strictObject({
  current_location_zip: ZipInputSchema,
  is_out_for_maintenance: z.boolean(),
  comments: z.string().max(2000),
});

/** POST /api/v1/availability/. */
export const UnavailabilityInputSchema = z.strictObject({
  physicist_name: z.string().trim().min(1).max(120),
  start_date: IsoDateSchema,
  end_date: IsoDateSchema,
});

/** One line-numbered problem in an uploaded file. */
export const ImportErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});

/** A refused upload (HTTP 422): the detail plus the first errors and their total. */
export const UploadRejectionSchema = z.object({
  detail: z.string(),
  errors: z.array(ImportErrorSchema),
  total_errors: z.number().int(),
});

/**
 * The text encoding a CSV upload was read in, detected from its bytes: UTF-16
 * by its byte order mark, else UTF-8 when valid, else Windows-1252 (what
 * Excel's "CSV (Comma delimited)" saves on a US machine). Null for a workbook.
 */
export const TEXT_ENCODINGS = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'Windows-1252'] as const;
export const TextEncodingSchema = z.enum(TEXT_ENCODINGS);
export type TextEncoding = z.infer<typeof TextEncodingSchema>;

/** POST /api/v1/schedules/upload success. */
export const UploadResultSchema = z.object({
  jobs_added: z.number().int(),
  availability_added: z.number().int(),
  warnings: z.array(z.string()),
  encoding: TextEncodingSchema.nullable(),
});

/** POST /api/v1/physicists/import and /kits/import success. */
export const RosterImportResultSchema = z.object({
  added: z.number().int(),
  warnings: z.array(z.string()),
  encoding: TextEncodingSchema,
});
