import type { TaskType } from '@meridian/contracts';
import type { Role } from '@meridian/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { TaskSettings } from '../config/task-settings';
import type { DB } from '../db/schema';
import type { ProposalsRepository } from '../plan-history/proposals.repository';
import type { RunRecorder } from '../plan-history/run-recorder';
import type { PlanChangeNotices } from '../plan-window/plan-change-notices';
import type { JobsRepository } from '../repositories/jobs.repository';
import type { KitsRepository } from '../repositories/kits.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import type { InstanceBuilder } from '../services/instance-builder';
import type { SettingsService } from '../services/settings.service';
import type { AwaitedTasks } from '../tasks/awaited-tasks';
import type { QueuedTaskKind, TaskWork } from '../tasks/task-kinds';
import type { TaskLog } from '../tasks/task-runner';
import type { TaskStreams } from '../tasks/task-stream';
import type { TasksService } from '../tasks/tasks.service';

/**
 * What a kind's worker side may ask for. compose/work.ts builds one set per
 * process; each module's `worker` names (with Pick) the few it uses.
 */
export interface WorkerDeps {
  db: Kysely<DB>;
  builder: InstanceBuilder;
  jobs: JobsRepository;
  kits: KitsRepository;
  proposals: ProposalsRepository;
  recorder: RunRecorder;
  settings: SettingsService;
  /** Tells people of changes to their published jobs after a plan write. */
  changeNotices: PlanChangeNotices;
  log: TaskLog;
}

/**
 * What a kind's request side may ask for. compose/routes.ts builds one set;
 * each module's `routes` names (with Pick) the few it uses.
 */
export interface RequestDeps {
  tasks: TasksService;
  /** Queues a task and waits for its end (kinds answered in their request). */
  awaited: AwaitedTasks;
  streams: TaskStreams;
  settings: SettingsService;
  taskSettings: TaskSettings;
  physicists: PhysicistsRepository;
  kits: KitsRepository;
  proposals: ProposalsRepository;
  /** Starts per minute per user of each expensive operation (TASK_RATE_PER_MINUTE). */
  maxPerMinute: number;
}

/**
 * One long-running kind of work, declared in one module (src/kinds/<kind>/):
 * what the task machinery needs (QueuedTaskKind: queue, busy answer,
 * audience, first stream message), its request and stream schemas from
 * @meridian/contracts, its routes (who may start and follow it), and its
 * worker side (run, then apply). kinds/registry.ts lists every module; a
 * new kind is a module, a key of the contracts' TASK_KINDS, a line there and
 * a row per route in apps/api/test/role-matrix.ts.
 */
export interface TaskKindModule<K extends TaskType, R> extends Omit<QueuedTaskKind<R>, 'work'> {
  type: K;
  /** Who may start one: its start route's role guard (who may see it is `audience`). */
  mayStart: readonly Role[];
  /** The schema of the request that starts one (body or query string), from contracts. */
  request: z.ZodType | null;
  /** The schema of its stream messages, from contracts; null for a kind answered in its request. */
  stream: z.ZodType | null;
  /** Its worker side, built once per process that works the queue (or might). */
  worker(deps: WorkerDeps): TaskWork<R>;
  /** Its routes: start, follow and (if it has its own) cancel, each with its role guard. */
  routes(deps: RequestDeps): FastifyPluginCallbackZod;
}

/** A module as the task machinery sees it, with its worker side built on `deps`. */
export function queuedKind<K extends TaskType, R>(
  module: TaskKindModule<K, R>,
  deps: WorkerDeps,
): QueuedTaskKind<R> {
  const { type, queue, busy, audience, queuedEvent, attempts } = module;
  return {
    type,
    queue,
    busy,
    audience,
    queuedEvent,
    ...(attempts === undefined ? {} : { attempts }),
    work: module.worker(deps),
  };
}
