import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OptimizeStreamMessageSchema, RunSingleResponseSchema } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { parseSse } from './tasks-fixture';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && url !== undefined && url !== '';
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = `t_scale_${randomBytes(4).toString('hex')}`;
const SECRET = 'scale-out-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const PASSWORD = 'scale-out-admin-1';

/** The app's DATABASE_URL pointed at this test's schema (search_path via libpq options). */
const schemaUrl = () => {
  const u = new URL(url!);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
};

const children: ChildProcess[] = [];

/** Starts a child process and resolves when a line matches `ready` (with the match). */
function startChild(entry: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise<RegExpExecArray>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${output}`)));
  });
}

const startApi = async () => {
  const match = await startChild(
    'src/main.ts',
    {
      DATABASE_URL: schemaUrl(),
      JWT_SECRET: SECRET,
      ADMIN_PASSWORD: PASSWORD,
      PORT: '0',
      RUN_WORKERS: 'false',
      DATA_DIR: '/nonexistent-scale-out',
    },
    /listening at (http:\/\/[\d.:]+)/,
  );
  return match[1]!;
};

describe.skipIf(!onPostgres)(
  'scale-out on PostgreSQL: two API processes and one worker (skipped unless the api-pg project runs with TEST_DATABASE_URL)',
  () => {
    let database: Database;
    let api1: string;
    let api2: string;

    beforeAll(async () => {
      database = await createDatabase({ databaseUrl: url!, dataDir: '', schema });
      api1 = await startApi();
      api2 = await startApi();
      await startChild(
        'src/worker-main.ts',
        { DATABASE_URL: schemaUrl(), OPTIMIZE_TIME_LIMIT_SECONDS: '2', LOG_LEVEL: 'warn' },
        /worker ready/,
      );
      const people = await database.db
        .insertInto('physicists')
        .values([
          { name: 'Ada Lead', role: 'lead', home_zip: '10001' },
          { name: 'Dee Acq', role: 'dataacq', home_zip: '02108' },
        ])
        .returning('id')
        .execute();
      expect(people).toHaveLength(2);
      await database.db
        .insertInto('jobs')
        .values([
          {
            customer: 'Mercy',
            zip_code: '10016',
            start_date: '2027-01-04',
            end_date: '2027-01-05',
          },
          {
            customer: 'Lakes',
            zip_code: '60611',
            start_date: '2027-01-06',
            end_date: '2027-01-06',
          },
        ])
        .execute();
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await database.close();
    });

    it('starts a run through one API process and follows it to completion through the other', async () => {
      const login = await fetch(`${api1}/api/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };
      const started = await fetch(`${api1}/api/v1/optimize/assign?algorithm=heuristic`, {
        method: 'POST',
        headers: auth,
      });
      expect(started.status).toBe(202);
      const { task_id } = (await started.json()) as { task_id: string };

      const stream = await fetch(`${api2}/api/v1/optimize/stream/${task_id}`, {
        headers: { ...auth, accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      const events = parseSse(await stream.text());
      const messages = events.map((e) => OptimizeStreamMessageSchema.parse(e.data));
      expect(events.map((e) => Number(e.id))).toEqual(events.map((_, i) => i + 1));
      expect(messages.at(-1)).toMatchObject({
        type: 'complete',
        result: { algorithm: 'heuristic', jobs_assigned: 2, jobs_total: 2 },
      });
      const jobs = await database.db.selectFrom('jobs').select('assigned_lead_id').execute();
      expect(jobs.every((j) => j.assigned_lead_id !== null)).toBe(true);
    });

    it('answers a single run and a kit assignment through an API process without workers: the worker process runs them', async () => {
      await database.db
        .insertInto('kits')
        .values({ name: 'Kit A', current_location_zip: '10001' })
        .execute();
      const login = await fetch(`${api2}/api/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };
      const single = await fetch(`${api2}/api/v1/analytics/run_single_algorithm`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ algorithm: 'heuristic' }),
      });
      expect(single.status).toBe(200);
      const answer = RunSingleResponseSchema.parse(await single.json());
      expect(answer.results.heuristic!.error).toBeNull();
      const kits = await fetch(`${api2}/api/v1/kits/assign`, { method: 'POST', headers: auth });
      expect(kits.status).toBe(200);
      expect(((await kits.json()) as { message: string }).message).toMatch(
        /^Kits assigned: 1 kit cover 2 of 2 dated jobs/,
      );
      const tasks = await database.db
        .selectFrom('tasks')
        .select(['type', 'status'])
        .where('type', 'in', ['single_run', 'kit_assignment'])
        .orderBy('type')
        .execute();
      expect(tasks).toEqual([
        { type: 'kit_assignment', status: 'complete' },
        { type: 'single_run', status: 'complete' },
      ]);
    });
  },
);
