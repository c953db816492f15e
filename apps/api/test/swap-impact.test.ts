import {
  AssignmentExplanationSchema,
  OfferSchema,
  RequestImpactSchema,
  type SwapImpact,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { seedSchedule, type Seeded } from './tasks-fixture';

/**
 * A swap's impact (GET /requests/{id}/impact of kind `swap`) on the small
 * seeded schedule: Ada Lead (the regular user) leads Mercy Hospital Jan 4-5
 * 2027 and offers it; Hal Lead (hal1), who lives next to her, accepts.
 * Today is 2026-01-05 (TEST_TODAY).
 */
let t: TestApp;
let seeded: Seeded;
let hal: { physicist: number; token: string };
let swapId: number;

type Caller = 'regular' | 'manager' | 'admin' | 'hal';
function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Caller, body?: unknown) {
  const token = who === 'hal' ? hal.token : t.tokens[who];
  return t.app.inject({
    method,
    url,
    headers: t.bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
const impactOf = async (id: number) => {
  const res = await call('GET', `/api/v1/requests/${id}/impact`, 'manager');
  expect(res.statusCode, res.body).toBe(200);
  const impact = RequestImpactSchema.parse(res.json());
  if (impact.kind !== 'swap') throw new Error(`request ${id} is not a swap`);
  return impact;
};
/** Hal's line in the explanation of the job's lead slot: the ranking an impact reads. */
const halInExplanation = async (jobId: number) => {
  const res = await call('GET', `/api/v1/assignments/${jobId}/explain`, 'manager');
  const explanation = AssignmentExplanationSchema.parse(res.json());
  return explanation.lead.alternatives.find((a) => a.physicist_id === hal.physicist)!;
};
const mercy = () => seeded.jobs[0]!;
const ada = () => seeded.leads[0]!;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSchedule(t);
  const db = t.database.db;
  await db.updateTable('jobs').set({ assigned_lead_id: ada() }).where('id', '=', mercy()).execute();
  const { id: halId } = await db
    .insertInto('physicists')
    .values({ name: 'Hal Lead', role: 'lead', home_zip: '10002' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = (userId: number, physicistId: number) =>
    call('PUT', `/api/v1/admin/users/${userId}`, 'admin', { physicist_id: physicistId });
  expect((await link(t.users.regular.id, ada())).statusCode).toBe(200);
  const account = await t.app.services.users.create({
    username: 'hal1',
    email: 'hal1@example.org',
    password: 'hal1-password-1',
    role: 'regular',
  });
  expect((await link(account.id, halId)).statusCode).toBe(200);
  hal = { physicist: halId, token: await t.login('hal1', 'hal1-password-1') };
  const made = await call('POST', '/api/v1/me/offers', 'regular', {
    job_id: mercy(),
    slot: 'lead',
    note: 'Conference',
  });
  expect(made.statusCode, made.body).toBe(201);
  swapId = OfferSchema.parse(made.json()).id;
});
afterAll(async () => {
  await t.close();
});

describe("a swap's impact", () => {
  it('is 404 while nobody has accepted the offer, and for managers only', async () => {
    const open = await call('GET', `/api/v1/requests/${swapId}/impact`, 'manager');
    expect(open.statusCode).toBe(404);
    expect(open.json<{ detail: string }>().detail).toBe(
      `Request ${swapId} not found: offer ${swapId} has no taker yet, so there is no swap to decide`,
    );
    const accepted = await call('POST', `/api/v1/offers/${swapId}/accept`, 'hal');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call('GET', `/api/v1/requests/${swapId}/impact`, 'regular')).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/v1/requests/${swapId}/impact`, 'hal')).statusCode).toBe(403);
  });

  it('names the slot, the job, who gives it and who takes it; F now equals F at accept on an unchanged plan', async () => {
    const impact = await impactOf(swapId);
    const stored = OfferSchema.parse(
      (await call('GET', '/api/v1/me/offers', 'regular')).json<{ mine: unknown[] }>().mine[0],
    );
    expect(impact).toEqual<SwapImpact>({
      kind: 'swap',
      request_id: swapId,
      job: {
        id: mercy(),
        customer: 'Mercy Hospital',
        location: 'Mercy Hospital',
        start: '2027-01-04',
        end: '2027-01-05',
      },
      slot: 'lead',
      from: { id: ada(), name: 'Ada Lead' },
      to: { id: hal.physicist, name: 'Hal Lead' },
      at_accept: { delta_total: stored.delta_total!, delta_f: stored.delta_f! },
      now: {
        rules_hold: true,
        conflict: null,
        delta: { delta_total: stored.delta_total!, delta_f: stored.delta_f! },
      },
    });
  });

  it('recomputes F at read time: after the plan changes, now follows the explanation and at_accept stays', async () => {
    const before = await impactOf(swapId);
    // Hal is given two other jobs (Mercy Jan 11-12, Harbor Jan 7-8): his share of the work
    // and his visits to Mercy change.
    const [, , , mercyLater, harbor] = seeded.jobs;
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: hal.physicist })
      .where('id', 'in', [mercyLater!, harbor!])
      .execute();
    const after = await impactOf(swapId);
    expect(after.at_accept).toEqual(before.at_accept);
    const line = await halInExplanation(mercy());
    expect(after.now!.delta).toEqual({ delta_total: line.delta_total, delta_f: line.delta.f });
    expect(after.now!.delta!.delta_f).not.toBe(before.now!.delta!.delta_f);
  });

  it('names the hard rule the swap would now break, with no F now', async () => {
    const { id } = await t.database.db
      .insertInto('unavailability')
      .values({ physicist_name: 'Hal Lead', start_date: '2027-01-05', end_date: '2027-01-06' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const impact = await impactOf(swapId);
    expect(impact.now).toMatchObject({ rules_hold: false, delta: null });
    expect(impact.now!.conflict).toMatch(
      /^Hal Lead .*2027-01-05.*, which overlaps 2027-01-04 to 2027-01-05$/,
    );
    // The approval refuses with the same words.
    const refused = await call('POST', `/api/v1/requests/${swapId}/approve`, 'manager', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(
      `${impact.now!.conflict}; nothing was changed`,
    );
    await t.database.db.deleteFrom('unavailability').where('id', '=', id).execute();
    expect((await impactOf(swapId)).now!.rules_hold).toBe(true);
  });

  it('has nothing left to read now once decided', async () => {
    const res = await call('POST', `/api/v1/requests/${swapId}/approve`, 'manager', {});
    expect(res.statusCode, res.body).toBe(200);
    const impact = await impactOf(swapId);
    expect(impact.now).toBeNull();
    expect(impact.to.name).toBe('Hal Lead');
  });
});
