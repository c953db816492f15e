import { fastifySSE } from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from '../analytics/analytics.routes';
import type { DatabaseKind } from '../db/database';
import { kitAssignmentRoutes } from '../kit-assignment/kit-assignment.routes';
import { optimizeRoutes } from '../optimize/optimize.routes';
import type { SettingsService } from '../settings/settings.service';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { taskSettingsFromEnv, type TaskSettings } from './task-settings';
import { tasksRoutes } from './tasks.routes';
import { createWorkServices } from './work-services';

/** What installWork needs from buildApp. */
export interface InstallWorkOptions {
  db: Kysely<DB>;
  kind: DatabaseKind;
  databaseUrl: string | null;
  settings: SettingsService;
  /**
   * Overrides of the settings read from the environment (tests: short limits).
   * Applied after the embedded rule below, so a test may still hold tasks
   * queued with runWorkers: false.
   */
  overrides?: Partial<TaskSettings>;
}

/**
 * Adds tasks, optimisation, comparisons, kit assignment and analytics to the
 * app: services (app.work), SSE, routes, in-process workers unless
 * RUN_WORKERS=false on PostgreSQL, and a clean stop before the server closes.
 */
export async function installWork(
  app: FastifyInstance,
  options: InstallWorkOptions,
): Promise<void> {
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
  await app.register(tasksRoutes, { work });
  await app.register(optimizeRoutes, { work });
  await app.register(analyticsRoutes, { work });
  await app.register(kitAssignmentRoutes, {
    kitAssignment: work.kitAssignment,
    maxPerMinute: taskSettings.taskRatePerMinute,
  });
  if (taskSettings.runWorkers) await work.startWorkers();
}
