import type { Kit, Physicist, Unavailability } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchedule } from '../src/demo/seed-demo';
import { call, listJobs } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo schedule seeding', () => {
  it('seeds roster, kits, jobs, leave and preferences around today once, then leaves them alone', async () => {
    const deps = { db: t.database.db, dataDir: '', services: t.app.services };
    expect(await seedDemoSchedule(deps, '2026-11-22')).toBe(true);
    const jobs = await listJobs(t);
    const people = (await call(t, 'GET', '/api/v1/physicists/')).json<Physicist[]>();
    const kits = (await call(t, 'GET', '/api/v1/kits/')).json<Kit[]>();
    const leave = (await call(t, 'GET', '/api/v1/availability/')).json<Unavailability[]>();
    expect([people.length, kits.length, jobs.length, leave.length]).toEqual([40, 12, 600, 60]);
    expect(kits.filter((k) => k.is_out_for_maintenance)).toHaveLength(1);
    // A few physicists said which days they would rather not work.
    const stated = (await call(t, 'GET', '/api/v1/preferences')).json<
      { physicist_name: string; avoid_dates: string[]; avoid_weekdays: number[] }[]
    >();
    expect(stated).toHaveLength(4);
    expect(stated.every((p) => p.avoid_dates.length > 0 && p.avoid_weekdays.length === 1)).toBe(
      true,
    );
    expect(jobs.every((j) => j.start! >= '2026-08-01' && j.end! <= '2027-03-01')).toBe(true);
    expect(jobs.filter((j) => j.region === null).length).toBeGreaterThan(0);
    expect(new Set(jobs.map((j) => j.region))).toEqual(
      new Set(['Northeast', 'Midwest', 'South', 'West', null]),
    );

    await call(t, 'DELETE', `/api/v1/jobs/${jobs[0]!.id}`);
    expect(await seedDemoSchedule(deps, '2026-11-23')).toBe(false);
    expect(await listJobs(t)).toHaveLength(599);
  });
});
