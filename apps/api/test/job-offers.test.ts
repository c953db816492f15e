import {
  MyOffersSchema,
  NotificationListSchema,
  OfferAcceptedSchema,
  OfferSchema,
  RequestDecisionSchema,
  RequestInboxSchema,
  RunListSchema,
  type Offer,
  type SwapRequest,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { seedSchedule, type Seeded } from './tasks-fixture';

/**
 * Swaps and covers on the small seeded schedule plus two
 * leads: Hal Lead lives in New York next to Ada Lead, Gus Lead has a home
 * zip the zip table does not know. Ada (the regular user) leads Mercy
 * Hospital Jan 4-5 and Jan 11-12 2027 and a few more jobs added here; Ben
 * Lead (user other1) leads Lakeside Clinic Jan 4-6 and is on leave Jan
 * 11-15; Cy Lead (Los Angeles) is free. Hal's account is hal1. Today is
 * 2026-01-05 (TEST_TODAY).
 */
let t: TestApp;
let seeded: Seeded;
let ben: { id: number; token: string };
let hal: { id: number; physicist: number; token: string };
let gus: number;

type Caller = 'regular' | 'manager' | 'admin' | 'ben' | 'hal' | 'none';
function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Caller, body?: unknown) {
  const token =
    who === 'none' ? null : who === 'ben' ? ben.token : who === 'hal' ? hal.token : t.tokens[who];
  return t.app.inject({
    method,
    url,
    headers: token === null ? {} : t.bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;
const offer = (body: unknown, who: Caller = 'regular') =>
  call('POST', '/api/v1/me/offers', who, body);
const offered = async (jobId: number, note = ''): Promise<Offer> => {
  const res = await offer({ job_id: jobId, slot: 'lead', note });
  expect(res.statusCode, res.body).toBe(201);
  return OfferSchema.parse(res.json());
};
const notices = async (who: Caller) =>
  NotificationListSchema.parse((await call('GET', '/api/v1/notifications', who)).json()).items.map(
    (n) => n.message,
  );
const swapItem = async (id: number): Promise<SwapRequest | undefined> => {
  const inbox = RequestInboxSchema.parse((await call('GET', '/api/v1/requests', 'manager')).json());
  const item = inbox.items.find((i) => i.id === id);
  return item?.kind === 'swap' ? item : undefined;
};
const leadOf = async (jobId: number) =>
  await t.database.db
    .selectFrom('jobs')
    .select(['assigned_lead_id', 'lead_pinned'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
const ada = () => seeded.leads[0]!;

/** A job of Ada's as lead, in the future unless `start` says otherwise. */
async function adaJob(customer: string, start: string, end: string, zip = '10016') {
  const { id } = await t.database.db
    .insertInto('jobs')
    .values({
      customer,
      zip_code: zip,
      location: customer,
      start_date: start,
      end_date: end,
      assigned_lead_id: ada(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSchedule(t);
  const db = t.database.db;
  const [mercy, lakeside, , mercyLater] = seeded.jobs;
  for (const [job, lead] of [
    [mercy, ada()],
    [mercyLater, ada()],
    [lakeside, seeded.leads[1]],
  ] as const) {
    await db.updateTable('jobs').set({ assigned_lead_id: lead! }).where('id', '=', job!).execute();
  }
  const extra = await db
    .insertInto('physicists')
    .values([
      { name: 'Hal Lead', role: 'lead', home_zip: '10002' },
      { name: 'Gus Lead', role: 'lead', home_zip: '00000' },
    ])
    .returning('id')
    .execute();
  gus = extra[1]!.id;
  const link = (userId: number, physicistId: number) =>
    call('PUT', `/api/v1/admin/users/${userId}`, 'admin', { physicist_id: physicistId });
  expect((await link(t.users.regular.id, ada())).statusCode).toBe(200);
  const account = async (username: string, physicistId: number) => {
    const created = await t.app.services.users.create({
      username,
      email: `${username}@example.org`,
      password: `${username}-password-1`,
      role: 'regular',
    });
    expect((await link(created.id, physicistId)).statusCode).toBe(200);
    return { id: created.id, token: await t.login(username, `${username}-password-1`) };
  };
  ben = await account('other1', seeded.leads[1]!);
  hal = { ...(await account('hal1', extra[0]!.id)), physicist: extra[0]!.id };
});
afterAll(async () => {
  await t.close();
});

describe('offering a job', () => {
  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ job_id: seeded.jobs[0], slot: 'kit' }, /slot/],
      [{ job_id: 'one', slot: 'lead' }, /job_id/],
      [{ job_id: 0, slot: 'lead' }, /job_id/],
      [{ job_id: seeded.jobs[0], slot: 'lead', note: 'x'.repeat(1001) }, /note/],
      [{ job_id: seeded.jobs[0], slot: 'lead', status: 'approved' }, /status/],
    ];
    for (const [body, pattern] of cases) {
      const res = await offer(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(detail(res)).toMatch(pattern);
    }
  });

  it('is for a linked physicist and only for a slot of their own of a job not yet started', async () => {
    expect((await offer({ job_id: seeded.jobs[0], slot: 'lead' }, 'none')).statusCode).toBe(401);
    const unlinked = await offer({ job_id: seeded.jobs[0], slot: 'lead' }, 'manager');
    expect(unlinked.statusCode).toBe(409);
    expect(detail(unlinked)).toMatch(/not linked to a physicist/);
    const unknown = await offer({ job_id: 999999, slot: 'lead' });
    expect(unknown.statusCode).toBe(404);
    const notMine = await offer({ job_id: seeded.jobs[1], slot: 'lead' });
    expect(notMine.statusCode).toBe(409);
    expect(detail(notMine)).toBe(
      `You do not hold the lead slot of job ${seeded.jobs[1]}; you can offer only a slot of your own`,
    );
    const wrongSlot = await offer({ job_id: seeded.jobs[0], slot: 'data_acq' });
    expect(wrongSlot.statusCode).toBe(409);
    const past = await adaJob('Old Clinic', '2026-01-02', '2026-01-03');
    const started = await offer({ job_id: past, slot: 'lead' });
    expect(started.statusCode).toBe(409);
    expect(detail(started)).toMatch(/started on 2026-01-02, before today \(2026-01-05\)/);
  });

  it('lists every colleague who could take it under every hard rule, ranked by the change of F', async () => {
    const [mercy, , , mercyLater] = seeded.jobs;
    // Jan 4-5: Ben leads Lakeside Jan 4-6 (an overlapping job), Gus has no home place,
    // the data-acquisition physicists have the other role; Hal and Cy are free.
    const first = await offered(mercy!, 'Conference');
    expect(first).toMatchObject({
      status: 'open',
      slot: 'lead',
      from: { id: ada(), name: 'Ada Lead' },
      offered_by: 'regular1',
      note: 'Conference',
      taker: null,
      job: { id: mercy, customer: 'Mercy Hospital', start: '2027-01-04', end: '2027-01-05' },
    });
    expect(first.candidates.map((c) => c.name)).toEqual(['Hal Lead', 'Cy Lead']);
    const [near, far] = first.candidates;
    // Hal lives a few miles away, Cy across the country: Hal's change of F is smaller.
    expect(near!.miles!).toBeLessThan(10);
    expect(far!.miles!).toBeGreaterThan(2000);
    expect(near!.delta_total).toBeLessThan(far!.delta_total);
    // Jan 11-12: Ben is on leave; the rest as above.
    const second = await offered(mercyLater!);
    expect(second.candidates.map((c) => c.name)).toEqual(['Hal Lead', 'Cy Lead']);
    expect(second.candidates.map((c) => c.physicist_id)).not.toContain(gus);
    // A slot already offered cannot be offered twice.
    const again = await offer({ job_id: mercy, slot: 'lead' });
    expect(again.statusCode).toBe(409);
    expect(detail(again)).toMatch(new RegExp(`offer ${first.id} is open`));
    // With Ben's leave and job out of the way he is listed too: the refusals were the rules.
    const free = await adaJob('Free Week', '2027-03-01', '2027-03-02');
    const third = await offered(free);
    expect(third.candidates.map((c) => c.name).sort()).toEqual(['Ben Lead', 'Cy Lead', 'Hal Lead']);
  });

  it('tells the candidates, who see it on their own list; the owner sees every candidate', async () => {
    expect(await notices('hal')).toContain(
      'Ada Lead offers you their lead slot on Mercy Hospital, 4 Jan 2027 to 5 Jan 2027: open My schedule to take it',
    );
    expect((await notices('ben')).some((m) => m.includes('4 Jan 2027'))).toBe(false);
    const halList = MyOffersSchema.parse((await call('GET', '/api/v1/me/offers', 'hal')).json());
    expect(halList.mine).toEqual([]);
    expect(halList.to_me.length).toBe(3);
    expect(halList.to_me.every((o) => o.candidates.length === 1)).toBe(true);
    expect(halList.to_me.every((o) => o.candidates[0]!.name === 'Hal Lead')).toBe(true);
    const benList = MyOffersSchema.parse((await call('GET', '/api/v1/me/offers', 'ben')).json());
    expect(benList.to_me.map((o) => o.job.customer)).toEqual(['Free Week']);
    const own = MyOffersSchema.parse((await call('GET', '/api/v1/me/offers', 'regular')).json());
    expect(own.mine.map((o) => o.job.customer)).toEqual([
      'Free Week',
      'Mercy Hospital',
      'Mercy Hospital',
    ]);
    expect(own.to_me).toEqual([]);
    const unlinked = MyOffersSchema.parse((await call('GET', '/api/v1/me/offers', 'admin')).json());
    expect(unlinked).toEqual({ mine: [], to_me: [] });
  });
});

async function ownOffer(customer: string, start: string): Promise<Offer> {
  const own = MyOffersSchema.parse((await call('GET', '/api/v1/me/offers', 'regular')).json());
  return own.mine.find(
    (o) => o.job.customer === customer && o.job.start === start && o.status === 'open',
  )!;
}

describe('withdrawing and accepting', () => {
  it('withdraws an offer of its owner; 404 for anyone else, 409 once withdrawn', async () => {
    const free = await ownOffer('Free Week', '2027-03-01');
    const url = `/api/v1/me/offers/${free.id}/withdraw`;
    for (const who of ['ben', 'hal', 'manager', 'admin'] as const) {
      const res = await call('POST', url, who);
      expect(res.statusCode, who).toBe(404);
      expect(detail(res)).toBe(`Offer ${free.id} not found`);
    }
    const res = await call('POST', url, 'regular');
    expect(res.statusCode).toBe(200);
    expect(OfferSchema.parse(res.json()).status).toBe('withdrawn');
    const twice = await call('POST', url, 'regular');
    expect(twice.statusCode).toBe(409);
    expect(detail(twice)).toMatch(/already withdrawn/);
    const late = await call('POST', `/api/v1/offers/${free.id}/accept`, 'ben');
    expect(late.statusCode).toBe(409);
  });

  it('is accepted only by a listed colleague: 404 for anyone else', async () => {
    const mercy = await ownOffer('Mercy Hospital', '2027-01-04');
    const url = `/api/v1/offers/${mercy.id}/accept`;
    expect((await call('POST', url, 'none')).statusCode).toBe(401);
    expect((await call('POST', url, 'ben')).statusCode).toBe(404);
    expect((await call('POST', url, 'regular')).statusCode).toBe(404);
    const unlinked = await call('POST', url, 'manager');
    expect(unlinked.statusCode).toBe(409);
    expect(detail(unlinked)).toMatch(/not linked to a physicist/);
    expect((await call('POST', '/api/v1/offers/999999/accept', 'hal')).statusCode).toBe(404);
  });

  it('checks every hard rule again when accepted: 409 naming the conflict', async () => {
    const later = await ownOffer('Mercy Hospital', '2027-01-11');
    const db = t.database.db;
    const { id: leaveId } = await db
      .insertInto('unavailability')
      .values({ physicist_name: 'Hal Lead', start_date: '2027-01-12', end_date: '2027-01-12' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call('POST', `/api/v1/offers/${later.id}/accept`, 'hal');
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toMatch(/Hal Lead.*2027-01-12/);
    await db.deleteFrom('unavailability').where('id', '=', leaveId).execute();
    // An overlapping job given to Hal after the offer blocks him too.
    const { id: clash } = await db
      .insertInto('jobs')
      .values({
        customer: 'Clash Clinic',
        zip_code: '10016',
        location: 'Clash Clinic',
        start_date: '2027-01-12',
        end_date: '2027-01-13',
        assigned_lead_id: hal.physicist,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const busy = await call('POST', `/api/v1/offers/${later.id}/accept`, 'hal');
    expect(busy.statusCode).toBe(409);
    expect(detail(busy)).toMatch(/Hal Lead.*Clash Clinic/);
    await db.deleteFrom('jobs').where('id', '=', clash).execute();
  });

  it('waits for a manager once accepted, who sees it in the inbox with its change of F', async () => {
    const mercy = await ownOffer('Mercy Hospital', '2027-01-04');
    const res = await call('POST', `/api/v1/offers/${mercy.id}/accept`, 'hal');
    expect(res.statusCode, res.body).toBe(200);
    const accepted = OfferAcceptedSchema.parse(res.json());
    expect(accepted.offer).toMatchObject({ status: 'accepted', taker: { name: 'Hal Lead' } });
    expect(accepted.message).toBe('Accepted: a manager will decide, and you will be told.');
    const twice = await call('POST', `/api/v1/offers/${mercy.id}/accept`, 'hal');
    expect(twice.statusCode).toBe(409);
    expect(detail(twice)).toMatch(/already accepted by Hal Lead/);
    expect(await notices('regular')).toContain(
      'Hal Lead accepted your lead slot on Mercy Hospital, 4 Jan 2027 to 5 Jan 2027; a manager will decide',
    );
    expect(await notices('manager')).toContain(
      "Swap to decide: Hal Lead would take Ada Lead's lead slot on Mercy Hospital, 4 Jan 2027 to 5 Jan 2027",
    );
    const item = await swapItem(mercy.id);
    expect(item).toMatchObject({
      kind: 'swap',
      status: 'pending',
      from: { name: 'Ada Lead' },
      to: { name: 'Hal Lead' },
      requested_by: 'regular1',
      accepted_by: 'hal1',
      note: 'Conference',
      run_id: null,
    });
    // Measured again when accepted (the plan has changed since the offer was made).
    expect(item!.delta_total).toBe(accepted.offer.delta_total);
    expect(item!.delta_f).toBe(accepted.offer.delta_f);
    expect((await call('GET', '/api/v1/requests', 'regular')).statusCode).toBe(403);
  });
});

describe('deciding a swap', () => {
  it('approves by giving the slot to the taker, locked, as a recorded run; both are told', async () => {
    const mercy = (await swapItem((await ownSwap('2027-01-04')).id))!;
    const forbidden = await call('POST', `/api/v1/requests/${mercy.id}/approve`, 'hal', {});
    expect(forbidden.statusCode).toBe(403);
    const res = await call('POST', `/api/v1/requests/${mercy.id}/approve`, 'manager', {
      reason: 'Fine by me',
    });
    expect(res.statusCode, res.body).toBe(200);
    const decided = RequestDecisionSchema.parse(res.json());
    expect(decided.request).toMatchObject({
      kind: 'swap',
      status: 'approved',
      decided_by: 'manager1',
      is_auto_approved: false,
    });
    const runId = (decided.request as SwapRequest).run_id!;
    expect(await leadOf(seeded.jobs[0]!)).toEqual({
      assigned_lead_id: hal.physicist,
      lead_pinned: true,
    });
    const runs = RunListSchema.parse((await call('GET', '/api/v1/runs', 'manager')).json());
    const run = runs.find((r) => r.id === runId)!;
    expect(run).toMatchObject({ kind: 'swap', changed_slots: 1, created_by: 'manager1' });
    expect(run.reason).toBe(
      `Hal Lead takes Ada Lead's lead slot on Mercy Hospital, 4 Jan 2027 to 5 Jan 2027 (offer ${mercy.id})`,
    );
    expect(await notices('regular')).toContain(
      'Your lead slot on Mercy Hospital, 4 Jan 2027 to 5 Jan 2027 now goes to Hal Lead: the swap was approved by manager1: Fine by me',
    );
    expect(await notices('hal')).toContain(
      "You now have Ada Lead's lead slot on Mercy Hospital, 4 Jan 2027 to 5 Jan 2027: the swap was approved by manager1: Fine by me",
    );
    const schedule = (await call('GET', '/api/v1/me/schedule', 'regular')).json<{
      entries: { job_id: number }[];
    }>();
    expect(schedule.entries.map((e) => e.job_id)).not.toContain(seeded.jobs[0]);
    const again = await call('POST', `/api/v1/requests/${mercy.id}/decline`, 'admin', {
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(detail(again)).toMatch(/already approved by manager1/);
  });

  it('declines with a reason both are told; the slot stays', async () => {
    const job = await adaJob('Decline Clinic', '2027-04-05', '2027-04-06');
    const made = await offered(job);
    expect((await call('POST', `/api/v1/offers/${made.id}/accept`, 'hal')).statusCode).toBe(200);
    const res = await call('POST', `/api/v1/requests/${made.id}/decline`, 'manager', {
      reason: 'Hal is needed elsewhere',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RequestDecisionSchema.parse(res.json()).request).toMatchObject({
      kind: 'swap',
      status: 'declined',
      reason: 'Hal is needed elsewhere',
    });
    expect((await leadOf(job)).assigned_lead_id).toBe(ada());
    expect(await notices('hal')).toContain(
      "Your taking Ada Lead's lead slot on Decline Clinic, 5 Apr 2027 to 6 Apr 2027 was declined by manager1: Hal is needed elsewhere",
    );
  });

  it('refuses an approval that would now break a hard rule (409 naming it), changing nothing', async () => {
    const job = await adaJob('Late Leave', '2027-05-03', '2027-05-04');
    const made = await offered(job);
    expect((await call('POST', `/api/v1/offers/${made.id}/accept`, 'hal')).statusCode).toBe(200);
    await t.database.db
      .insertInto('unavailability')
      .values({ physicist_name: 'Hal Lead', start_date: '2027-05-04', end_date: '2027-05-06' })
      .execute();
    const runsBefore = RunListSchema.parse((await call('GET', '/api/v1/runs', 'manager')).json());
    const res = await call('POST', `/api/v1/requests/${made.id}/approve`, 'manager', {});
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toMatch(/Hal Lead.*2027-05-04.*nothing was changed/);
    expect((await leadOf(job)).assigned_lead_id).toBe(ada());
    const runsAfter = RunListSchema.parse((await call('GET', '/api/v1/runs', 'manager')).json());
    expect(runsAfter.length).toBe(runsBefore.length);
    expect((await swapItem(made.id))!.status).toBe('pending');
  });

  it('approves automatically when the admin allows it and F rises by at most the set amount', async () => {
    const settingsUrl = '/api/v1/admin/settings/swap-approval';
    expect((await call('GET', settingsUrl, 'manager')).statusCode).toBe(403);
    expect((await call('GET', settingsUrl, 'admin')).json()).toEqual({
      is_automatic: false,
      max_f_increase: 1,
    });
    const bad = await call('PUT', settingsUrl, 'admin', { is_automatic: true, max_f_increase: -1 });
    expect(bad.statusCode).toBe(400);
    expect(detail(bad)).toMatch(/max_f_increase/);
    // On, with room for Hal's small change: approved at once, recorded and locked.
    const on = await call('PUT', settingsUrl, 'admin', { is_automatic: true, max_f_increase: 50 });
    expect(on.statusCode).toBe(200);
    const quick = await adaJob('Quick Clinic', '2027-06-07', '2027-06-08');
    const first = await offered(quick);
    const res = await call('POST', `/api/v1/offers/${first.id}/accept`, 'hal');
    expect(res.statusCode, res.body).toBe(200);
    const done = OfferAcceptedSchema.parse(res.json());
    expect(done.offer).toMatchObject({ status: 'approved', is_auto_approved: true });
    expect(done.offer.delta_f!).toBeLessThanOrEqual(50);
    expect(done.offer.run_id).not.toBeNull();
    expect(done.message).toMatch(/^Approved automatically/);
    expect(await leadOf(quick)).toEqual({ assigned_lead_id: hal.physicist, lead_pinned: true });
    expect(await notices('manager')).toContain(
      "Swap approved automatically: Hal Lead takes Ada Lead's lead slot on Quick Clinic, 7 Jun 2027 to 8 Jun 2027 (run #" +
        done.offer.run_id +
        ')',
    );
    // On, but the change costs more than allowed (Cy flies in from Los Angeles): a manager decides.
    expect(
      (await call('PUT', settingsUrl, 'admin', { is_automatic: true, max_f_increase: 0 }))
        .statusCode,
    ).toBe(200);
    const far = await adaJob('Far Clinic', '2027-06-14', '2027-06-15');
    const second = await offered(far);
    const cy = await t.app.services.users.create({
      username: 'cy1',
      email: 'cy1@example.org',
      password: 'cy1-password-1',
      role: 'regular',
    });
    await call('PUT', `/api/v1/admin/users/${cy.id}`, 'admin', { physicist_id: seeded.leads[2] });
    const cyToken = await t.login('cy1', 'cy1-password-1');
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${second.id}/accept`,
      headers: t.bearer(cyToken),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const waiting = OfferAcceptedSchema.parse(taken.json()).offer;
    expect(waiting.delta_f!).toBeGreaterThan(0);
    expect(waiting).toMatchObject({ status: 'accepted', is_auto_approved: false, run_id: null });
    expect((await leadOf(far)).assigned_lead_id).toBe(ada());
    // Off: even a free change waits.
    expect(
      (await call('PUT', settingsUrl, 'admin', { is_automatic: false, max_f_increase: 50 }))
        .statusCode,
    ).toBe(200);
    const third = await offered(await adaJob('Slow Clinic', '2027-06-21', '2027-06-22'));
    const res3 = await call('POST', `/api/v1/offers/${third.id}/accept`, 'hal');
    expect(OfferAcceptedSchema.parse(res3.json()).offer.status).toBe('accepted');
  });

  it('keeps leave requests working in the same inbox and routes', async () => {
    const res = await call('POST', '/api/v1/me/leave-requests', 'ben', {
      start: '2027-08-02',
      end: '2027-08-03',
    });
    expect(res.statusCode).toBe(201);
    const leaveId = res.json<{ id: number }>().id;
    const inbox = RequestInboxSchema.parse(
      (await call('GET', '/api/v1/requests', 'manager')).json(),
    );
    const kinds = new Set(inbox.items.map((i) => i.kind));
    expect(kinds).toEqual(new Set(['leave', 'swap']));
    expect(inbox.pending).toBe(inbox.items.filter((i) => i.status === 'pending').length);
    const pendingIds = inbox.items.filter((i) => i.status === 'pending').map((i) => i.id);
    expect(pendingIds).toEqual([...pendingIds].sort((a, b) => a - b));
    const declined = await call('POST', `/api/v1/requests/${leaveId}/decline`, 'manager', {
      reason: 'Busy month',
    });
    expect(declined.statusCode).toBe(200);
    expect(RequestDecisionSchema.parse(declined.json()).request).toMatchObject({
      kind: 'leave',
      status: 'declined',
    });
  });
});

async function ownSwap(start: string): Promise<Offer> {
  const own = MyOffersSchema.parse((await call('GET', '/api/v1/me/offers', 'regular')).json());
  return own.mine.find((o) => o.job.start === start && o.status === 'accepted')!;
}
