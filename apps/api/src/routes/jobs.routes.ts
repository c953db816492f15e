import {
  AssignmentExplanationSchema,
  AssignmentJobParamsSchema,
  JobDeleteQuerySchema,
  JobIdParamsSchema,
  JobListSchema,
  JobRecordSchema,
  JobUpdateRequestSchema,
  ManualAssignmentRequestSchema,
  MessageSchema,
  NoContentSchema,
  PinsRequestSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AnalyzeService } from '../services/analyze.service';
import type { AssignmentsService } from '../services/assignments.service';
import type { ExplainService } from '../services/explain.service';
import type { JobsService } from '../services/jobs.service';
import type { ListName } from '../services/list-sources';
import type { ListSnapshots } from '../services/list-snapshots';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { sendCachedJson } from '../http/cached-json';

/** Jobs, the assignments view, manual assignment and candidate analysis. */
export const jobsRoutes: FastifyPluginCallbackZod<{
  jobs: JobsService;
  assignments: AssignmentsService;
  analyze: AnalyzeService;
  explain: ExplainService;
  lists: ListSnapshots<ListName>;
}> = (app, { jobs, assignments, analyze, explain, lists }, done) => {
  const managers = requireRole('admin', 'manager');
  const tags = ['jobs'];

  app.get(
    '/api/v1/jobs/',
    {
      config: { loadClass: 'lists' },
      onRequest: requireSignedIn(),
      schema: { tags, summary: 'List jobs', response: { 200: JobListSchema } },
    },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('jobs')),
  );
  app.post(
    '/api/v1/jobs/',
    {
      onRequest: managers,
      schema: { tags, summary: 'Create a blank job', response: { 201: JobRecordSchema } },
    },
    async (_request, reply) => reply.code(201).send(await jobs.createBlank()),
  );
  app.put(
    '/api/v1/jobs/:id',
    {
      // A stale version.
      config: { answers: [409] },
      onRequest: managers,
      schema: {
        tags,
        summary: 'Update a job (full job with version; 409 when the version is stale)',
        params: JobIdParamsSchema,
        body: JobUpdateRequestSchema,
        response: { 200: JobRecordSchema },
      },
    },
    (request) => jobs.update(request.params.id, request.body, request.user!.id),
  );
  app.delete(
    '/api/v1/jobs/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Delete a job (a past one needs correction_reason and is recorded as a run)',
        params: JobIdParamsSchema,
        querystring: JobDeleteQuerySchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await jobs.delete(request.params.id, request.query.correction_reason, request.user!.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/v1/assignments/',
    {
      config: { loadClass: 'lists' },
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'Jobs with their assignment fields',
        response: { 200: JobListSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await lists.get('jobs')),
  );
  app.post(
    '/api/v1/assignments/manual',
    {
      onRequest: managers,
      // The job or physicist named in the body may not exist (404); the slot may refuse them (409).
      config: { answers: [404, 409] },
      schema: {
        tags,
        summary:
          'Assign (and pin) or clear a lead or data_acq physicist on a job; a past job needs a reason, and the correction is recorded as a run',
        body: ManualAssignmentRequestSchema,
        response: { 200: JobRecordSchema },
      },
    },
    (request) => assignments.assignPhysicist(request.body, request.user!.id),
  );
  app.get(
    '/api/v1/assignments/:job_id/explain',
    {
      onRequest: requireSignedIn(),
      // A job without dates is not part of the plan to explain.
      config: { answers: [409] },
      schema: {
        tags,
        summary:
          "Why each slot holds whom: the holder's terms of F, the best alternatives by exact change of F, and who is refused and why",
        params: AssignmentJobParamsSchema,
        response: { 200: AssignmentExplanationSchema },
      },
    },
    (request) => explain.explain(request.params.job_id),
  );
  app.put(
    '/api/v1/assignments/:job_id/pins',
    {
      onRequest: managers,
      // An empty slot cannot be locked.
      config: { answers: [409] },
      schema: {
        tags,
        summary:
          'Lock or unlock each slot (every optimiser keeps a locked slot); an empty slot cannot be locked',
        params: AssignmentJobParamsSchema,
        body: PinsRequestSchema,
        response: { 200: JobRecordSchema },
      },
    },
    (request) => assignments.setPins(request.params.job_id, request.body),
  );
  app.post(
    '/api/v1/analyze/',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Recompute derived fields and list the nearest free candidates of every job',
        response: { 200: MessageSchema },
      },
    },
    () => analyze.analyze(),
  );
  done();
};
