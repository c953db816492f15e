import { MessageSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import type { KitAssignmentService } from '../services/kit-assignment.service';

/** POST /api/v1/kits/assign (admin, manager): automated kit assignment. */
export const kitAssignmentRoutes: FastifyPluginCallbackZod<{
  kitAssignment: KitAssignmentService;
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
    async () => ({ message: (await kitAssignment.assign()).message }),
  );
  done();
};
