import { CalendarFileParamsSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { CalendarService } from '../services/calendar.service';

/**
 * GET /api/v1/calendar/{secret}.ics: the feed calendar apps subscribe to.
 * Public (calendar apps cannot send a bearer token): the 256-bit secret in
 * the URL is the credential, and an unknown, rotated or revoked one is 404.
 */
export const calendarRoutes: FastifyPluginCallbackZod<{ calendar: CalendarService }> = (
  app,
  { calendar },
  done,
) => {
  app.get(
    '/api/v1/calendar/:file',
    {
      config: { public: true, produces: ['text/calendar'] },
      schema: {
        tags: ['me'],
        summary: 'A private calendar feed (text/calendar, RFC 5545); the file is <secret>.ics',
        params: CalendarFileParamsSchema,
      },
    },
    async (request, reply) => {
      const text = await calendar.feed(request.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="meridian.ics"')
        .send(text);
    },
  );
  done();
};
