import {
  PreferencesListSchema,
  PreferencesSchema,
  type AssignmentExplanation,
  type JobRecord,
  type Preferences,
  type RunDetail,
} from '@meridian/contracts';
import type { Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerApi, newestRun } from './runs-fixture';
import { addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream } from './tasks-fixture';

// A linked physicist states the days they would rather not
// work; managers read them; every run pays the preference weight per job
// day on one, and the fingerprint, explanation and summary say so.
// TEST_TODAY is 2026-01-05; 2026-03-02 is a Monday.

let t: TestApp;
let near: Physicist;
let far: Physicist;

const put = (body: unknown, as: 'regular' | 'manager' = 'regular') =>
  call(t, 'PUT', '/api/v1/me/preferences', body as object, as);
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;

async function optimise(): Promise<RunDetail> {
  const res = await managerApi(t)(
    'POST',
    '/api/v1/optimize/assign?algorithm=ils&max_iterations=500',
  );
  expect(res.statusCode, res.body).toBe(202);
  const { events } = await readStream(
    t,
    `/api/v1/optimize/stream/${res.json<{ task_id: string }>().task_id}`,
  );
  expect(events.at(-1)!.data).toMatchObject({ type: 'complete' });
  return newestRun(t);
}

const clinic = async (): Promise<JobRecord> =>
  (await listJobs(t)).find((j) => j.customer === 'Monday Clinic')!;

beforeAll(async () => {
  t = await createTestApp();
  // Boston's pair lives next to the job; the New York lead is about 190 miles away.
  near = await addPhysicist(t, 'Alice Near', 'lead', '02115');
  far = await addPhysicist(t, 'Far Lead', 'lead', '10001');
  await addPhysicist(t, 'Near Acq', 'dataacq', '02115');
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,Monday Clinic,02115,2026-03-02,2026-03-03,,',
    ].join('\n'),
  );
  const link = await call(
    t,
    'PUT',
    `/api/v1/admin/users/${t.users.regular.id}`,
    { physicist_id: near.id },
    'admin',
  );
  expect(link.statusCode, link.body).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('one’s own preferences', () => {
  it('refuses an account that is not linked to a physicist with 409, reading or writing', async () => {
    const read = await call(t, 'GET', '/api/v1/me/preferences', undefined, 'manager');
    expect(read.statusCode).toBe(409);
    expect(detail(read)).toContain('not linked to a physicist');
    const write = await put({ avoid_dates: [], avoid_weekdays: [] }, 'manager');
    expect(write.statusCode).toBe(409);
  });

  it('starts empty, stores a set (sorted, duplicates dropped) and reads it back', async () => {
    const empty = await call(t, 'GET', '/api/v1/me/preferences', undefined, 'regular');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({
      physicist_id: near.id,
      physicist_name: 'Alice Near',
      avoid_dates: [],
      avoid_weekdays: [],
    });
    const saved = await put({
      avoid_dates: ['2026-07-04', '2026-03-03', '2026-07-04'],
      avoid_weekdays: [7, 1, 7],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: Preferences = {
      physicist_id: near.id,
      physicist_name: 'Alice Near',
      avoid_dates: ['2026-03-03', '2026-07-04'],
      avoid_weekdays: [1, 7],
    };
    expect(PreferencesSchema.parse(saved.json())).toEqual(expected);
    const read = await call(t, 'GET', '/api/v1/me/preferences', undefined, 'regular');
    expect(read.json()).toEqual(expected);
  });

  it.each([
    [{ avoid_dates: ['2026-02-30'], avoid_weekdays: [] }, "'avoid_dates.0'", 'real calendar date'],
    [{ avoid_dates: ['3 March'], avoid_weekdays: [] }, "'avoid_dates.0'", 'YYYY-MM-DD'],
    [{ avoid_dates: [], avoid_weekdays: [8] }, "'avoid_weekdays.0'", '1 (Monday) to 7 (Sunday)'],
    [{ avoid_dates: [], avoid_weekdays: [1.5] }, "'avoid_weekdays.0'", 'weekday number'],
    [{ avoid_dates: [] }, "'avoid_weekdays'", ''],
    [{ avoid_dates: [], avoid_weekdays: [], note: 'x' }, '', 'note'],
    [{ avoid_dates: '2026-03-03', avoid_weekdays: [] }, "'avoid_dates'", ''],
  ])('refuses %j with 400 naming the field (%s)', async (body, field, words) => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(detail(res)).toContain(field);
    expect(detail(res)).toContain(words);
  });

  it('takes at most 366 distinct dates, and counts duplicates once', async () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
      );
    const tooMany = await put({ avoid_dates: days(367), avoid_weekdays: [] });
    expect(tooMany.statusCode).toBe(400);
    expect(detail(tooMany)).toContain('at most 366 dates');
    const twice = await put({ avoid_dates: [...days(366), ...days(366)], avoid_weekdays: [] });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json<Preferences>().avoid_dates).toHaveLength(366);
    // Nothing is kept of a refused body: the last good one stands.
    expect(
      (await call(t, 'GET', '/api/v1/me/preferences', undefined, 'regular')).json<Preferences>()
        .avoid_dates,
    ).toHaveLength(366);
    const cleared = await put({ avoid_dates: [], avoid_weekdays: [] });
    expect(cleared.json()).toMatchObject({ avoid_dates: [], avoid_weekdays: [] });
  });
});

