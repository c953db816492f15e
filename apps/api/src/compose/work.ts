import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { DB } from '../db/schema';
import type { TaskSettings } from '../config/task-settings';
import { queuedKind, type RequestDeps } from '../kinds/kind-module';
import { LeaveCoverNotices } from '../leave-requests/cover-notices';
import { LeaveRequestsRepository } from '../leave-requests/leave-requests.repository';
import { taskKindModules } from '../kinds/registry';
import { ProposalsRepository } from '../plan-history/proposals.repository';
import { ProposalsService } from '../plan-history/proposals.service';
import { RunChangesRepository } from '../plan-history/run-changes.repository';
import { RunRecorder } from '../plan-history/run-recorder';
import { RunsRepository } from '../plan-history/runs.repository';
import { AvailabilityRepository } from '../repositories/availability.repository';
import { InstanceRepository } from '../repositories/instance.repository';
import { JobsRepository } from '../repositories/jobs.repository';
import { KitsRepository } from '../repositories/kits.repository';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { PhysicistsRepository } from '../repositories/physicists.repository';
import { TasksRepository } from '../repositories/tasks.repository';
import { InstanceBuilder } from '../services/instance-builder';
import { busNotificationSignal } from '../services/notifications-stream';
import type { PlanWindowReader } from '../services/schedule.service';
import { planChangeNotices } from '../plan-window/plan-change-notices';
import type { SettingsService } from '../services/settings.service';
import type { UserStreams } from '../http/user-streams';
import { AwaitedTasks } from '../tasks/awaited-tasks';
import { LocalTaskEventBus, PgTaskEventBus, type TaskEventBus } from '../tasks/task-event-bus';
import { TaskKinds } from '../tasks/task-kinds';
import { TaskQueue } from '../tasks/task-queue';
import { TaskRunner, type TaskLog } from '../tasks/task-runner';
import { TaskStreams } from '../tasks/task-stream';
import { TasksService } from '../tasks/tasks.service';

/** The task machinery with every kind of src/kinds/ declared on it, and the proposals. */
export interface WorkServices {
  settings: TaskSettings;
  repository: TasksRepository;
  tasks: TasksService;
  streams: TaskStreams;
  kinds: TaskKinds;
  queue: TaskQueue;
  runner: TaskRunner;
  /** What the kinds' routes are built from (compose/routes.ts adds the rate). */
  kindRoutes: Omit<RequestDeps, 'maxPerMinute'>;
  proposals: ProposalsService;
  /** Takes tasks of every declared kind from the queue in this process. */
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
  /** Reads today and the published-through date (runs keep past and published jobs). */
  planWindow: PlanWindowReader;
  taskSettings: TaskSettings;
  log: TaskLog;
  /** The per-user cap and revocation check every event stream shares. */
  userStreams: UserStreams;
}

const STOPPED = 'The server stopped before this task finished; nothing was changed';
const CRASHED = 'The process running this task stopped; nothing was changed';
const LOST = 'The task was lost from the queue before it started; nothing was changed';

/**
 * Wires the task services and recovers tasks a previous process left behind:
 * at once, and then every staleAfterMs / 2 in every process that calls it (API
 * nodes with or without workers, and workers), so a run whose process was
 * killed ends as an error even when no worker or API node restarts.
 */
export async function createWorkServices(options: WorkServicesOptions): Promise<WorkServices> {
  const { db, kind, databaseUrl, settings, planWindow, taskSettings, log, userStreams } = options;
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
  const kinds = new TaskKinds();
  const queue = new TaskQueue(db, () => kinds.all().map((k) => k.queue), onError);
  const tasks = new TasksService(db, repository, bus, queue, kinds, taskSettings.maxActiveTasks);
  const runner = new TaskRunner(tasks, repository, kinds, taskSettings, log);
  // This process may be the one running a cancelled task: stop it at once, not at the next poll.
  tasks.onCancel((id) => runner.abort(id));
  const builder = new InstanceBuilder(new InstanceRepository(), planWindow);
  const jobs = new JobsRepository(db);
  const kitsRepository = new KitsRepository(db);
  const proposals = new ProposalsRepository(db);
  const recorder = new RunRecorder(new RunsRepository(db), new RunChangesRepository(db));
  const changeNotices = planChangeNotices(db, planWindow, busNotificationSignal(bus));
  const workerDeps = {
    db,
    builder,
    jobs,
    kits: kitsRepository,
    proposals,
    recorder,
    settings,
    changeNotices,
    log,
  };
  for (const module of taskKindModules()) kinds.declare(queuedKind(module, workerDeps));

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
    // A queued task with no live queue entry (its process died between storing and
    // queueing it, or the entry expired) would block its user's slot forever.
    const orphans: string[] = [];
    for (const task of await repository.staleQueued(taskSettings.staleAfterMs)) {
      if (!(await queue.holds(kinds.get(task.type).queue, task.id))) orphans.push(task.id);
    }
    const lost = await tasks.markCrashed(orphans, LOST);
    if (lost > 0) log.warn({ tasks: lost }, 'marked queued tasks without a queue entry as error');
  };
  await sweep();
  const sweeper = setInterval(() => void sweep().catch(onError), taskSettings.staleAfterMs / 2);
  sweeper.unref();
  const awaited = new AwaitedTasks(tasks, repository);
  const streams = new TaskStreams(tasks, repository, userStreams);

  return {
    settings: taskSettings,
    repository,
    tasks,
    streams,
    kinds,
    queue,
    runner,
    kindRoutes: {
      tasks,
      awaited,
      streams,
      settings,
      taskSettings,
      physicists: new PhysicistsRepository(db),
      kits: kitsRepository,
      proposals,
    },
    proposals: new ProposalsService(
      db,
      proposals,
      jobs,
      builder,
      settings,
      recorder,
      new AvailabilityRepository(db),
      changeNotices,
      new LeaveCoverNotices(
        new LeaveRequestsRepository(db),
        new NotificationsRepository(db),
        busNotificationSignal(bus),
      ),
    ),
    async startWorkers() {
      // On PostgreSQL other processes queue tasks, so poll from the start; embedded, on first use.
      const eager = kind === 'postgres';
      for (const taskKind of kinds.all()) {
        await queue.work(taskKind.queue, (id) => runner.execute(id), eager);
      }
    },
    async close() {
      clearInterval(sweeper);
      await bus.close();
      await runner.abortAll(STOPPED);
      await queue.stop();
    },
  };
}
