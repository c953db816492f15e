import {
  JobIdParamsSchema,
  JobRecordSchema,
  KitCreateSchema,
  KitListSchema,
  KitOverrideRequestSchema,
  KitUpdateSchema,
  MessageSchema,
} from '@meridian/contracts';
import { KitSchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AssignmentsService } from '../services/assignments.service';
import type { KitsService } from '../services/kits.service';
import type { ListName } from '../services/list-sources';
import type { ListSnapshots } from '../services/list-snapshots';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { sendCachedJson } from '../http/cached-json';
import { requireKitEditor } from '../http/kit-editor-guard';

/** Kits: read by all; edited and assigned by admins, managers and KIT_EDITOR_USERNAMES. */
export const kitsRoutes: FastifyPluginCallbackZod<{
  kits: KitsService;
  assignments: AssignmentsService;
  lists: ListSnapshots<ListName>;
  kitEditors: string[];
}> = (app, { kits, assignments, lists, kitEditors }, done) => {
  const managers = requireRole('admin', 'manager');
  const editors = requireKitEditor(kitEditors);
  const tags = ['kits'];
  const params = JobIdParamsSchema;

  app.get(
    '/api/v1/kits/',
    {
      config: { loadClass: 'lists' },
      onRequest: requireSignedIn(),
      schema: { tags, summary: 'List kits', response: { 200: KitListSchema } },
    },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('kits')),
  );
  app.post(
    '/api/v1/kits/',
    {
      // A name already taken.
      config: { answers: [409] },
      onRequest: managers,
      schema: { tags, summary: 'Add a kit', body: KitCreateSchema, response: { 201: KitSchema } },
    },
    async (request, reply) => reply.code(201).send(await kits.create(request.body)),
  );
  app.put(
    '/api/v1/kits/:id',
    {
      // A stale version, or a name already taken.
      config: { answers: [409] },
      onRequest: editors,
      schema: {
        tags,
        summary:
          'Update a kit (location, maintenance flag, comments); a kit in maintenance leaves jobs starting after today',
        params,
        body: KitUpdateSchema,
        response: { 200: KitSchema },
      },
    },
    async (request) => {
      const { kit, unassigned } = await kits.update(request.params.id, request.body);
      if (unassigned.length > 0) {
        request.log.info(
          { kit: kit.id, jobs: unassigned },
          'kit out for maintenance: taken off jobs starting after today',
        );
      }
      return kit;
    },
  );
  app.delete(
    '/api/v1/kits/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Delete a kit: empties its slot on every job',
        params,
        response: { 200: MessageSchema },
      },
    },
    (request) => kits.delete(request.params.id),
  );
  app.post(
    '/api/v1/kits/manual_override',
    {
      onRequest: editors,
      // The job named in the body may not exist (404) or hold no dates (409).
      config: { answers: [404, 409] },
      schema: {
        tags,
        summary: "Assign (and pin) or clear a job's kit",
        body: KitOverrideRequestSchema,
        response: { 200: JobRecordSchema },
      },
    },
    (request) =>
      assignments.assignKit(
        request.body.job_id,
        request.body.kit_id,
        request.user!.id,
        request.body.reason,
      ),
  );
  done();
};
