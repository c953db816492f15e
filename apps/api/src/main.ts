import { buildApp } from './app';
import { ConfigError, parseConfig } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { createDatabase } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { formatDemoLogins, seedDemo } from './demo/seed-demo';
import { TaskSettingsError } from './tasks/task-settings';
import { bootstrapAdmin } from './users/bootstrap-admin';

const fail = (message: string): never => {
  console.error(`meridian: ${message.replaceAll('\n', ' ')}`);
  process.exit(1);
};

/** Starts the server: config, database (migrated), first admin or demo data, listen, clean shutdown. */
async function main(): Promise<void> {
  const config = await resolveJwtSecret(parseConfig(process.env, process.argv.slice(2)));
  const database = await createDatabase(config);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.close())
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
    ? await seedDemo({ db: database.db, dataDir: config.dataDir, services: app.services })
    : null;
  const admin = await bootstrapAdmin(config, app.services.usersRepository, app.services.users);
  if (admin.created && admin.generatedPassword !== null) {
    console.log(
      `Created administrator '${admin.username}' with password: ${admin.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (demo !== null) console.log(formatDemoLogins(demo.logins));
  console.log(`Meridian Scheduler (${database.kind} database) listening at http://${host}:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
  if (error instanceof DataDirLockedError) fail(error.message);
  if (error instanceof TaskSettingsError) fail(`configuration error: ${error.message}`);
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    fail(`${error.message}; set PORT to a free port`);
  }
  console.error('meridian: failed to start:', error);
  process.exit(1);
});
