import { fastifySSE } from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../db/database';
import type { SettingsService } from '../services/settings.service';
import type { UserStreams } from '../http/user-streams';
import type { PlanWindowReader } from '../services/schedule.service';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { taskSettingsFromEnv, type TaskSettings } from '../config/task-settings';
import { createWorkServices, type WorkServices } from './work';

/** What installWork needs from buildApp. */
export interface InstallWorkOptions {
  db: Kysely<DB>;
  kind: DatabaseKind;
  databaseUrl: string | null;
  settings: SettingsService;
  /** The per-user cap and revocation check every event stream shares. */
  userStreams: UserStreams;
  /** Reads today and the published-through date. */
  planWindow: PlanWindowReader;
  /**
   * Overrides of the settings read from the environment (tests: short limits).
   * Applied after the embedded rule below, so a test may still hold tasks
   * queued with runWorkers: false.
   */
  overrides?: Partial<TaskSettings>;
}

/**
 * Adds the task machinery to the app: services (app.work), SSE, in-process
 * workers unless RUN_WORKERS=false on PostgreSQL, and a clean stop before the
 * server closes. The routes come from registerRoutes.
 */
export async function installWork(
  app: FastifyInstance,
  options: InstallWorkOptions,
): Promise<WorkServices> {
  const fromEnv = taskSettingsFromEnv(process.env);
  if (options.kind === 'embedded' && !fromEnv.runWorkers) {
    // No worker process can open the embedded database (workers need PostgreSQL), so
    // without this one nobody would ever run a task: they would stay queued forever.
    app.log.warn('RUN_WORKERS=false is ignored on the embedded database: this process runs tasks');
    fromEnv.runWorkers = true;
  }
  const taskSettings = { ...fromEnv, ...options.overrides };
  const work = await createWorkServices({ ...options, taskSettings, log: app.log });
  app.decorate('work', work);
  // Streams must end before the server can close, so stop them at preClose.
  app.addHook('preClose', () => work.close());
  await app.register(fastifySSE, { heartbeatInterval: taskSettings.keepAliveMs });
  if (taskSettings.runWorkers) await work.startWorkers();
  return work;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The task machinery and the services on it (compose/work.ts). */
    work: WorkServices;
  }
}
