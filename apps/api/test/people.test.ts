import type { JobRecord, MySchedule, NotificationList } from '@meridian/contracts';
import type { Kit, Physicist, User } from '@meridian/domain';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKit, addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// Accounts linked to physicists, /me/schedule, the
// calendar feed and notifications, through the API on a fresh database.

let t: TestApp;
let lead: Physicist;
let acq: Physicist;
let other: Physicist;
let kit: Kit;
let jobs: Record<'early' | 'late' | 'elsewhere', JobRecord>;

const jobNamed = async (customer: string) =>
  (await listJobs(t)).find((j) => j.customer === customer)!;

async function assign(job: JobRecord, role: 'lead' | 'data_acq', person: Physicist | null) {
  const res = await call(t, 'POST', '/api/v1/assignments/manual', {
    job_id: job.id,
    role,
    physicist_id: person?.id ?? null,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const link = (userId: number, physicistId: number | null) =>
  call(t, 'PUT', `/api/v1/admin/users/${userId}`, { physicist_id: physicistId }, 'admin');

beforeAll(async () => {
  t = await createTestApp();
  lead = await addPhysicist(t, 'Regular One', 'lead', '10001');
  acq = await addPhysicist(t, 'Ada Acq', 'dataacq', '19104');
  other = await addPhysicist(t, 'Otto Other', 'lead', '94105');
  kit = await addKit(t, 'Kit Blue', '10001');
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,Late Clinic,02115,2027-05-10,2027-05-12,,',
      'job,Early Clinic,11201,2027-05-03,2027-05-04,,',
      'job,Elsewhere Clinic,60601,2027-05-03,2027-05-03,,',
    ].join('\n'),
  );
  jobs = {
    early: await jobNamed('Early Clinic'),
    late: await jobNamed('Late Clinic'),
    elsewhere: await jobNamed('Elsewhere Clinic'),
  };
  await assign(jobs.early, 'lead', lead);
  await assign(jobs.early, 'data_acq', acq);
  await assign(jobs.late, 'lead', lead);
  await assign(jobs.elsewhere, 'lead', other);
  const kitRes = await call(t, 'POST', '/api/v1/kits/manual_override', {
    job_id: jobs.early.id,
    kit_id: kit.id,
  });
  expect(kitRes.statusCode, kitRes.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('linking accounts to physicists', () => {
  it('links, shows the link in the user list, refuses a taken or unknown physicist, and unlinks', async () => {
    const linked = await link(t.users.regular.id, lead.id);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<User>().physicist_id).toBe(lead.id);
    const list = (await call(t, 'GET', '/api/v1/admin/users', undefined, 'admin')).json<User[]>();
    expect(list.find((u) => u.id === t.users.regular.id)?.physicist_id).toBe(lead.id);
    expect(list.find((u) => u.id === t.users.manager.id)?.physicist_id).toBeNull();

    const taken = await link(t.users.manager.id, lead.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ detail: string }>().detail).toContain(
      "already linked to the account 'regular1'",
    );
    const unknown = await link(t.users.manager.id, 999999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ detail: string }>().detail).toBe('No physicist with id 999999');

    const unlinked = await link(t.users.manager.id, null);
    expect(unlinked.json<User>().physicist_id).toBeNull();
    // Linking keeps the user's session (only role and password changes end it).
    const me = await call(t, 'GET', '/api/v1/me/schedule', undefined, 'regular');
    expect(me.statusCode).toBe(200);
  });

  it('offers a registration whose name matches an unlinked physicist as a link to confirm', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'otto.other', email: 'oo@example.org', password: 'otto-password-1' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const res = await call(t, 'GET', '/api/v1/admin/users/link-suggestions', undefined, 'admin');
    const users = (await call(t, 'GET', '/api/v1/admin/users', undefined, 'admin')).json<User[]>();
    const otto = users.find((u) => u.username === 'otto.other')!;
    expect(res.json()).toEqual([
      {
        user_id: otto.id,
        physicist_id: other.id,
        physicist_name: 'Otto Other',
        matched_on: 'name',
      },
    ]);
    // Confirmed: the suggestion goes away.
    expect((await link(otto.id, other.id)).statusCode).toBe(200);
    const after = await call(t, 'GET', '/api/v1/admin/users/link-suggestions', undefined, 'admin');
    expect(after.json()).toEqual([]);
  });
});