describe('managers read them', () => {
  it('lists those who stated any, and one physicist’s, to admins and managers only', async () => {
    await put({ avoid_dates: ['2026-07-04'], avoid_weekdays: [5] });
    for (const as of ['manager', 'admin'] as const) {
      const list = await call(t, 'GET', '/api/v1/preferences', undefined, as);
      expect(list.statusCode).toBe(200);
      expect(PreferencesListSchema.parse(list.json())).toEqual([
        {
          physicist_id: near.id,
          physicist_name: 'Alice Near',
          avoid_dates: ['2026-07-04'],
          avoid_weekdays: [5],
        },
      ]);
      const one = await call(t, 'GET', `/api/v1/physicists/${far.id}/preferences`, undefined, as);
      expect(one.json()).toEqual({
        physicist_id: far.id,
        physicist_name: 'Far Lead',
        avoid_dates: [],
        avoid_weekdays: [],
      });
    }
    expect((await call(t, 'GET', '/api/v1/preferences', undefined, 'regular')).statusCode).toBe(
      403,
    );
    const theirs = await call(
      t,
      'GET',
      `/api/v1/physicists/${near.id}/preferences`,
      undefined,
      'regular',
    );
    expect(theirs.statusCode).toBe(403);
    const none = await call(t, 'GET', '/api/v1/physicists/999999/preferences');
    expect(none.statusCode).toBe(404);
    expect(detail(none)).toBe('Physicist 999999 not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/preferences' })).statusCode).toBe(
      401,
    );
  });

  it('documents every status code of every preferences route in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = doc.json<{ paths: Record<string, Record<string, { responses: object }>> }>()
      .paths;
    const codes = (path: string, method: string) =>
      Object.keys(paths[path]?.[method]?.responses ?? {}).sort();
    expect(codes('/api/v1/me/preferences', 'get')).toEqual(['200', '400', '401', '409']);
    expect(codes('/api/v1/me/preferences', 'put')).toEqual([
      '200',
      '400',
      '401',
      '409',
      '413',
      '415',
    ]);
    expect(codes('/api/v1/preferences', 'get')).toEqual(['200', '400', '401', '403']);
    expect(codes('/api/v1/physicists/{id}/preferences', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '414',
    ]);
  });

  it('forgets a physicist’s preferences when the physicist is deleted', async () => {
    const gone = await addPhysicist(t, 'Soon Gone', 'lead', '60601');
    await call(
      t,
      'PUT',
      `/api/v1/admin/users/${t.users.regular.id}`,
      { physicist_id: gone.id },
      'admin',
    );
    expect((await put({ avoid_dates: [], avoid_weekdays: [2] })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/v1/physicists/${gone.id}`)).statusCode).toBe(200);
    const list = (await call(t, 'GET', '/api/v1/preferences')).json<Preferences[]>();
    expect(list.map((p) => p.physicist_id)).not.toContain(gone.id);
    const relink = await call(
      t,
      'PUT',
      `/api/v1/admin/users/${t.users.regular.id}`,
      { physicist_id: near.id },
      'admin',
    );
    expect(relink.statusCode, relink.body).toBe(200);
  });
});

describe('preferences in the plan', () => {
  it('are part of F and of the fingerprint: a run moves a job off avoided days when that pays', async () => {
    await put({ avoid_dates: [], avoid_weekdays: [] });
    // Without preferences the near pair is the best plan.
    const first = await optimise();
    const job = await clinic();
    expect(job.assigned_lead_id).toBe(near.id);
    expect(first.objective_after.avoided_days).toBe(0);
    // A run over the same plan and data reads the same input as the one below, but for the preferences.
    const control = await optimise();
    expect(control.changed_slots).toBe(0);

    // Alice asks not to work Mondays and 3 March: both days of the clinic.
    await put({ avoid_dates: ['2026-03-03'], avoid_weekdays: [1] });
    const explained = (
      await call(t, 'GET', `/api/v1/assignments/${job.id}/explain`)
    ).json<AssignmentExplanation>();
    // Default preference weight 1: two avoided days add 2 to F'.
    expect(explained.lead.assigned).toMatchObject({
      name: 'Alice Near',
      avoided_days: 2,
      preference: 2,
    });
    const held = explained.lead.assigned!;
    expect(held.total).toBeCloseTo(held.proximity + held.balance + held.rotation + 2, 9);
    expect(explained.objective.avoided_days).toBe(2);
    expect(explained.objective.total - explained.objective.f).toBeCloseTo(2, 9);
    const farInstead = explained.lead.alternatives.find((a) => a.name === 'Far Lead')!;
    expect(farInstead.delta.avoided_days).toBe(-2);
    expect(farInstead.delta_terms.preference).toBeCloseTo(-2, 9);

    // 190 more miles (0.95) and one changed slot (0.25) cost less than 2: the run moves her.
    const second = await optimise();
    expect((await clinic()).assigned_lead_id).toBe(far.id);
    expect(second.input_fingerprint).not.toBe(control.input_fingerprint);
    expect(second.objective_before!.avoided_days).toBe(2);
    expect(second.objective_before!.total - second.objective_before!.f).toBeCloseTo(2, 9);
    expect(second.objective_after.avoided_days).toBe(0);
    expect(second.summary).toMatchObject({ avoided_days_before: 2, avoided_days_after: 0 });
    expect(second.headline).toContain("days on someone's avoided days 2 → 0");

    const after = (
      await call(t, 'GET', `/api/v1/assignments/${job.id}/explain`)
    ).json<AssignmentExplanation>();
    const alice = after.lead.alternatives.find((a) => a.name === 'Alice Near')!;
    expect(alice.delta.avoided_days).toBe(2);
    expect(alice.delta_terms.preference).toBeCloseTo(2, 9);
    expect(after.lead.assigned).toMatchObject({ name: 'Far Lead', avoided_days: 0, preference: 0 });
  });
});
