import {
  NoContentSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotifiedSchema,
  NotifyAffectedQuerySchema,
  NotifyAllRequestSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import type { UserStreams } from '../http/user-streams';
import { streamNotificationState } from '../services/notifications-stream';
import type { NotificationsService } from '../services/notifications.service';
import type { TaskEventBus } from '../tasks/task-event-bus';

/** Notifications: each user reads their own; admins and managers send them. */
export const notificationsRoutes: FastifyPluginCallbackZod<{
  notifications: NotificationsService;
  bus: TaskEventBus;
  streams: UserStreams;
}> = (app, { notifications, bus, streams }, done) => {
  const tags = ['notifications'];
  const senders = requireRole('admin', 'manager');

  app.get(
    '/api/v1/notifications',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, with the unread count",
        response: { 200: NotificationListSchema },
      },
    },
    (request) => notifications.list(request.user!.id),
  );

  app.get(
    '/api/v1/notifications/stream',
    {
      config: { loadClass: 'streams' },
      onRequest: requireSignedIn(),
      sse: 'only',
      schema: {
        tags,
        summary:
          "Server-Sent Events: the signed-in user's unread count and newest id, at once and on every change",
      },
    },
    async (request, reply) => {
      const user = request.user!;
      // Counts against the user's one cap of event streams (429 beyond); ends on revocation.
      const lease = streams.acquire(request, reply, user);
      try {
        reply.header('cache-control', 'no-store');
        const read = () => notifications.state(user.id);
        await streamNotificationState(reply.sse, user.id, read, bus, lease.ended);
      } finally {
        lease.release();
      }
    },
  );

  app.post(
    '/api/v1/notifications/:id/read',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'Mark one of your notifications read (404 for anyone else’s)',
        params: NotificationIdParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await notifications.markRead(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/notify-affected',
    {
      onRequest: senders,
      schema: {
        tags,
        summary:
          'Tell every linked user whose assignments changed since their last notice what changed; with job_id, only the people of that job, about that job',
        querystring: NotifyAffectedQuerySchema,
        response: { 200: NotifiedSchema },
      },
    },
    async (request) => ({ notified: await notifications.notifyAffected(request.query.job_id) }),
  );

  app.post(
    '/api/v1/notifications/notify-all',
    {
      onRequest: senders,
      schema: {
        tags,
        summary: 'Send one message to every linked user (a default text when none is given)',
        body: NotifyAllRequestSchema.optional(),
        response: { 200: NotifiedSchema },
      },
    },
    async (request) => ({ notified: await notifications.notifyAll(request.body?.message) }),
  );
  done();
};
