import {
  JobIdParamsSchema,
  NoContentSchema,
  UnavailabilityInputSchema,
  UnavailabilityListSchema,
} from '@meridian/contracts';
import { UnavailabilitySchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AvailabilityService } from '../services/availability.service';
import type { ListName } from '../services/list-sources';
import type { ListSnapshots } from '../services/list-snapshots';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { sendCachedJson } from '../http/cached-json';

/** Unavailability records: read by all; single records added or deleted by admins and managers. */
export const availabilityRoutes: FastifyPluginCallbackZod<{
  availability: AvailabilityService;
  lists: ListSnapshots<ListName>;
}> = (app, { availability, lists }, done) => {
  const managers = requireRole('admin', 'manager');
  const tags = ['availability'];

  app.get(
    '/api/v1/availability/',
    {
      config: { loadClass: 'lists' },
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'List unavailability records',
        response: { 200: UnavailabilityListSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('availability')),
  );
  app.post(
    '/api/v1/availability/',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Add one unavailability record for a physicist on the roster',
        body: UnavailabilityInputSchema,
        response: { 201: UnavailabilitySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await availability.add(request.body)),
  );
  app.delete(
    '/api/v1/availability/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Delete one unavailability record',
        params: JobIdParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await availability.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
