import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from './compose/app';
import { parseConfig, type Config } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { checkHostResolves } from './config/listen-address';
import { startupFailureMessage, type StartupPhase } from './compose/startup-errors';
import { createDatabase, type Database } from './db/database';
import { formatDemoLogins, seedDemo } from './demo/seed-demo';
import { bootstrapAdmin } from './services/bootstrap-admin';
import { pinBuilds } from './build-pin';

/** What start-up has reached, so a failure names the right setting and closes what is open. */
const state: {
  phase: StartupPhase;
  config: Config | null;
  database: Database | null;
  app: App | null;
} = {
  phase: 'config',
  config: null,
  database: null,
  app: null,
};

/**
 * Milliseconds each start-up phase took, logged once listening: a restart after
 * a crash must answer within seconds, and this line shows where they went.
 * "modules" runs from the process's start to main(): loading the bundle and
 * the packages it imports.
 */
const phases: Record<string, number> = {};
let phaseStarted = 0;
function endPhase(name: string): void {
  const now = performance.now();
  // eslint-disable-next-line meridian/string-key-injection -- name is one of this file's literal phase names
  phases[name] = Math.round(now - phaseStarted);
  phaseStarted = now;
}

/** How long a graceful stop may wait for open connections before it closes them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the server: config, database (migrated), demo data, listen, first admin, clean shutdown. */
async function main(): Promise<void> {
  endPhase('modules');
  // This process stays on the builds it started from, whatever a later build publishes.
  pinBuilds();
  const parsed: Config = parseConfig(process.env, process.argv.slice(2));
  state.config = parsed;
  await checkHostResolves(parsed.host);
  state.phase = 'data-dir';
  const config = await resolveJwtSecret(parsed);
  endPhase('config');
  state.phase = 'database';
  const database = await createDatabase({
    ...config,
    // The build writes the prepared data folder beside this bundle (dist/); from src/ there is none.
    firstStartTemplate: path.dirname(fileURLToPath(import.meta.url)),
    onOpened: () => endPhase('database_open'),
  });
  endPhase('migrations');
  state.database = database;
  state.phase = 'app';
  const app = await buildApp({ config, database });
  endPhase('app');
  state.app = app;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    let step = 'closing the server: open requests, streams and tasks';
    // A client that never reads its answer keeps its connection busy, and a graceful close
    // waits for it: past the grace, every connection is closed, and the log says what held it.
    const watchdog = setTimeout(() => {
      app.log.warn({ signal, step }, `shutdown still waiting after ${SHUTDOWN_GRACE_MS} ms`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    watchdog.unref();
    void app
      .close()
      .then(() => {
        step = 'closing the database';
        return database.close();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('meridian: shutdown failed', error);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const demo = config.demo
    ? await seedDemo({
        db: database.db,
        dataDir: config.dataDir,
        services: app.services,
        adminPassword: config.adminPassword,
      })
    : null;
  if (demo !== null) endPhase('demo');
  state.phase = 'listen';
  await app.listen({ port: config.port, host: config.host });
  endPhase('listen');
  // Only once listening: a generated password printed by a start that then
  // failed (say, on a busy port) would be lost, as the next start keeps the admin.
  const admin = await bootstrapAdmin(config, app.services.repositories.users, app.services.users);
  endPhase('admin');
  app.log.info(
    { ms: phases, total_ms: Math.round(performance.now()), data_folder: database.firstStart },
    'start-up phases',
  );
  if (admin.created && admin.generatedPassword !== null) {
    console.log(
      `Created administrator '${admin.username}' with password: ${admin.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (demo !== null) console.log(formatDemoLogins(demo.logins, demo.viewerPhysicist));
  console.log(`Meridian Scheduler (${database.kind} database) listening at http://${host}:${port}`);
}

/** Closes what start-up opened (the embedded database's lock file goes with it), at most 5 s. */
async function closeOpened(): Promise<void> {
  const close = async () => {
    await state.app?.close();
    await state.database?.close();
  };
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5000).unref());
  await Promise.race([close().catch(() => undefined), timeout]);
}

main().catch(async (error: unknown) => {
  // One line on stderr, naming the setting: a stack trace helps nobody who mistyped a variable.
  const known = startupFailureMessage(error, state);
  const text = error instanceof Error ? error.message : String(error);
  const line = known ?? `failed to start: ${text === '' ? String(error) : text}`;
  console.error(`meridian: ${line.replaceAll(/[\r\n]+/g, ' ')}`);
  const level = state.config?.logLevel ?? process.env.LOG_LEVEL?.trim().toLowerCase();
  if ((level === 'debug' || level === 'trace') && error instanceof Error) {
    console.error(error.stack);
  }
  await closeOpened();
  process.exit(1);
});
