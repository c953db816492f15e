import { createReadStream } from 'node:fs';
import {
  ActiveThemeSchema,
  AppearanceSettingsSchema,
  MusicSettingsReadSchema,
  MusicTracksSchema,
  WeightsBodySchema,
} from '@meridian/contracts';
import { WeightsSchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from '../services/settings.service';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { MUSIC_TRACKS } from '../services/music-catalogue';

/** Theme, appearance, music and optimizer weight routes. */
export const settingsRoutes: FastifyPluginCallbackZod<{ settings: SettingsService }> = (
  app,
  { settings },
  done,
) => {
  const admin = requireRole('admin');
  const anyone = requireSignedIn();

  app.get(
    '/api/v1/theme/active',
    { onRequest: anyone, schema: { tags: ['settings'], response: { 200: ActiveThemeSchema } } },
    async () => ({ theme_name: await settings.getTheme() }),
  );

  app.get(
    '/api/v1/music/settings',
    {
      onRequest: anyone,
      schema: { tags: ['settings'], response: { 200: MusicSettingsReadSchema } },
    },
    () => settings.getMusic(),
  );

  app.get(
    '/api/v1/music/tracks',
    { onRequest: anyone, schema: { tags: ['settings'], response: { 200: MusicTracksSchema } } },
    () => ({ ...MUSIC_TRACKS }),
  );

  app.get(
    '/api/v1/admin/appearance-settings',
    { onRequest: admin, schema: { tags: ['admin'], response: { 200: AppearanceSettingsSchema } } },
    () => settings.getAppearance(),
  );

  app.put(
    '/api/v1/admin/appearance-settings',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        body: AppearanceSettingsSchema,
        response: { 200: AppearanceSettingsSchema },
      },
    },
    (request) => settings.putAppearance(request.body),
  );

  app.get(
    '/api/v1/admin/settings/weights',
    { onRequest: admin, schema: { tags: ['admin'], response: { 200: WeightsSchema } } },
    () => settings.getWeights(),
  );

  app.put(
    '/api/v1/admin/settings/weights',
    {
      onRequest: admin,
      schema: { tags: ['admin'], body: WeightsBodySchema, response: { 200: WeightsSchema } },
    },
    (request) => settings.putWeights(request.body),
  );

  // Track files are optional (none ship); public because <audio> cannot send a bearer header.
  app.get(
    '/media/music/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9_]+\.mp3$/) }) } },
    async (request, reply) => {
      const file = settings.trackFile(request.params.file.replace(/\.mp3$/, ''));
      if (file === null) return reply.code(404).send({ detail: 'Track not available' });
      return reply.type('audio/mpeg').send(createReadStream(file));
    },
  );
  done();
};