describe('GET /api/v1/me/schedule', () => {
  it("answers the linked user's own assignments in date order, with slot, partner, kit and miles", async () => {
    const res = await call(t, 'GET', '/api/v1/me/schedule', undefined, 'regular');
    const body = res.json<MySchedule>();
    expect(body.physicist).toEqual({ id: lead.id, name: 'Regular One' });
    expect(body.entries.map((e) => [e.customer, e.start, e.end, e.slot])).toEqual([
      ['Early Clinic', '2027-05-03', '2027-05-04', 'lead'],
      ['Late Clinic', '2027-05-10', '2027-05-12', 'lead'],
    ]);
    const early = body.entries[0]!;
    expect(early).toMatchObject({
      job_id: jobs.early.id,
      zip_code: '11201',
      partner: 'Ada Acq',
      kit: 'Kit Blue',
    });
    // Manhattan (10001) to Brooklyn (11201): a few miles.
    expect(early.miles_from_home).toBeGreaterThan(1);
    expect(early.miles_from_home).toBeLessThan(10);
    expect(body.entries[1]).toMatchObject({ partner: null, kit: null });
  });

  it('answers an empty list, not an error, for an unlinked user', async () => {
    const res = await call(t, 'GET', '/api/v1/me/schedule', undefined, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ physicist: null, entries: [] });
  });
});

/** Fetches a feed URL without any token; the parsed VEVENTs, or the status. */
async function fetchFeed(url: string) {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  if (res.statusCode !== 200) return { status: res.statusCode, events: [], type: '' };
  const calendar = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  return { status: 200, events, type: String(res.headers['content-type']) };
}

describe('calendar feed', () => {
  it('refuses a feed to an unlinked account', async () => {
    const res = await call(t, 'POST', '/api/v1/me/calendar', undefined, 'manager');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toContain('not linked to a physicist');
  });

  it('serves one all-day event per assignment, follows edits with a stable UID, and dies when rotated or revoked', async () => {
    const created = await call(t, 'POST', '/api/v1/me/calendar', undefined, 'regular');
    expect(created.statusCode).toBe(200);
    const { url } = created.json<{ url: string }>();
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Shown again while it lives (re-derived, never stored: see the test below).
    expect((await call(t, 'GET', '/api/v1/me/calendar', undefined, 'regular')).json()).toEqual({
      active: true,
      url,
    });

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(feed.events).toHaveLength(2);
    const early = feed.events.find((e) => e.summary.startsWith('Early Clinic'))!;
    // Nothing is published yet: the job may still move, and the feed says so.
    expect(early.summary).toBe('Early Clinic (Lead), tentative');
    expect(early.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(early.startDate.isDate).toBe(true);
    expect(early.startDate.toString()).toBe('2027-05-03');
    // The job ends on the 4th, so the exclusive end is the 5th.
    expect(early.endDate.toString()).toBe('2027-05-05');
    expect(early.location).toContain('11201');
    expect(early.description).toContain('Partner: Ada Acq');
    expect(early.description).toContain('Kit: Kit Blue');

    // A date edit shows at once under the same UID.
    const job = await jobNamed('Early Clinic');
    const moved = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, {
      ...job,
      start: '2027-05-05',
      end: '2027-05-06',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = (await fetchFeed(url)).events.find((e) => e.uid === early.uid)!;
    expect(again.startDate.toString()).toBe('2027-05-05');
    expect(again.endDate.toString()).toBe('2027-05-07');

    const rotated = (await call(t, 'POST', '/api/v1/me/calendar', undefined, 'regular')).json<{
      url: string;
    }>().url;
    expect(rotated).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(rotated)).events).toHaveLength(2);

    expect((await call(t, 'DELETE', '/api/v1/me/calendar', undefined, 'regular')).statusCode).toBe(
      204,
    );
    expect((await fetchFeed(rotated)).status).toBe(404);
    expect((await call(t, 'GET', '/api/v1/me/calendar', undefined, 'regular')).json()).toEqual({
      active: false,
      url: null,
    });
  });

  it('stores only a seed and the hash of the secret, never the secret', async () => {
    const { url } = (await call(t, 'POST', '/api/v1/me/calendar', undefined, 'regular')).json<{
      url: string;
    }>();
    const secret = /\/([^/]+)\.ics$/.exec(url)![1]!;
    const rows = await t.database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.seed).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(secret);
    }
  });
});

