import {
  AppliedProposalSchema,
  LeaveRequestSchema,
  MyLeaveRequestsSchema,
  NotificationListSchema,
  ProposalSchema,
  RequestDecisionSchema,
  LeaveImpactSchema,
  RequestInboxSchema,
  UnavailabilityListSchema,
  WhatIfStreamMessageSchema,
  type LeaveRequest,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream, seedSchedule, type Seeded } from './tasks-fixture';

/**
 * Leave requests on the small seeded schedule, with a plan
 * set by hand so the impact has a known answer: Ada Lead (the regular
 * user's physicist) leads Mercy Hospital (Jan 4-5) and Harbor Health
 * (Jan 7-8); Ben Lead leads Lakeside Clinic (Jan 4-6) and Cy Lead Sunset
 * Imaging (Jan 5). Today is 2026-01-05 (TEST_TODAY).
 */
let t: TestApp;
let seeded: Seeded;
let other: { id: number; token: string };
const ada = () => seeded.leads[0]!;

type Caller = 'regular' | 'manager' | 'admin' | 'other' | 'none';
function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Caller, body?: unknown) {
  const token = who === 'none' ? null : who === 'other' ? other.token : t.tokens[who];
  return t.app.inject({
    method,
    url,
    headers: token === null ? {} : t.bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
const ask = (body: unknown, who: Caller = 'regular') =>
  call('POST', '/api/v1/me/leave-requests', who, body);
const asked = async (body: unknown): Promise<LeaveRequest> => {
  const res = await ask(body);
  expect(res.statusCode, res.body).toBe(201);
  return LeaveRequestSchema.parse(res.json());
};
const notices = async (who: Caller) =>
  NotificationListSchema.parse((await call('GET', '/api/v1/notifications', who)).json()).items.map(
    (n) => n.message,
  );

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSchedule(t);
  const [mercy, lakeside, sunset, , harbor] = seeded.jobs;
  const [a, b, c] = seeded.leads;
  const db = t.database.db;
  for (const [job, lead] of [
    [mercy, a],
    [harbor, a],
    [lakeside, b],
    [sunset, c],
  ] as const) {
    await db.updateTable('jobs').set({ assigned_lead_id: lead! }).where('id', '=', job!).execute();
  }
  const link = (userId: number, physicistId: number) =>
    call('PUT', `/api/v1/admin/users/${userId}`, 'admin', { physicist_id: physicistId });
  expect((await link(t.users.regular.id, a!)).statusCode).toBe(200);
  const created = await t.app.services.users.create({
    username: 'other1',
    email: 'other1@example.org',
    password: 'other-password-1',
    role: 'regular',
  });
  expect((await link(created.id, b!)).statusCode).toBe(200);
  other = { id: created.id, token: await t.login('other1', 'other-password-1') };
});
afterAll(async () => {
  await t.close();
});

describe('asking for leave', () => {
  it('refuses bad dates with a 400 naming the problem', async () => {
    const cases: [unknown, RegExp][] = [
      [{ start: '2027-01-08', end: '2027-01-04' }, /end.*end is before start/],
      [{ start: '08/01/2027', end: '2027-01-09' }, /start.*YYYY-MM-DD/],
      [{ start: '2027-02-30', end: '2027-03-02' }, /start.*not a real date/],
      [{ start: '2025-12-01', end: '2025-12-03' }, /start.*before today \(2026-01-05\)/],
      [{ start: '2026-02-01', end: '2027-03-01' }, /end.*longer than a year/],
      [{ start: '2029-01-01', end: '2029-01-02' }, /start.*more than two years after today/],
      [{ start: '2027-01-04', end: '2027-01-05', note: 'x'.repeat(1001) }, /note/],
      [{ start: '2027-01-04', end: '2027-01-05', status: 'approved' }, /status/],
    ];
    for (const [body, detail] of cases) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect(
      MyLeaveRequestsSchema.parse(
        (await call('GET', '/api/v1/me/leave-requests', 'regular')).json(),
      ),
    ).toEqual([]);
  });

  it('answers 409 to an account that is not linked to a physicist, 401 without a token', async () => {
    const res = await ask({ start: '2027-01-04', end: '2027-01-05' }, 'manager');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/not linked to a physicist/);
    expect((await ask({ start: '2027-01-04', end: '2027-01-05' }, 'none')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/me/leave-requests', 'manager')).json()).toEqual([]);
  });

  it('stores a pending request, lists it to its owner only, and refuses one on the same days', async () => {
    const mine = await asked({ start: '2027-01-11', end: '2027-01-12', note: '  Dentist  ' });
    expect(mine).toMatchObject({
      kind: 'leave',
      status: 'pending',
      physicist: { id: ada(), name: 'Ada Lead' },
      requested_by: 'regular1',
      start: '2027-01-11',
      end: '2027-01-12',
      days: 2,
      note: 'Dentist',
      decided_by: null,
      repair: null,
    });
    const list = MyLeaveRequestsSchema.parse(
      (await call('GET', '/api/v1/me/leave-requests', 'regular')).json(),
    );
    expect(list.map((r) => r.id)).toEqual([mine.id]);
    expect((await call('GET', '/api/v1/me/leave-requests', 'other')).json()).toEqual([]);
    const again = await ask({ start: '2027-01-12', end: '2027-01-20' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(
      new RegExp(`request ${mine.id}, 2027-01-11 to 2027-01-12, is pending`),
    );
  });

  it('withdraws a pending request of its owner; 404 for anyone else, 409 once withdrawn', async () => {
    const [mine] = MyLeaveRequestsSchema.parse(
      (await call('GET', '/api/v1/me/leave-requests', 'regular')).json(),
    );
    const url = `/api/v1/me/leave-requests/${mine!.id}/withdraw`;
    for (const who of ['other', 'manager', 'admin'] as const) {
      const res = await call('POST', url, who);
      expect(res.statusCode, who).toBe(404);
      expect(res.json<{ detail: string }>().detail).toBe(`Leave request ${mine!.id} not found`);
    }
    expect(
      (await call('POST', '/api/v1/me/leave-requests/999999/withdraw', 'regular')).statusCode,
    ).toBe(404);
    const withdrawn = await call('POST', url, 'regular');
    expect(withdrawn.statusCode).toBe(200);
    expect(LeaveRequestSchema.parse(withdrawn.json()).status).toBe('withdrawn');
    const twice = await call('POST', url, 'regular');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toMatch(/already withdrawn/);
    // Withdrawn days may be asked for again.
    const anew = await asked({ start: '2027-01-11', end: '2027-01-12' });
    expect(
      (await call('POST', `/api/v1/me/leave-requests/${anew.id}/withdraw`, 'regular')).statusCode,
    ).toBe(200);
  });
});

describe("the managers' inbox", () => {
  it('is for admins and managers only, pending first with the pending count', async () => {
    const pending = await asked({ start: '2027-02-01', end: '2027-02-02', note: 'Course' });
    expect((await call('GET', '/api/v1/requests', 'regular')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/requests', 'none')).statusCode).toBe(401);
    for (const who of ['manager', 'admin'] as const) {
      const res = await call('GET', '/api/v1/requests', who);
      expect(res.statusCode).toBe(200);
      const inbox = RequestInboxSchema.parse(res.json());
      expect(inbox.pending).toBe(1);
      expect(inbox.items[0]).toMatchObject({ id: pending.id, status: 'pending', note: 'Course' });
      expect(inbox.items.slice(1).every((i) => i.status !== 'pending')).toBe(true);
      expect(inbox.items.length).toBe(3);
    }
  });

  it("shows a request's impact: the jobs it hits and who could cover each slot", async () => {
    const req = await asked({ start: '2027-01-04', end: '2027-01-08', note: 'Family' });
    expect((await call('GET', `/api/v1/requests/${req.id}/impact`, 'regular')).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/v1/requests/999999/impact', 'manager')).statusCode).toBe(404);
    const res = await call('GET', `/api/v1/requests/${req.id}/impact`, 'manager');
    expect(res.statusCode, res.body).toBe(200);
    const impact = LeaveImpactSchema.parse(res.json());
    const [mercy, , , , harbor] = seeded.jobs;
    // Mercy (Jan 4-5): Ben leads Lakeside Jan 4-6 and Cy Sunset Jan 5, so no lead is free.
    // Harbor (Jan 7-8, Seattle): both are free; Cy (Los Angeles) is nearer than Ben (Chicago).
    expect(
      impact.slots.map((s) => [s.job_id, s.slot, s.coverable, s.candidates.map((c) => c.name)]),
    ).toEqual([
      [mercy, 'lead', false, []],
      [harbor, 'lead', true, ['Cy Lead', 'Ben Lead']],
    ]);
    expect(impact.uncovered).toBe(1);
    expect(impact.slots[1]).toMatchObject({ customer: 'Harbor Health', phase: 'draft' });
    // A request on days without jobs hits nothing.
    const quiet = LeaveImpactSchema.parse(
      (
        await call('GET', `/api/v1/requests/${await pendingId('2027-02-01')}/impact`, 'manager')
      ).json(),
    );
    expect(quiet).toEqual({
      kind: 'leave',
      request_id: await pendingId('2027-02-01'),
      slots: [],
      uncovered: 0,
    });
  });
});

async function pendingId(start: string): Promise<number> {
  const inbox = RequestInboxSchema.parse((await call('GET', '/api/v1/requests', 'manager')).json());
  return inbox.items.find((i) => i.kind === 'leave' && i.status === 'pending' && i.start === start)!
    .id;
}

describe('deciding', () => {
  it('declines with a reason the asker is told; deciding twice is a 409', async () => {
    const id = await pendingId('2027-02-01');
    const url = `/api/v1/requests/${id}/decline`;
    expect((await call('POST', url, 'regular', { reason: 'No' })).statusCode).toBe(403);
    const blank = await call('POST', url, 'manager', { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ detail: string }>().detail).toMatch(/reason.*reason for declining/);
    const res = await call('POST', url, 'manager', { reason: 'The audit is that week' });
    expect(res.statusCode, res.body).toBe(200);
    const decided = RequestDecisionSchema.parse(res.json());
    expect(decided.request).toMatchObject({
      status: 'declined',
      decided_by: 'manager1',
      reason: 'The audit is that week',
      repair: null,
    });
    expect(await notices('regular')).toContain(
      'Your leave request for 1 Feb 2027 to 2 Feb 2027 was declined by manager1: The audit is that week',
    );
    expect(await notices('other')).toEqual([]);
    for (const action of ['decline', 'approve'] as const) {
      const again = await call('POST', `/api/v1/requests/${id}/${action}`, 'admin', {
        reason: 'x',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ detail: string }>().detail).toBe(
        `Request ${id} was already declined by manager1; only a pending request can be decided`,
      );
    }
    expect(
      (await call('POST', '/api/v1/requests/999999/decline', 'manager', { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('decides nothing when the repair cannot be queued (the caller has a what-if working)', async () => {
    const id = await pendingId('2027-01-04');
    const db = t.database.db;
    await db
      .insertInto('tasks')
      .values({
        id: 'held-what-if',
        type: 'what_if',
        name: 'What if someone is out',
        status: 'running',
        created_by: t.users.manager.id,
        weights: JSON.stringify({}),
        seed: 1,
        time_limit_ms: 60_000,
        estimated_total_time: null,
        results: null,
        algorithm: null,
        algorithms: null,
        heartbeat_at: new Date(),
      })
      .execute();
    try {
      const res = await call('POST', `/api/v1/requests/${id}/approve`, 'manager', {});
      expect(res.statusCode).toBe(429);
      expect(res.json<{ detail: string }>().detail).toMatch(/already have a what-if/);
    } finally {
      await db
        .updateTable('tasks')
        .set({ status: 'cancelled' })
        .where('id', '=', 'held-what-if')
        .execute();
    }
    const inbox = RequestInboxSchema.parse(
      (await call('GET', '/api/v1/requests', 'manager')).json(),
    );
    expect(inbox.items.find((i) => i.id === id)).toMatchObject({ status: 'pending', repair: null });
    const leave = UnavailabilityListSchema.parse(
      (await call('GET', '/api/v1/availability/', 'manager')).json(),
    );
    expect(leave.filter((r) => r.physicist_name === 'Ada Lead')).toEqual([]);
    expect((await notices('regular')).filter((m) => m.includes('approved'))).toEqual([]);
  });

  it('approves: records the leave, tells the asker, and prepares the repair as a what-if proposal', async () => {
    const id = await pendingId('2027-01-04');
    const url = `/api/v1/requests/${id}/approve`;
    expect((await call('POST', url, 'regular', {})).statusCode).toBe(403);
    const res = await call('POST', url, 'manager', { reason: 'Enjoy' });
    expect(res.statusCode, res.body).toBe(200);
    const decided = RequestDecisionSchema.parse(res.json());
    const request = LeaveRequestSchema.parse(decided.request);
    const { message } = decided;
    expect(request).toMatchObject({ status: 'approved', decided_by: 'manager1', reason: 'Enjoy' });
    expect(message).toMatch(/^Approved: Ada Lead's leave 4 Jan 2027 to 8 Jan 2027 is recorded/);
    expect(request.repair).not.toBeNull();

    // The leave is an unavailability record like any other.
    const leave = UnavailabilityListSchema.parse(
      (await call('GET', '/api/v1/availability/', 'manager')).json(),
    );
    expect(leave.filter((r) => r.physicist_name === 'Ada Lead')).toMatchObject([
      { start_date: '2027-01-04', end_date: '2027-01-08' },
    ]);
    expect(await notices('regular')).toContain(
      'Your leave 4 Jan 2027 to 8 Jan 2027 was approved by manager1: Enjoy',
    );

    // The what-if follows its stream to a proposal: Harbor goes to Cy or Ben, Mercy stays unfilled.
    const { events } = await readStream(
      t,
      `/api/v1/optimize/what-if/stream/${request.repair!.task_id}`,
    );
    const last = WhatIfStreamMessageSchema.parse(events.at(-1)!.data);
    expect(last).toMatchObject({ type: 'complete', proposal_id: request.repair!.proposal_id });
    const proposal = ProposalSchema.parse(
      (await call('GET', `/api/v1/proposals/${request.repair!.proposal_id}`, 'manager')).json(),
    );
    const [mercy, , , , harbor] = seeded.jobs;
    expect(proposal.absence).toMatchObject({
      physicist_id: ada(),
      start: '2027-01-04',
      end: '2027-01-08',
    });
    const leadChanges = proposal.changes.filter((c) => c.slot === 'lead');
    expect(leadChanges.map((c) => [c.job_id, c.before])).toEqual([
      [mercy, ada()],
      [harbor, ada()],
    ]);
    expect(leadChanges.find((c) => c.job_id === harbor)!.after).not.toBeNull();
    expect(proposal.unfilled).toContainEqual({ job_id: mercy, slot: 'lead' });
    const inbox = RequestInboxSchema.parse(
      (await call('GET', '/api/v1/requests', 'manager')).json(),
    );
    expect(LeaveRequestSchema.parse(inbox.items.find((i) => i.id === id)).repair).toMatchObject({
      proposal_status: 'ready',
    });

    // The manager applies it: Ada no longer holds a job in her leave.
    const applied = await call('POST', `/api/v1/proposals/${proposal.id}/apply`, 'manager');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(AppliedProposalSchema.parse(applied.json()).recorded_leave).toEqual([]);
    const held = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('assigned_lead_id', '=', ada())
      .where('start_date', '<=', '2027-01-08')
      .where('end_date', '>=', '2027-01-04')
      .execute();
    expect(held).toEqual([]);
    // The asker hears who has their jobs now, though none of them was published.
    expect(await notices('regular')).toContainEqual(
      expect.stringMatching(
        /^Your leave 4 Jan 2027 to 8 Jan 2027 is covered: Mercy Hospital \(lead\) is left open for now; Harbor Health \(lead\) goes to (Ben|Cy) Lead\.$/,
      ),
    );
    const mine = MyLeaveRequestsSchema.parse(
      (await call('GET', '/api/v1/me/leave-requests', 'regular')).json(),
    );
    expect(mine.find((r) => r.id === id)).toMatchObject({
      status: 'approved',
      repair: { proposal_status: 'applied' },
    });

    const twice = await call('POST', url, 'admin', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toMatch(/already approved by manager1/);
    // Approved days are not asked for twice; withdrawing an approved request is refused.
    expect((await ask({ start: '2027-01-08', end: '2027-01-09' })).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/v1/me/leave-requests/${id}/withdraw`, 'regular')).statusCode,
    ).toBe(409);
  });
});
