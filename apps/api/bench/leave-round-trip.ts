/**
 * A leave request's round trip at the year scale (the target: under
 * 5 s of server time from asking, to the manager's approval, to the repair
 * proposal applied, at 4,000 jobs x 160 physicists). Seeds a year with a
 * plan assigned (year-plan.ts), then, for a few physicists in turn, times
 * each step's server time through Fastify inject (no network, so a step's
 * time is the server's):
 *
 *   ask      POST /me/leave-requests, as the physicist's linked account
 *   impact   GET /requests/{id}/impact, as the manager
 *   approve  POST /requests/{id}/approve: records the leave, queues the what-if
 *   repair   the what-if's stream until `complete`: the task queue's pickup
 *            and the repair itself, which fills the proposal
 *   apply    POST /proposals/{id}/apply
 *
 * on the embedded database (PGlite in memory), then on PostgreSQL when
 * TEST_DATABASE_URL is set (in a schema of its own, dropped at the end). The
 * first round is cold (JIT, query plans, caches). It prints tables; record
 * figures in docs/performance.md with the date, machine and load.
 * Run: npm run bench:leave
 */
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { LeaveRequest, RequestDecision, WhatIfStreamMessage } from '@meridian/contracts';
import { buildApp, type App } from '../src/compose/app';
import { parseConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { machineLine, openBenchDatabase } from './bench-app';
import { benchName, weekday, YEAR, yearPlan } from './year-plan';

/** The day the bench plans from: the Friday before the year's first jobs, so all are ahead. */
const TODAY = '2026-01-02';
const ROUNDS = Number(process.env.LEAVE_BENCH_ROUNDS ?? 3);
/** Each round's leave: two working weeks, starting three weeks after the last round's. */
const LEAVE_WEEKDAYS = 10;
const FIRST_LEAVE_WEEKDAY = 40; // Monday 2026-03-02
const STEPS = ['ask', 'impact', 'approve', 'repair', 'apply'] as const;
type Step = (typeof STEPS)[number];

type Headers = { authorization: string };

async function signIn(app: App, username: string, password: string): Promise<Headers> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode}`);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

/** Sends one request and answers its body and the milliseconds it took; throws on another status. */
async function timed<T>(
  app: App,
  what: string,
  request: InjectOptions,
  status = 200,
): Promise<{ body: T; ms: number; raw: string }> {
  const t0 = performance.now();
  const res = await app.inject(request);
  const ms = performance.now() - t0;
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { body: (isJson ? res.json() : undefined) as T, ms, raw: res.body };
}

/** Seeds the year and the accounts; answers the manager's headers and each round's physicist. */
async function seed(app: App, database: Database) {
  const services = app.services;
  const plan = yearPlan();
  const t0 = performance.now();
  await database.db.transaction().execute(async (trx) => {
    await services.physicists.insertMany(plan.physicists, trx);
    await services.kits.insertMany(plan.kits, trx);
    await services.scheduleImport.replaceAll(plan.jobs, plan.leave, trx);
  });
  const seedMs = performance.now() - t0;
  await services.users.create({
    username: 'bench',
    email: 'bench@example.org',
    password: 'bench-password-1',
    role: 'manager',
  });
  const manager = await signIn(app, 'bench', 'bench-password-1');
  const people = await database.db.selectFrom('physicists').select(['id', 'name']).execute();
  const rounds: { name: string; headers: Headers; start: string; end: string }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Leads 2, 3, 4...: Bench Lead 001 is on leave the first week of the year.
    const name = benchName('lead', r + 2);
    const username = `phys${r + 2}`;
    const user = await services.users.create({
      username,
      email: `${username}@example.org`,
      password: `${username}-password-1`,
      role: 'regular',
    });
    const link = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${user.id}`,
      headers: await signInAdmin(app),
      payload: { physicist_id: people.find((p) => p.name === name)!.id },
    });
    if (link.statusCode !== 200) throw new Error(`link ${name}: ${link.statusCode} ${link.body}`);
    const first = FIRST_LEAVE_WEEKDAY + r * 15;
    rounds.push({
      name,
      headers: await signIn(app, username, `${username}-password-1`),
      start: weekday(first),
      end: weekday(first + LEAVE_WEEKDAYS - 1),
    });
  }
  const held = await database.db
    .selectFrom('jobs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) =>
      eb.or([eb('assigned_lead_id', 'is not', null), eb('assigned_data_acq_id', 'is not', null)]),
    )
    .executeTakeFirstOrThrow();
  return { manager, rounds, seedMs, assigned: held.n };
}

