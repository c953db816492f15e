import {
  CalendarFeedSchema,
  CalendarFeedStatusSchema,
  MyScheduleSchema,
  NoContentSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../http/authenticate';
import type { CalendarService } from '../services/calendar.service';
import type { ScheduleService } from '../services/schedule.service';

/** The signed-in user's own schedule and its private calendar feed. */
export const myScheduleRoutes: FastifyPluginCallbackZod<{
  schedule: ScheduleService;
  calendar: CalendarService;
  /** The base of the URLs handed out: PUBLIC_URL or the listen address, never the Host header. */
  publicBase: () => string;
}> = (app, { schedule, calendar, publicBase }, done) => {
  const onRequest = requireSignedIn();
  const tags = ['me'];
  // Absolute, for calendar apps; from PUBLIC_URL, never the request's Host header.
  const feedUrl = (secret: string) => `${publicBase()}/api/v1/calendar/${secret}.ics`;

  app.get(
    '/api/v1/me/schedule',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The signed-in user's own assignments in date order (empty when the account is not linked to a physicist)",
        response: { 200: MyScheduleSchema },
      },
    },
    (request) => schedule.forUser(request.user!.id),
  );

  app.get(
    '/api/v1/me/calendar',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Whether the signed-in user has a live calendar feed, and its URL (shown again while it lives)',
        response: { 200: CalendarFeedStatusSchema },
      },
    },
    async (request) => {
      const { active, secret } = await calendar.currentSecret(request.user!.id);
      return { active, url: secret === null ? null : feedUrl(secret) };
    },
  );

  app.post(
    '/api/v1/me/calendar',
    {
      onRequest,
      // An account not linked to a physicist has no feed to make.
      config: { answers: [409] },
      schema: {
        tags,
        summary:
          'Create or rotate the private calendar feed URL (the previous URL stops working); 409 when the account is not linked',
        response: { 200: CalendarFeedSchema },
      },
    },
    async (request) => {
      return { url: feedUrl(await calendar.rotate(request.user!.id)) };
    },
  );

  app.delete(
    '/api/v1/me/calendar',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revoke the private calendar feed URL',
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await calendar.revoke(request.user!.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
