import multipart from '@fastify/multipart';
import {
  ActiveBackgroundSchema,
  BackgroundUploadResultSchema,
  BackgroundVideoListSchema,
  MAX_BACKGROUND_VIDEO_BYTES,
  NoContentSchema,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackgroundsService } from '../services/backgrounds.service';
import { requireRole } from '../http/authenticate';
import { badRequest } from '../http/http-error';
import { BACKGROUNDS_URL_PREFIX } from '../io/background-url';
import { mediaFileHandler } from './media-serving';
import { refuseBadMultipartText } from '../http/text-guard';

/**
 * Background videos (the admin's Appearance tab) and their public side: the
 * login landing asks which video is active and plays it from
 * /media/backgrounds/, which must be public because a <video> element cannot
 * send a bearer header. Served files carry nosniff (helmet) and byte ranges.
 */
export const backgroundsRoutes: FastifyPluginAsyncZod<{ backgrounds: BackgroundsService }> = async (
  app,
  { backgrounds },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_BACKGROUND_VIDEO_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  // Served from the database by any node (media-serving.ts); never compressed: ranges
  // count the stored bytes, and video and audio do not shrink.
  // HEAD is declared, not derived: Fastify's derived HEAD would read the whole file to drop it.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${BACKGROUNDS_URL_PREFIX}:name`,
    compress: false,
    schema: { hide: true, params: z.object({ name: z.string().max(200) }) },
    handler: mediaFileHandler(backgrounds.library, 'background video'),
  });
  const admin = requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/api/v1/backgrounds/active',
    {
      config: { public: true },
      schema: {
        tags: ['settings'],
        summary: "The login landing's background video (public), or null",
        response: { 200: ActiveBackgroundSchema },
      },
    },
    async () => ({ url: await backgrounds.activeUrl() }),
  );

  app.get(
    '/api/v1/admin/backgrounds',
    { onRequest: admin, schema: { tags, response: { 200: BackgroundVideoListSchema } } },
    () => backgrounds.list(),
  );

  app.post(
    '/api/v1/admin/backgrounds/upload',
    {
      onRequest: admin,
      config: { upload: 'The video file', answers: [413] },
      schema: {
        tags,
        summary: 'Upload a background video (MP4, QuickTime, WebM or Ogg; checked by content)',
        response: { 201: BackgroundUploadResultSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw badRequest("Send the video as multipart/form-data in a field named 'file'");
      }
      const file = await request.file();
      if (file === undefined)
        throw badRequest("The request has no file; send it in a field named 'file'");
      refuseBadMultipartText(file);
      return reply.code(201).send(await backgrounds.upload(file.file, file.filename));
    },
  );

  app.delete(
    '/api/v1/admin/backgrounds/:name',
    {
      onRequest: admin,
      schema: {
        tags,
        params: z.object({ name: z.string().max(200) }),
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await backgrounds.remove(request.params.name);
      return reply.code(204).send(null);
    },
  );
};
