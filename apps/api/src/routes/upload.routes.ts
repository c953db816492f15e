import multipart from '@fastify/multipart';
import {
  RosterImportResultSchema,
  UploadRejectionSchema,
  UploadResultSchema,
} from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RosterImportService } from '../services/roster-import.service';
import type { ScheduleImportService } from '../services/schedule-import.service';
import { requireRole } from '../http/authenticate';
import { HttpError, badRequest } from '../http/http-error';
import { PerUserGate } from '../http/per-user-gate';
import { refuseBadMultipartText } from '../http/text-guard';
import { perUserRateLimit } from '../http/rate-limit';
import { MAX_UPLOAD_BYTES, tooLarge, type InvalidResult, type TooLargeResult } from '../io/issues';

/** The uploaded file's bytes; 413 naming the limit when it is over, never a truncated read. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) {
    throw badRequest("Send the file as multipart/form-data in a field named 'file'");
  }
  try {
    const file = await request.file();
    if (file === undefined)
      throw badRequest("The request has no file; send it in a field named 'file'");
    refuseBadMultipartText(file);
    return { bytes: await file.toBuffer(), fileName: file.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, tooLarge('bytes').detail);
    }
    throw error;
  }
}

/** Sends a refused file: 413 over a limit, else 422 with the line-numbered errors. */
function refuse(reply: FastifyReply, result: InvalidResult | TooLargeResult) {
  if (result.kind === 'too_large') return reply.code(413).send({ detail: result.detail });
  return reply.code(422).send({
    detail: `The file was not imported: ${result.total_errors} error(s); nothing was changed`,
    errors: result.errors,
    total_errors: result.total_errors,
  });
}

/** Options: the services and how many imports a minute one user may start. */
export interface UploadRoutesOptions {
  scheduleImport: ScheduleImportService;
  rosterImport: RosterImportService;
  maxPerMinute: number;
}

/**
 * File uploads of the scheduling data. Multipart is registered in this scope
 * only, with a hard size limit so an oversized file is refused, not cut short.
 * Imports are expensive (a 20 MB file is parsed in this process and "replace
 * all" rewrites every job), so each user gets one at a time, from reading the
 * file to the last write, and IMPORT_RATE_PER_MINUTE starts a minute.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (
  app,
  { scheduleImport, rosterImport, maxPerMinute },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const onRequest = requireRole('admin', 'manager');
  // One budget for the three import routes (a route's own rateLimit config counts it alone).
  const preHandler = app.rateLimit(perUserRateLimit(maxPerMinute, 'imports'));
  const imports = new PerUserGate('You already have an import running; wait for it to finish');
  const tags = ['import'];
  // A file over the limit, a name already taken (409), and the import budget or gate (429).
  const imported = [409, 413, 429] as const;

  app.post(
    '/api/v1/schedules/upload',
    {
      onRequest,
      preHandler,
      config: { upload: 'The .csv or .xlsx file of jobs and unavailability', answers: imported },
      schema: {
        tags,
        summary: 'Replace all jobs and unavailability from a .csv or .xlsx file (all or nothing)',
        response: { 200: UploadResultSchema, 422: UploadRejectionSchema },
      },
    },
    (request, reply) =>
      imports.run(request.user!.id, async () => {
        const { bytes, fileName } = await readUpload(request);
        const outcome = await scheduleImport.upload(bytes, fileName);
        return outcome.ok ? reply.send(outcome.summary) : refuse(reply, outcome);
      }),
  );
  app.post(
    '/api/v1/physicists/import',
    {
      onRequest,
      preHandler,
      config: { upload: 'The CSV of physicists', answers: imported },
      schema: {
        tags,
        summary: 'Add physicists from a CSV (name, role, home_zip)',
        response: { 200: RosterImportResultSchema, 422: UploadRejectionSchema },
      },
    },
    (request, reply) =>
      imports.run(request.user!.id, async () => {
        const outcome = await rosterImport.importPhysicists((await readUpload(request)).bytes);
        return outcome.ok ? reply.send(outcome.result) : refuse(reply, outcome);
      }),
  );
  app.post(
    '/api/v1/kits/import',
    {
      onRequest,
      preHandler,
      config: { upload: 'The CSV of kits', answers: imported },
      schema: {
        tags,
        summary:
          'Add kits from a CSV (name, current_location_zip, is_out_for_maintenance, comments)',
        response: { 200: RosterImportResultSchema, 422: UploadRejectionSchema },
      },
    },
    (request, reply) =>
      imports.run(request.user!.id, async () => {
        const outcome = await rosterImport.importKits((await readUpload(request)).bytes);
        return outcome.ok ? reply.send(outcome.result) : refuse(reply, outcome);
      }),
  );
};