const myNotifications = (as: 'regular' | 'manager' | 'admin') =>
  call(t, 'GET', '/api/v1/notifications', undefined, as).then((r) => r.json<NotificationList>());

describe('notifications', () => {
  it('tells linked users what changed since their last notice, and only them', async () => {
    const first = await call(t, 'POST', '/api/v1/notifications/notify-affected');
    // Both linked users count from their link: Regular One's Early Clinic moved
    // since (the calendar test), Otto Other's jobs did not, and nobody hears
    // of jobs they already had when linked.
    expect(first.json()).toEqual({ notified: 1 });
    const told = await myNotifications('regular');
    expect(told.unread).toBe(1);
    expect(told.items[0]!.message).toBe(
      'Your schedule changed (1 change): Changed: Early Clinic (lead): dates 2027-05-03 to 2027-05-04 -> 2027-05-05 to 2027-05-06.',
    );
    expect((await myNotifications('manager')).items).toEqual([]);

    // Nothing changed since: nobody is told again.
    expect((await call(t, 'POST', '/api/v1/notifications/notify-affected')).json()).toEqual({
      notified: 0,
    });

    await assign(jobs.late, 'data_acq', acq);
    const second = await call(t, 'POST', '/api/v1/notifications/notify-affected');
    expect(second.json()).toEqual({ notified: 1 });
    const now = await myNotifications('regular');
    expect(now.unread).toBe(2);
    expect(now.items[0]!.message).toBe(
      'Your schedule changed (1 change): Changed: Late Clinic (lead): partner nobody -> Ada Acq.',
    );
  });

  it('starts a newly linked account from its schedule at the link, and forgets it on unlink', async () => {
    const baselineOf = async (userId: number) =>
      (
        await t.database.db
          .selectFrom('schedule_notices')
          .select('snapshot')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.snapshot;
    const manager = t.users.manager.id;
    expect((await link(manager, acq.id)).statusCode).toBe(200);
    // Ada Acq already had Early and Late Clinic: they are the baseline, not news.
    expect(Object.keys((await baselineOf(manager)) as object).sort()).toEqual(
      [`${jobs.early.id}:data_acq`, `${jobs.late.id}:data_acq`].sort(),
    );
    await assign(jobs.elsewhere, 'data_acq', acq);
    // The manager (new job) and Otto Other (Elsewhere Clinic's lead: a new partner).
    expect((await call(t, 'POST', '/api/v1/notifications/notify-affected')).json()).toEqual({
      notified: 2,
    });
    const told = (await myNotifications('manager')).items;
    expect(told.map((n) => n.message)).toEqual([
      'Your schedule changed (1 change): New: Elsewhere Clinic (data acquisition), 2027-05-03.',
    ]);

    // Unlinked: the baseline goes, and a later link starts from that moment.
    expect((await link(manager, null)).statusCode).toBe(200);
    expect(await baselineOf(manager)).toBeUndefined();
    await assign(jobs.elsewhere, 'data_acq', null);
    expect((await link(manager, acq.id)).statusCode).toBe(200);
    expect(Object.keys((await baselineOf(manager)) as object)).toHaveLength(2);
    // Only Otto Other hears (his partner left); the relinked manager is not told of the removal.
    expect((await call(t, 'POST', '/api/v1/notifications/notify-affected')).json()).toEqual({
      notified: 1,
    });
    expect((await myNotifications('manager')).items).toHaveLength(1);

    // An account linked before links kept a baseline gets one on the next
    // run, silently, and hears of changes from then on.
    await t.database.db.deleteFrom('schedule_notices').where('user_id', '=', manager).execute();
    expect((await call(t, 'POST', '/api/v1/notifications/notify-affected')).json()).toEqual({
      notified: 0,
    });
    expect(await baselineOf(manager)).toBeDefined();
    expect((await myNotifications('manager')).items).toHaveLength(1);
    expect((await link(manager, null)).statusCode).toBe(200);
  });

  it('sends one message to every linked user, newest first, each reading only their own', async () => {
    const res = await call(t, 'POST', '/api/v1/notifications/notify-all', {
      message: 'Office closed Friday',
    });
    expect(res.json()).toEqual({ notified: 2 });
    const mine = await myNotifications('regular');
    expect(mine.items[0]!.message).toBe('Office closed Friday');
    expect(mine.items.map((n) => n.id)).toEqual(
      [...mine.items.map((n) => n.id)].sort((a, b) => b - a),
    );
    expect(mine.items[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // Another user's notification is 404 to me, and stays unread.
    const otto = await t.login('otto.other', 'otto-password-1');
    const ottos = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: t.bearer(otto) })
    ).json<NotificationList>();
    expect(ottos.items.map((n) => n.id)).not.toContain(mine.items[1]!.id);
    const foreign = await call(
      t,
      'POST',
      `/api/v1/notifications/${ottos.items[0]!.id}/read`,
      undefined,
      'regular',
    );
    expect(foreign.statusCode).toBe(404);

    const read = await call(
      t,
      'POST',
      `/api/v1/notifications/${mine.items[0]!.id}/read`,
      undefined,
      'regular',
    );
    expect(read.statusCode).toBe(204);
    const after = await myNotifications('regular');
    expect(after.unread).toBe(mine.unread - 1);
    expect(after.items[0]!.read).toBe(true);
    const ottoAfter = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: t.bearer(otto) })
    ).json<NotificationList>();
    expect(ottoAfter.unread).toBe(ottos.unread);
  });

  it("tells only a job's people about that job when a row's notice names it", async () => {
    const otto = await t.login('otto.other', 'otto-password-1');
    const ottos = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: t.bearer(otto) })
      ).json<NotificationList>().items;
    const notify = async (jobId?: number) =>
      (
        await call(
          t,
          'POST',
          `/api/v1/notifications/notify-affected${jobId === undefined ? '' : `?job_id=${jobId}`}`,
        )
      ).json<{ notified: number }>();
    const regularBefore = (await myNotifications('regular')).items.length;
    await assign(jobs.late, 'data_acq', null); // Regular One's Late Clinic
    await assign(jobs.elsewhere, 'data_acq', acq); // Otto Other's Elsewhere Clinic

    expect(await notify(jobs.elsewhere.id)).toEqual({ notified: 1 });
    expect((await ottos())[0]!.message).toBe(
      'Your schedule changed (1 change): Changed: Elsewhere Clinic (lead): partner nobody -> Ada Acq.',
    );
    expect((await myNotifications('regular')).items).toHaveLength(regularBefore);
    expect(await notify(jobs.elsewhere.id)).toEqual({ notified: 0 });

    // Regular One still hears of Late Clinic, from its own row; then the toolbar has nothing left.
    expect(await notify(jobs.late.id)).toEqual({ notified: 1 });
    expect((await myNotifications('regular')).items[0]!.message).toBe(
      'Your schedule changed (1 change): Changed: Late Clinic (lead): partner Ada Acq -> nobody.',
    );
    expect(await notify()).toEqual({ notified: 0 });
    expect(
      (await call(t, 'POST', '/api/v1/notifications/notify-affected?job_id=x')).statusCode,
    ).toBe(400);
  });

  it('unlinks an account when its physicist is deleted', async () => {
    const res = await call(t, 'DELETE', `/api/v1/physicists/${other.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const users = (await call(t, 'GET', '/api/v1/admin/users', undefined, 'admin')).json<User[]>();
    expect(users.find((u) => u.username === 'otto.other')?.physicist_id).toBeNull();
  });
});
