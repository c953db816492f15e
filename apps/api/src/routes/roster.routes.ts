import {
  JobIdParamsSchema,
  MessageSchema,
  PhysicistInputSchema,
  PhysicistListSchema,
  ZipDataListSchema,
} from '@meridian/contracts';
import { PhysicistSchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ListName } from '../services/list-sources';
import type { ListSnapshots } from '../services/list-snapshots';
import type { PhysicistsService } from '../services/physicists.service';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { sendCachedJson } from '../http/cached-json';

/** Physicists (read by all, managed by admins and managers) and the zip points of the map. */
export const rosterRoutes: FastifyPluginCallbackZod<{
  physicists: PhysicistsService;
  lists: ListSnapshots<ListName>;
}> = (app, { physicists, lists }, done) => {
  const managers = requireRole('admin', 'manager');
  const tags = ['roster'];
  const params = JobIdParamsSchema;

  app.get(
    '/api/v1/physicists/',
    {
      config: { loadClass: 'lists' },
      onRequest: requireSignedIn(),
      schema: { tags, summary: 'List physicists', response: { 200: PhysicistListSchema } },
    },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('physicists')),
  );
  app.post(
    '/api/v1/physicists/',
    {
      // A name already taken.
      config: { answers: [409] },
      onRequest: managers,
      schema: {
        tags,
        summary: 'Add a physicist',
        body: PhysicistInputSchema,
        response: { 201: PhysicistSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await physicists.create(request.body)),
  );
  app.put(
    '/api/v1/physicists/:id',
    {
      // A stale version, a name already taken, or a role change under assignments.
      config: { answers: [409] },
      onRequest: managers,
      schema: {
        tags,
        summary: 'Edit a physicist (a rename carries their leave records along)',
        params,
        body: PhysicistInputSchema,
        response: { 200: PhysicistSchema },
      },
    },
    (request) => physicists.update(request.params.id, request.body),
  );
  app.delete(
    '/api/v1/physicists/:id',
    {
      // A physicist still holding assignments.
      config: { answers: [409] },
      onRequest: managers,
      schema: {
        tags,
        summary:
          'Delete a physicist: empties their slots on every job and deletes their leave records',
        params,
        response: { 200: MessageSchema },
      },
    },
    (request) => physicists.delete(request.params.id),
  );
  app.get(
    '/api/v1/zip-data',
    {
      config: { loadClass: 'lists' },
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'Coordinates of the zips used by jobs, physicists and kits',
        response: { 200: ZipDataListSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('zip-data')),
  );
  done();
};
