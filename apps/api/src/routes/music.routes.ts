import multipart from '@fastify/multipart';
import {
  MAX_MUSIC_FILE_BYTES,
  MusicSettingsReadSchema,
  MusicTracksSchema,
  MusicUploadListSchema,
  MusicUploadSchema,
  NoContentSchema,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MusicService } from '../services/music.service';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { badRequest } from '../http/http-error';
import { MUSIC_URL_PREFIX } from '../io/music-url';
import { mediaFileHandler } from './media-serving';
import { refuseBadMultipartText } from '../http/text-guard';

/**
 * Music: what the top bar's player plays, the tracks a playlist may name, and
 * the admin's uploaded music files. The files are served publicly from
 * /media/music/ because an <audio> element cannot send a bearer header; they
 * carry nosniff (helmet), their audio type and byte ranges.
 */
export const musicRoutes: FastifyPluginAsyncZod<{ music: MusicService }> = async (
  app,
  { music },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_MUSIC_FILE_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  // Served from the database by any node (media-serving.ts); never compressed: ranges
  // count the stored bytes, and video and audio do not shrink.
  // HEAD is declared, not derived: Fastify's derived HEAD would read the whole file to drop it.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MUSIC_URL_PREFIX}:name`,
    compress: false,
    schema: { hide: true, params: z.object({ name: z.string().max(200) }) },
    handler: mediaFileHandler(music.library, 'music file'),
  });
  const admin = requireRole('admin');
  const anyone = requireSignedIn();

  app.get(
    '/api/v1/music/settings',
    {
      onRequest: anyone,
      schema: { tags: ['settings'], response: { 200: MusicSettingsReadSchema } },
    },
    () => music.read(),
  );

  app.get(
    '/api/v1/music/tracks',
    { onRequest: anyone, schema: { tags: ['settings'], response: { 200: MusicTracksSchema } } },
    () => music.tracks(),
  );

  app.get(
    '/api/v1/admin/music/uploads',
    { onRequest: admin, schema: { tags: ['admin'], response: { 200: MusicUploadListSchema } } },
    () => music.uploads(),
  );

  app.post(
    '/api/v1/admin/music/upload',
    {
      onRequest: admin,
      config: { upload: 'The music file', answers: [413] },
      schema: {
        tags: ['admin'],
        summary: 'Upload a music file (MP3, Ogg Opus or Vorbis, WAV or FLAC; checked by content)',
        response: { 201: MusicUploadSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw badRequest("Send the music file as multipart/form-data in a field named 'file'");
      }
      const file = await request.file();
      if (file === undefined)
        throw badRequest("The request has no file; send it in a field named 'file'");
      refuseBadMultipartText(file);
      return reply.code(201).send(await music.upload(file.file, file.filename));
    },
  );

  app.delete(
    '/api/v1/admin/music/uploads/:key',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        params: z.object({ key: z.string().max(200) }),
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await music.remove(request.params.key);
      return reply.code(204).send(null);
    },
  );
};
