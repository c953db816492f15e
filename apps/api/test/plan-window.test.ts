import type { JobRecord, MySchedule, NotificationList, PublishPreview } from '@meridian/contracts';
import type { Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhysicist, call, listJobs, linkRegular, uploadSchedule } from './scheduling-fixtures';
import {
  createSecondNode,
  createTestApp,
  TEST_TODAY,
  type SecondNode,
  type TestApp,
} from './support/test-app';

// The planning window: today in ORG_TIMEZONE, publishing the plan
// through a date, each job's phase, and the notices a publish sends.

let t: TestApp;
let lead: Physicist;

const byCustomer = async (customer: string): Promise<JobRecord> =>
  (await listJobs(t)).find((j) => j.customer === customer)!;
const notificationsOf = async (as: 'regular' | 'manager') =>
  (await call(t, 'GET', '/api/v1/notifications', undefined, as)).json<NotificationList>();

beforeAll(async () => {
  t = await createTestApp();
  lead = await addPhysicist(t, 'Regular One', 'lead', '10001');
  // TEST_TODAY is 2026-01-05: one job has started, two are to come.
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,Last Week Clinic,02115,2025-12-29,2025-12-30,,',
      'job,Next Week Clinic,11201,2026-01-12,2026-01-13,,',
      'job,March Clinic,60601,2026-03-02,2026-03-03,,',
    ].join('\n'),
  );
  for (const customer of ['Last Week Clinic', 'Next Week Clinic', 'March Clinic']) {
    const job = await byCustomer(customer);
    const res = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: job.id,
      role: 'lead',
      physicist_id: lead.id,
      // Last Week Clinic has started: its record is corrected, with a reason.
      ...(customer === 'Last Week Clinic' ? { reason: 'Led it, not recorded' } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await linkRegular(t, lead.id);
});

afterAll(async () => {
  await t.close();
});

describe('the planning window', () => {
  it('answers today and no published date to anyone signed in', async () => {
    const res = await call(t, 'GET', '/api/v1/plan/window', undefined, 'regular');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ today: TEST_TODAY, published_through: null });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/plan/window' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives every job its phase in the job list and the assignments', async () => {
    const phases = Object.fromEntries((await listJobs(t)).map((j) => [j.customer, j.phase]));
    expect(phases).toEqual({
      'Last Week Clinic': 'past',
      'Next Week Clinic': 'draft',
      'March Clinic': 'draft',
    });
    const assignments = await call(t, 'GET', '/api/v1/assignments/', undefined, 'regular');
    expect(
      assignments
        .json<JobRecord[]>()
        .map((j) => j.phase)
        .sort(),
    ).toEqual(['draft', 'draft', 'past']);
  });

  it('lets only managers publish, and refuses a date in the past', async () => {
    const body = { through: '2026-01-31' };
    expect((await call(t, 'POST', '/api/v1/plan/publish', body, 'regular')).statusCode).toBe(403);
    const past = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-01-04' });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ detail: string }>().detail).toContain('before today (2026-01-05)');
    const bad = await call(t, 'POST', '/api/v1/plan/publish', { through: 'next friday' });
    expect(bad.statusCode).toBe(400);
  });

  it('previews a publish without storing or sending anything', async () => {
    const before = (await notificationsOf('regular')).items.length;
    const res = await call(t, 'GET', '/api/v1/plan/publish-preview?through=2026-01-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublishPreview>()).toEqual({
      through: '2026-01-31',
      people_to_tell: 1,
      jobs_newly_published: 1,
    });
    expect((await notificationsOf('regular')).items.length).toBe(before);
    expect(
      (await call(t, 'GET', '/api/v1/plan/window', undefined, 'regular')).json(),
    ).toMatchObject({ published_through: null });
  });

  it('publishes, moves the phases, and tells the physicist of their newly published job once', async () => {
    const etag = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/jobs/',
        headers: t.bearer(t.tokens.manager),
      })
    ).headers.etag;
    const res = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ published_through: '2026-01-31', notified: 1 });
    expect((await byCustomer('Next Week Clinic')).phase).toBe('published');
    expect((await byCustomer('March Clinic')).phase).toBe('draft');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/',
      headers: { ...t.bearer(t.tokens.manager), 'if-none-match': String(etag) },
    });
    expect(after.statusCode).toBe(200);
    const [notice] = (await notificationsOf('regular')).items;
    expect(notice?.message).toMatch(/^Your confirmed schedule through 31 Jan 2026 \(1 change\)/);
    expect(notice?.message).toContain('New: Next Week Clinic (lead), 2026-01-12 to 2026-01-13');
    expect(notice?.message).not.toContain('March Clinic');
    expect(notice?.message).not.toContain('Last Week Clinic');
    // Publishing further with nothing new in between tells nobody again of Next Week Clinic.
    const again = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-02-15' });
    expect(again.json()).toEqual({ published_through: '2026-02-15', notified: 0 });
  });

  it('shows published jobs as confirmed and draft ones as tentative, in My schedule and the feed', async () => {
    const mine = await call(t, 'GET', '/api/v1/me/schedule', undefined, 'regular');
    const phases = Object.fromEntries(
      mine.json<MySchedule>().entries.map((e) => [e.customer, e.phase]),
    );
    expect(phases).toEqual({
      'Last Week Clinic': 'past',
      'Next Week Clinic': 'published',
      'March Clinic': 'draft',
    });
    const feed = await call(t, 'POST', '/api/v1/me/calendar', undefined, 'regular');
    const path = new URL(feed.json<{ url: string }>().url).pathname;
    const ics = (await t.app.inject({ method: 'GET', url: path })).body;
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const statusOf = (customer: string) =>
      /STATUS:(\w+)/.exec(events.find((e) => e.includes(customer))!)?.[1];
    expect(statusOf('Next Week Clinic')).toBe('CONFIRMED');
    expect(statusOf('Last Week Clinic')).toBe('CONFIRMED');
    expect(statusOf('March Clinic')).toBe('TENTATIVE');
  });

  it('never moves the published date back', async () => {
    const res = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-02-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      'The plan is already published through 2026-02-15; publishing only moves forward',
    );
  });
});

describe("today in the organisation's time zone", () => {
  it('is the date in ORG_TIMEZONE at the clock, not the server time zone', async () => {
    // 03:30 UTC on 10 March is still the evening of 9 March in Chicago.
    const instant = new Date('2026-03-10T03:30:00Z');
    // Apps with these settings and clocks on this file's database: "today" is configuration and
    // the clock, not data, so they need no database of their own.
    const chicago = await createSecondNode(t, { config: { planToday: null }, now: () => instant });
    const tokyo = await createSecondNode(t, {
      config: { planToday: null, orgTimeZone: 'Asia/Tokyo' },
      now: () => instant,
    });
    try {
      const read = async (node: SecondNode) =>
        (
          await node.app.inject({
            method: 'GET',
            url: '/api/v1/plan/window',
            headers: t.bearer(t.tokens.regular),
          })
        ).json<{ today: string }>().today;
      expect(await read(chicago)).toBe('2026-03-09');
      expect(await read(tokyo)).toBe('2026-03-10');
    } finally {
      await chicago.close();
      await tokyo.close();
    }
  });
});
