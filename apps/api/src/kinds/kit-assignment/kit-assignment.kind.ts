import { MessageSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/authenticate';
import { conflict } from '../../http/http-error';
import { perUserRateLimit } from '../../http/rate-limit';
import { TASK_START_ANSWERS } from '../../http/openapi-contract';
import type { RequestDeps, TaskKindModule, WorkerDeps } from '../kind-module';
import { KitAssignmentRequests } from './kit-assignment-requests.service';
import { ATTEMPTS, KitAssignmentRun, type Covered } from './kit-assignment-run';

type Deps = Pick<
  WorkerDeps,
  'db' | 'jobs' | 'kits' | 'builder' | 'settings' | 'recorder' | 'changeNotices'
>;

/**
 * Kit assignment: the minimum-mile path cover of every dated job's kit,
 * answered in the request that queued it (no stream, not in the task
 * panel). Admins and managers start it; it changes everyone's kits.
 */
export const kitAssignmentKind: TaskKindModule<'kit_assignment', Covered> = {
  type: 'kit_assignment',
  queue: 'kit-assignment',
  // One in all, not per user: a second would solve the same schedule and race the first's write.
  busy: () => conflict('Kits are already being assigned; wait for that run to finish'),
  audience: 'everyone',
  mayStart: ['admin', 'manager'],
  request: null,
  stream: null,
  queuedEvent: null,
  // Jobs or kits edited while the cover ran: solve again, at most this often.
  attempts: ATTEMPTS,
  worker: (deps: Deps) => {
    const kits = new KitAssignmentRun(
      deps.db,
      deps.jobs,
      deps.kits,
      deps.builder,
      deps.settings,
      deps.recorder,
      deps.changeNotices,
    );
    return {
      run: (task, ctx) => kits.run(task, ctx),
      apply: (trx, task, covered) => kits.apply(trx, task, covered),
    };
  },
  routes: (deps: Pick<RequestDeps, 'awaited' | 'taskSettings' | 'maxPerMinute'>) =>
    kitAssignmentRoutes(new KitAssignmentRequests(deps.awaited, deps.taskSettings), deps),
};

/** POST /api/v1/kits/assign, answered when a worker has finished the cover. */
const kitAssignmentRoutes =
  (
    kitAssignment: KitAssignmentRequests,
    { maxPerMinute }: Pick<RequestDeps, 'maxPerMinute'>,
  ): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.post(
      '/api/v1/kits/assign',
      {
        onRequest: requireRole(...kitAssignmentKind.mayStart),
        config: {
          rateLimit: perUserRateLimit(maxPerMinute, 'kit assignments'),
          answers: TASK_START_ANSWERS,
        },
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
