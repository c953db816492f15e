import {
  AnalyticsSummarySchema,
  MessageSchema,
  PhysicistBreakdownListSchema,
  RunSingleRequestSchema,
  RunSingleResponseSchema,
  TaskIdParamsSchema,
  TaskStartedSchema,
} from '@meridian/contracts';
import { AlgorithmKeySchema } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import type { AnalyticsService } from '../services/analytics.service';
import type { ExplainService } from '../services/explain.service';
import type { ComparisonRequests } from '../kinds/comparison/comparison-requests.service';
import type { SingleRunRequests } from '../kinds/single-run/single-run-requests.service';
import type { TaskStreams } from '../tasks/task-stream';
import type { TasksService } from '../tasks/tasks.service';

/** Comma-separated algorithm keys (optional): which algorithms a comparison runs. */
const CompareQuerySchema = z.object({
  algorithms: z
    .string()
    .max(400)
    .transform((s) => s.split(',').map((k) => k.trim()))
    .pipe(z.array(AlgorithmKeySchema).min(1))
    .optional(),
});

/** Analytics: summary, algorithm comparison (task + stream + cancel) and single runs; any signed-in role. */
export const analyticsRoutes: FastifyPluginCallbackZod<{
  analytics: AnalyticsService;
  explain: ExplainService;
  comparisons: ComparisonRequests;
  singleRuns: SingleRunRequests;
  tasks: TasksService;
  streams: TaskStreams;
  /** Comparison starts and single runs per minute per user. */
  maxPerMinute: number;
}> = (app, { analytics, explain, comparisons, singleRuns, tasks, streams, maxPerMinute }, done) => {
  const anyone = requireSignedIn();
  const perMinute = maxPerMinute;
  const tags = ['analytics'];

  app.get(
    '/api/v1/analytics/summary',
    { onRequest: anyone, schema: { tags, response: { 200: AnalyticsSummarySchema } } },
    () => analytics.summary(),
  );
  app.get(
    '/api/v1/analytics/physicists',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: 'Per physicist: jobs against their fair-share target, miles and rotation repeats',
        response: { 200: PhysicistBreakdownListSchema },
      },
    },
    () => explain.breakdown(),
  );
  app.post(
    '/api/v1/analytics/compare_algorithms',
    {
      onRequest: anyone,
      config: { rateLimit: perUserRateLimit(perMinute, 'comparison starts') },
      schema: {
        tags,
        summary: 'Start a comparison of algorithms (never changes assignments); one per user',
        querystring: CompareQuerySchema,
        response: { 202: TaskStartedSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await comparisons.start(request.user!, request.query.algorithms)),
  );
  app.get(
    '/api/v1/analytics/compare_stream/:id',
    {
      config: { loadClass: 'streams' },
      onRequest: anyone,
      sse: 'only',
      schema: {
        tags,
        summary:
          'Comparison progress as Server-Sent Events (resume with Last-Event-ID; 204 when the client already has the final event)',
        params: TaskIdParamsSchema,
      },
    },
    async (request, reply) => {
      await streams.serve(request, reply, request.params.id, request.user!, 'comparison');
    },
  );
  app.delete(
    '/api/v1/analytics/compare/:id',
    {
      onRequest: anyone,
      schema: { tags, params: TaskIdParamsSchema, response: { 200: MessageSchema } },
    },
    (request) => tasks.cancel(request.params.id, request.user!, 'comparison'),
  );
  app.post(
    '/api/v1/analytics/run_single_algorithm',
    {
      onRequest: anyone,
      config: { rateLimit: perUserRateLimit(perMinute, 'single algorithm runs') },
      schema: {
        tags,
        summary:
          'Run one algorithm briefly on a worker and answer its workload and result (the schedule is not changed)',
        body: RunSingleRequestSchema,
        response: { 200: RunSingleResponseSchema },
      },
    },
    (request, reply) => {
      // A client that goes away before the answer must not leave a solver running.
      const disconnected = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) disconnected.abort();
      });
      return singleRuns.runSingle(request.user!, request.body.algorithm, disconnected.signal);
    },
  );
  done();
};
