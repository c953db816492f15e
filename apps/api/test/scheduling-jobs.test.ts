import type { JobRecord } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKit, addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const edit = (job: JobRecord, changes: Partial<JobRecord>) => ({ ...job, ...changes });

describe('jobs', () => {
  it('creates a blank job, updates it with derived fields and the next version, deletes it', async () => {
    const created = await call(t, 'POST', '/api/v1/jobs/');
    expect(created.statusCode).toBe(201);
    const blank = created.json<JobRecord>();
    expect(blank).toMatchObject({ customer: '', start: null, duration: null, version: 1 });

    const res = await call(
      t,
      'PUT',
      `/api/v1/jobs/${blank.id}`,
      edit(blank, {
        customer: 'Lakeside Hospital',
        zip_code: '60601-1234',
        start: '2026-06-01',
        end: '2026-06-03',
        // Derived and assignment fields sent by the client are ignored.
        duration: 99,
        region: 'Nowhere',
        assigned_lead_id: 5,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer: 'Lakeside Hospital',
      zip_code: '60601',
      duration: 3,
      region: 'Midwest',
      version: 2,
      assigned_lead_id: null,
    });

    expect((await call(t, 'DELETE', `/api/v1/jobs/${blank.id}`)).statusCode).toBe(204);
    expect((await call(t, 'DELETE', `/api/v1/jobs/${blank.id}`)).statusCode).toBe(404);
  });

  it('refuses a zip that is not a US zip (naming it), end before start, and regular users', async () => {
    const job = (await call(t, 'POST', '/api/v1/jobs/')).json<JobRecord>();
    const badZip = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, edit(job, { zip_code: '00001' }));
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json<{ detail: string }>().detail).toContain('00001');
    const backwards = await call(
      t,
      'PUT',
      `/api/v1/jobs/${job.id}`,
      edit(job, { start: '2026-06-05', end: '2026-06-01' }),
    );
    expect(backwards.statusCode).toBe(400);
    const regular = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, edit(job, {}), 'regular');
    expect(regular.statusCode).toBe(403);
    // A missing zip is allowed: the row shows red.
    const missing = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, edit(job, { zip_code: 'n/a' }));
    expect(missing.json()).toMatchObject({ zip_code: 'n/a', region: null, version: 2 });
  });

  it('of 50 concurrent PUTs with one version exactly one wins; the rest get 409 and change nothing', async () => {
    const job = (await call(t, 'POST', '/api/v1/jobs/')).json<JobRecord>();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t, 'PUT', `/api/v1/jobs/${job.id}`, edit(job, { customer: `Writer ${i}` })),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const winner = answers.find((a) => a.statusCode === 200)!.json<JobRecord>();
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json<{ detail: string }>().detail).toMatch(/version 2.*version 1/);
    const stored = (await listJobs(t)).find((j) => j.id === job.id)!;
    expect(stored).toMatchObject({ customer: winner.customer, version: 2 });
  });

  it('shows renamed physicists and moved kits on jobs at once', async () => {
    const lead = await addPhysicist(t, 'Rita Rename', 'lead', '10001');
    const kit = await addKit(t, 'Kit R', '10001');
    await uploadSchedule(
      t,
      'customer,zip_code,start,assigned_lead,assigned_kit\nRenamed Site,10010,2026-07-01,Rita Rename,Kit R',
    );
    await call(t, 'PUT', `/api/v1/physicists/${lead.id}`, {
      name: 'Rita New',
      role: 'lead',
      home_zip: '10001',
    });
    await call(t, 'PUT', `/api/v1/kits/${kit.id}`, {
      current_location_zip: '94105',
      is_out_for_maintenance: false,
      comments: 'moved',
    });
    const [job] = await listJobs(t);
    expect(job).toMatchObject({ assigned_lead: 'Rita New', kit_location: '94105' });
    const assignments = (await call(t, 'GET', '/api/v1/assignments/', undefined, 'regular')).json<
      JobRecord[]
    >();
    expect(assignments).toEqual([job]);
  });
});
