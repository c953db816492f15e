import os from 'node:os';
import { addDays } from '../src/io/date-input';
import type { NewJob } from '../src/io/parse-schedule';
import { buildApp, type App } from '../src/compose/app';
import { parseConfig } from '../src/config/config';
import { createDatabase, type Database } from '../src/db/database';
import { openScratchSchema } from '../test/support/scratch-schema';
import { generateDemoData } from '../src/demo/demo-data';

/** The app of a bench: in-memory embedded database, demo roster, a signed-in admin. */
export interface BenchApp {
  app: App;
  database: Database;
  headers: { authorization: string };
  demo: ReturnType<typeof generateDemoData>;
  /** Milliseconds to open PGlite with its migrations, and to build the app (zip table load). */
  openMs: number;
  buildMs: number;
  /** Replaces every job with `count` jobs cycling over the demo jobs. */
  loadJobs(count: number): Promise<number>;
  close(): Promise<void>;
}

export const machineLine = () =>
  `Node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

/** `count` jobs cycling over the demo jobs, spread over two years so overlaps stay realistic. */
/**
 * A bench's database: PGlite in memory without `url`, else a schema of its own
 * on that PostgreSQL server, dropped when the database is closed.
 */
export async function openBenchDatabase(url: string | undefined): Promise<Database> {
  if (url === undefined || url === '')
    return createDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  return openScratchSchema(url, 'bench');
}

function jobsOf(count: number, demo: NewJob[]): NewJob[] {
  return Array.from({ length: count }, (_, i) => {
    const base = demo[i % demo.length]!;
    const shift = Math.floor(i / demo.length) * 7;
    return { ...base, start: addDays(base.start, shift), end: addDays(base.end, shift) };
  });
}

export async function openBenchApp(): Promise<BenchApp> {
  const started = performance.now();
  const database = await createDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  const opened = performance.now();
  const config = { ...parseConfig({}), jwtSecret: 'bench-secret-0123456789-abcdefghijklmnop' };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const built = performance.now();
  const services = app.services;
  await services.users.create({
    username: 'bench',
    email: 'bench@example.org',
    password: 'bench-password-1',
    role: 'admin',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'username=bench&password=bench-password-1',
  });
  const headers = {
    authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
  };
  const demo = generateDemoData({ today: '2026-11-22' });
  await database.db.transaction().execute(async (trx) => {
    await services.physicists.insertMany(demo.physicists, trx);
    await services.kits.insertMany(demo.kits, trx);
  });
  return {
    app,
    database,
    headers,
    demo,
    openMs: opened - started,
    buildMs: built - opened,
    async loadJobs(count) {
      const jobs = jobsOf(count, demo.jobs);
      const t0 = performance.now();
      await database.db
        .transaction()
        .execute((trx) => services.scheduleImport.replaceAll(jobs, demo.unavailability, trx));
      return performance.now() - t0;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
