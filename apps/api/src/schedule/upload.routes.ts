import multipart from '@fastify/multipart';
import { RosterImportResultSchema, UploadResultSchema } from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../app-services';
import { requireRole } from '../auth/authenticate';
import { HttpError, badRequest } from '../http/http-error';
import {
  MAX_UPLOAD_BYTES,
  tooLarge,
  type InvalidResult,
  type TooLargeResult,
} from '../schedule-io/issues';

/** The uploaded file's bytes; 413 naming the limit when it is over, never a truncated read. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) {
    throw badRequest("Send the file as multipart/form-data in a field named 'file'");
  }
  try {
    const file = await request.file();
    if (file === undefined)
      throw badRequest("The request has no file; send it in a field named 'file'");
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

/**
 * File uploads of the scheduling data. Multipart is registered in this scope
 * only, with a hard size limit so an oversized file is refused, not cut short.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const { scheduleImport, rosterImport } = services.scheduling;
  const onRequest = requireRole('admin', 'manager');
  const tags = ['import'];

  app.post(
    '/api/v1/schedules/upload',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Replace all jobs and unavailability from a .csv or .xlsx file (all or nothing)',
        response: { 200: UploadResultSchema },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await readUpload(request);
      const outcome = await scheduleImport.upload(bytes, fileName);
      return outcome.ok ? reply.send(outcome.summary) : refuse(reply, outcome);
    },
  );
  app.post(
    '/api/v1/physicists/import',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add physicists from a CSV (name, role, home_zip)',
        response: { 200: RosterImportResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await rosterImport.importPhysicists((await readUpload(request)).bytes);
      return outcome.ok ? reply.send(outcome.result) : refuse(reply, outcome);
    },
  );
  app.post(
    '/api/v1/kits/import',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Add kits from a CSV (name, current_location_zip, is_out_for_maintenance, comments)',
        response: { 200: RosterImportResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await rosterImport.importKits((await readUpload(request)).bytes);
      return outcome.ok ? reply.send(outcome.result) : refuse(reply, outcome);
    },
  );
};
