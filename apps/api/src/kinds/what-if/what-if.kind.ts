import {
  TaskIdParamsSchema,
  TaskStartedSchema,
  WhatIfRequestSchema,
  WhatIfStreamMessageSchema,
  type WhatIfStreamMessage,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../../http/authenticate';
import { tooManyRequests } from '../../http/http-error';
import { perUserRateLimit } from '../../http/rate-limit';
import { TASK_START_ANSWERS } from '../../http/openapi-contract';
import type { RequestDeps, TaskKindModule, WorkerDeps } from '../kind-module';
import { WhatIfRequests } from './what-if-requests.service';
import { WhatIfRun, type Repaired } from './what-if-run';

/**
 * What-if: the smallest repair of the plan if a physicist or kit is out for
 * some days, stored as a proposal (plan-history/proposals.routes.ts applies
 * or discards it). Started by admins and managers; it changes nothing until
 * applied, so it is its owner's business.
 */
export const whatIfKind: TaskKindModule<'what_if', Repaired> = {
  type: 'what_if',
  queue: 'what-if',
  busy: () =>
    tooManyRequests(
      'You already have a what-if queued or running; wait for it to finish or cancel it',
    ),
  audience: 'owner',
  mayStart: ['admin', 'manager'],
  request: WhatIfRequestSchema,
  stream: WhatIfStreamMessageSchema,
  queuedEvent: (_task, message) =>
    ({
      type: 'progress',
      progress: 0,
      message,
      estimated_total_time: null,
      elapsed_time: 0,
    }) satisfies WhatIfStreamMessage,
  worker: ({ db, builder, proposals }: Pick<WorkerDeps, 'db' | 'builder' | 'proposals'>) => {
    const whatIf = new WhatIfRun(db, builder, proposals);
    return {
      run: (task, ctx) => whatIf.run(task, ctx),
      apply: (trx, _task, repaired) => whatIf.apply(trx, repaired),
      failed: (task) => whatIf.failed(task),
    };
  },
  routes: (
    deps: Pick<
      RequestDeps,
      'tasks' | 'settings' | 'physicists' | 'kits' | 'proposals' | 'streams' | 'maxPerMinute'
    >,
  ) =>
    whatIfRoutes(
      new WhatIfRequests(deps.tasks, deps.settings, deps.physicists, deps.kits, deps.proposals),
      deps,
    ),
};

/** Start (admin, manager) and follow (any signed-in role). */
const whatIfRoutes =
  (
    whatIf: WhatIfRequests,
    { streams, maxPerMinute }: Pick<RequestDeps, 'streams' | 'maxPerMinute'>,
  ): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const tags = ['what-if'];
    app.post(
      '/api/v1/optimize/what-if',
      {
        onRequest: requireRole(...whatIfKind.mayStart),
        config: {
          rateLimit: perUserRateLimit(maxPerMinute, 'what-if starts'),
          answers: TASK_START_ANSWERS,
        },
        schema: {
          tags,
          summary:
            'Queue a what-if: the smallest repair of the plan if a physicist or kit is out start..end; answers its task id',
          body: WhatIfRequestSchema,
          response: { 202: TaskStartedSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await whatIf.start(request.body, request.user!)),
    );
    app.get(
      '/api/v1/optimize/what-if/stream/:id',
      {
        config: { loadClass: 'streams' },
        onRequest: requireSignedIn(),
        sse: 'only',
        schema: {
          tags,
          summary: 'Progress and completion (with proposal_id) of a what-if as Server-Sent Events',
          params: TaskIdParamsSchema,
        },
      },
      async (request, reply) => {
        await streams.serve(request, reply, request.params.id, request.user!, 'what_if');
      },
    );
    done();
  };
