/**
 * Benchmark of the jobs API on the embedded database (PGlite in memory, Fastify
 * inject, no network): GET /api/v1/jobs/ at 1,000 and 10,000 jobs, plus the
 * zip table load, the bulk insert and POST /api/v1/analyze/ for context.
 * Run: npx tsx apps/api/bench/jobs-api.ts
 */
import os from 'node:os';
import { addDays } from '../src/io/date-input';
import type { NewJob } from '../src/io/parse-schedule';
import { buildApp } from '../src/compose/app';
import { parseConfig } from '../src/config/config';
import { createDatabase } from '../src/db/database';
import { generateDemoData } from '../src/demo/demo-data';

const SIZES = [1_000, 10_000];
const RUNS = 7;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `count` jobs cycling over the demo jobs, spread over two years so overlaps stay realistic. */
function jobsOf(count: number, demo: NewJob[]): NewJob[] {
  return Array.from({ length: count }, (_, i) => {
    const base = demo[i % demo.length]!;
    const shift = Math.floor(i / demo.length) * 7;
    return { ...base, start: addDays(base.start, shift), end: addDays(base.end, shift) };
  });
}

async function main(): Promise<void> {
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

  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
  );
  console.log(
    `open PGlite + migrate: ${(opened - started).toFixed(0)} ms; buildApp incl. zip table load: ${(built - opened).toFixed(0)} ms`,
  );
  console.log('| jobs | bulk insert ms | GET /jobs/ median ms | min ms | body MB | analyze ms |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const jobs = jobsOf(size, demo.jobs);
    const insertStart = performance.now();
    await database.db
      .transaction()
      .execute((trx) => services.scheduleImport.replaceAll(jobs, demo.unavailability, trx));
    const insertMs = performance.now() - insertStart;
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/jobs/', headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`GET /jobs/ answered ${res.statusCode}`);
      if (run > 0) times.push(ms); // the first run warms the query plan and the JIT
      bytes = res.rawPayload.length;
    }
    const a0 = performance.now();
    const analyzed = await app.inject({ method: 'POST', url: '/api/v1/analyze/', headers });
    const analyzeMs = performance.now() - a0;
    if (analyzed.statusCode !== 200) throw new Error(`analyze answered ${analyzed.statusCode}`);
    console.log(
      `| ${size} | ${insertMs.toFixed(0)} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${(bytes / 1e6).toFixed(2)} | ${analyzeMs.toFixed(0)} |`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
