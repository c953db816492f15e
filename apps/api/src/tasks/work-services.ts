import type { Kysely } from 'kysely';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { AnalyticsService } from '../analytics/analytics.service';
import { CompareService } from '../analytics/compare.service';
import type { DatabaseKind } from '../db/database';
import type { DB } from '../db/schema';
import { KitAssignmentRepository } from '../kit-assignment/kit-assignment.repository';
import { KitAssignmentService } from '../kit-assignment/kit-assignment.service';
import { AssignmentsWriterRepository } from '../optimize/assignments-writer.repository';
import { InstanceBuilder } from '../optimize/instance-builder';
import { InstanceRepository } from '../optimize/instance.repository';
import { OptimizeService } from '../optimize/optimize.service';
import type { SettingsService } from '../settings/settings.service';
import { LocalTaskEventBus, PgTaskEventBus, type TaskEventBus } from './task-event-bus';
import { TaskQueue } from './task-queue';
import { TaskRunner, type TaskLog } from './task-runner';
import type { TaskSettings } from './task-settings';
import { TasksRepository } from './tasks.repository';
import { TasksService } from './tasks.service';

/** Optimisation, comparison, kit assignment and analytics, with the task machinery under them. */
export interface WorkServices {
  settings: TaskSettings;
  repository: TasksRepository;
  tasks: TasksService;
  queue: TaskQueue;
  runner: TaskRunner;
  optimize: OptimizeService;
  compare: CompareService;
  analytics: AnalyticsService;
  kitAssignment: KitAssignmentService;
  /** Takes tasks from the queue in this process. */
  startWorkers(): Promise<void>;
  /** Stops streams and running tasks (marked error: they changed nothing), then the queue. */
  close(): Promise<void>;
}

/** Options of createWorkServices. */
export interface WorkServicesOptions {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** PostgreSQL URL for the LISTEN connection; without it streams fan out in process only. */
  databaseUrl: string | null;
  settings: SettingsService;
  taskSettings: TaskSettings;
  log: TaskLog;
}

const STOPPED = 'The server stopped before this task finished; nothing was changed';
const CRASHED = 'The process running this task stopped; nothing was changed';

/**
 * Wires the task services and recovers tasks a previous process left behind:
 * at once, and then every staleAfterMs / 2 in every process that calls it (API
 * nodes with or without workers, and workers), so a run whose process was
 * killed ends as an error even when no worker or API node restarts.
 */
export async function createWorkServices(options: WorkServicesOptions): Promise<WorkServices> {
  const { db, kind, databaseUrl, settings, taskSettings, log } = options;
  const onError = (error: unknown) => log.error({ err: error }, 'task infrastructure error');
  let bus: TaskEventBus;
  if (kind === 'postgres' && databaseUrl !== null) {
    const pgBus = new PgTaskEventBus(databaseUrl, db, onError);
    await pgBus.start();
    bus = pgBus;
  } else {
    bus = new LocalTaskEventBus();
  }
  const repository = new TasksRepository(db);
  const queue = new TaskQueue(db, onError);
  const tasks = new TasksService(db, repository, bus, queue);
  const runner = new TaskRunner(tasks, repository, taskSettings, log);
  const builder = new InstanceBuilder(new InstanceRepository());
  const optimize = new OptimizeService(
    db,
    tasks,
    builder,
    new AssignmentsWriterRepository(),
    settings,
    taskSettings,
  );
  const compare = new CompareService(db, tasks, builder, settings, taskSettings);

  // The embedded database has exactly one process: whatever it left active died with it.
  if (kind === 'embedded') {
    const n = await tasks.markCrashed(await repository.activeIds(), STOPPED);
    if (n > 0) log.warn({ tasks: n }, 'marked tasks of the previous run as error');
  }
  const sweep = async () => {
    const n = await tasks.markCrashed(
      await repository.staleRunning(taskSettings.staleAfterMs),
      CRASHED,
    );
    if (n > 0) log.warn({ tasks: n }, 'marked tasks of stopped processes as error');
  };
  await sweep();
  const sweeper = setInterval(() => void sweep().catch(onError), taskSettings.staleAfterMs / 2);
  sweeper.unref();

  return {
    settings: taskSettings,
    repository,
    tasks,
    queue,
    runner,
    optimize,
    compare,
    analytics: new AnalyticsService(new AnalyticsRepository(db)),
    kitAssignment: new KitAssignmentService(
      db,
      new InstanceRepository(),
      new KitAssignmentRepository(),
    ),
    async startWorkers() {
      // On PostgreSQL other processes queue tasks, so poll from the start; embedded, on first use.
      const eager = kind === 'postgres';
      await queue.work('optimize', (id) => runner.execute(id, (t, s) => optimize.run(t, s)), eager);
      await queue.work('compare', (id) => runner.execute(id, (t, s) => compare.run(t, s)), eager);
    },
    async close() {
      clearInterval(sweeper);
      await bus.close();
      await runner.abortAll(STOPPED);
      await queue.stop();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Task, optimisation, comparison, kit-assignment and analytics services (tasks/work-services.ts). */
    work: WorkServices;
  }
}
