import { ConfigError, parseConfig } from './config/config';
import { createDatabase } from './db/database';
import { SettingsRepository } from './repositories/settings.repository';
import { SettingsService } from './services/settings.service';
import { TaskSettingsError, taskSettingsFromEnv } from './config/task-settings';
import type { TaskLog } from './tasks/task-runner';
import { createWorkServices } from './compose/work';
import { UserStreams } from './http/user-streams';
import { PlanCalendar } from './plan-window/plan-calendar';
import { planWindowReader } from './plan-window/plan-window-reader';
import { createMailServices } from './compose/mail';
import { publicBaseUrl } from './config/public-url';
import { pinBuilds } from './build-pin';

const fail = (message: string): never => {
  console.error(`meridian worker: ${message.replaceAll('\n', ' ')}`);
  process.exit(1);
};

/** One JSON line per log entry, like the API's pino output. */
const log: TaskLog = {
  info: (obj, msg) => console.log(JSON.stringify({ level: 'info', time: Date.now(), msg, ...obj })),
  warn: (obj, msg) =>
    console.warn(JSON.stringify({ level: 'warn', time: Date.now(), msg, ...obj })),
  error: (obj, msg) => {
    const err = (obj as { err?: unknown }).err;
    const detail = err instanceof Error ? { err: { message: err.message, name: err.name } } : {};
    console.error(JSON.stringify({ level: 'error', time: Date.now(), msg, ...obj, ...detail }));
  },
};

/**
 * `npm run worker`: takes optimisation and comparison tasks from PostgreSQL
 * (DATABASE_URL) and runs them; API nodes started with RUN_WORKERS=false only
 * queue them. Any number of workers may run on any machine.
 */
async function main(): Promise<void> {
  // This process stays on the builds it started from, whatever a later build publishes.
  pinBuilds();
  const config = parseConfig(process.env, process.argv.slice(2));
  if (config.databaseUrl === null) {
    fail(
      'DATABASE_URL is not set: the embedded database belongs to the API process, which runs tasks itself; workers need PostgreSQL',
    );
  }
  const taskSettings = { ...taskSettingsFromEnv(process.env), runWorkers: true };
  const database = await createDatabase(config);
  const work = await createWorkServices({
    db: database.db,
    kind: database.kind,
    databaseUrl: config.databaseUrl,
    // Workers read weights only; they never serve media or save appearance.
    settings: new SettingsService(
      new SettingsRepository(database.db),
      () => Promise.resolve(false),
      () => Promise.resolve(false),
    ),
    planWindow: planWindowReader(
      database.db,
      new PlanCalendar(config.orgTimeZone, undefined, config.planToday),
    ),
    taskSettings,
    log,
    // Workers serve no streams; API nodes hold the per-user cap.
    userStreams: new UserStreams(config.loadShedding.streamsPerUser),
  });
  await work.startWorkers();
  // Notices' e-mail goes out from workers too, so API nodes with RUN_WORKERS=false only queue it.
  const mail = createMailServices({
    db: database.db,
    config,
    baseUrl: () => publicBaseUrl(config, config.port),
    log,
  });
  mail.start(work.tasks.bus);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    void mail
      .close()
      .then(() => work.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  console.log('Meridian worker ready: taking optimisation and comparison tasks from PostgreSQL');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof TaskSettingsError) {
    fail(`configuration error: ${error.message}`);
  }
  console.error('meridian worker: failed to start:', error);
  process.exit(1);
});
