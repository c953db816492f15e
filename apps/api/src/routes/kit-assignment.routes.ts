import { MessageSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import type { KitAssignmentRequests } from '../kinds/kit-assignment/kit-assignment-requests.service';

/**
 * POST /api/v1/kits/assign (admin, manager): automated kit assignment,
 * queued as a task and answered when a worker has finished it.
 */
export const kitAssignmentRoutes: FastifyPluginCallbackZod<{
  kitAssignment: KitAssignmentRequests;
  maxPerMinute: number;
}> = (app, { kitAssignment, maxPerMinute }, done) => {
  app.post(
    '/api/v1/kits/assign',
    {
      onRequest: requireRole('admin', 'manager'),
      config: { rateLimit: perUserRateLimit(maxPerMinute, 'kit assignments') },
      schema: {
        tags: ['kits'],
        summary:
          'Assign kits to every job by the minimum-mile path cover (pinned kits stay; exact without pins, else with a bound)',
        response: { 200: MessageSchema },
      },
    },
    (request) => kitAssignment.assign(request.user!),
  );
  done();
};