let adminHeaders: Headers | null = null;
/** An admin links accounts (managers may not); created on first use. */
async function signInAdmin(app: App): Promise<Headers> {
  if (adminHeaders !== null) return adminHeaders;
  await app.services.users.create({
    username: 'bench-admin',
    email: 'bench-admin@example.org',
    password: 'bench-admin-password-1',
    role: 'admin',
  });
  adminHeaders = await signIn(app, 'bench-admin', 'bench-admin-password-1');
  return adminHeaders;
}

/** One round trip: each step's server time in ms, and what the repair changed. */
async function roundTrip(
  app: App,
  manager: Headers,
  round: { name: string; headers: Headers; start: string; end: string },
): Promise<{ ms: Record<Step, number>; hit: number; changes: number }> {
  const asked = await timed<LeaveRequest>(
    app,
    'ask',
    {
      method: 'POST',
      url: '/api/v1/me/leave-requests',
      headers: round.headers,
      payload: { start: round.start, end: round.end, note: 'Bench leave' },
    },
    201,
  );
  const id = asked.body.id;
  const impact = await timed<{ slots: unknown[] }>(app, 'impact', {
    method: 'GET',
    url: `/api/v1/requests/${id}/impact`,
    headers: manager,
  });
  const approved = await timed<RequestDecision>(app, 'approve', {
    method: 'POST',
    url: `/api/v1/requests/${id}/approve`,
    headers: manager,
    payload: { reason: 'Bench' },
  });
  const request = approved.body.request;
  if (request.kind !== 'leave' || request.repair === null) throw new Error('approve: no repair');
  const { task_id: taskId, proposal_id: proposalId } = request.repair;
  // The stream ends once the what-if completes (or fails): inject answers then.
  const repaired = await timed(app, 'repair', {
    method: 'GET',
    url: `/api/v1/optimize/what-if/stream/${taskId}`,
    headers: { ...manager, accept: 'text/event-stream' },
  });
  const last = lastEvent(repaired.raw);
  if (last?.type !== 'complete') throw new Error(`repair: ended with ${JSON.stringify(last)}`);
  const proposal = await app.inject({
    method: 'GET',
    url: `/api/v1/proposals/${proposalId}`,
    headers: manager,
  });
  const changes = proposal.json<{ changes: unknown[] }>().changes.length;
  const applied = await timed(app, 'apply', {
    method: 'POST',
    url: `/api/v1/proposals/${proposalId}/apply`,
    headers: manager,
  });
  return {
    ms: {
      ask: asked.ms,
      impact: impact.ms,
      approve: approved.ms,
      repair: repaired.ms,
      apply: applied.ms,
    },
    hit: impact.body.slots.length,
    changes,
  };
}

/** The last `data:` event of an SSE body. */
function lastEvent(body: string): WhatIfStreamMessage | undefined {
  const lines = body.split('\n').filter((l) => l.startsWith('data:'));
  const last = lines.at(-1);
  return last === undefined ? undefined : (JSON.parse(last.slice(5)) as WhatIfStreamMessage);
}

async function bench(label: string, url: string | undefined): Promise<void> {
  adminHeaders = null;
  const database = await openBenchDatabase(url);
  const config = {
    ...parseConfig({ PLAN_TODAY: TODAY }),
    jwtSecret: 'bench-secret-0123456789-abcdefghijklmnop',
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const { manager, rounds, seedMs, assigned } = await seed(app, database);
    console.log(
      `\n${label}: ${YEAR.jobs} jobs (${assigned} with someone assigned) x ${YEAR.physicists} physicists, seeded in ${(seedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `| round | physicist, leave | slots hit | repair changes | ${STEPS.join(' ms | ')} ms | total ms |`,
    );
    console.log(`|---|---|---:|---:|${STEPS.map(() => '---:').join('|')}|---:|`);
    for (const [i, round] of rounds.entries()) {
      const { ms, hit, changes } = await roundTrip(app, manager, round);
      const total = STEPS.reduce((sum, step) => sum + ms[step], 0);
      const cells = STEPS.map((step) => ms[step].toFixed(0)).join(' | ');
      const when = `${round.name}, ${round.start} to ${round.end}`;
      console.log(
        `| ${i + 1}${i === 0 ? ' (cold)' : ''} | ${when} | ${hit} | ${changes} | ${cells} | ${total.toFixed(0)} |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  await bench('embedded (PGlite in memory)', undefined);
  const url = process.env.TEST_DATABASE_URL;
  if (url !== undefined && url !== '') await bench('PostgreSQL', url);
  else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to run it)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
