import type { JobRecord } from '@meridian/contracts';
import type { Kit } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKit, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// A job's kit_location is where its kit travels from (docs/optimization.md): the
// kit's location for its first job, then the zip of the job before in date
// order. Every change to a route must show at once, never a stale origin.

let t: TestApp;
let kit: Kit;
let other: Kit;

const SCHEDULE = [
  'customer,zip_code,start,end',
  'Alpha,10016,2027-02-01,2027-02-02',
  'Delta,77030,2027-02-03,2027-02-03',
  'Bravo,60611,2027-02-05,2027-02-06',
  'Charlie,98104,2027-02-10,2027-02-11',
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  kit = await addKit(t, 'Kit Route', '10001');
  other = await addKit(t, 'Kit Other', '90012');
  await uploadSchedule(t, SCHEDULE);
});
afterAll(async () => {
  await t.close();
});

const jobNamed = async (customer: string): Promise<JobRecord> =>
  (await listJobs(t)).find((j) => j.customer === customer)!;
const override = async (customer: string, k: Kit | null) => {
  const res = await call(t, 'POST', '/api/v1/kits/manual_override', {
    job_id: (await jobNamed(customer)).id,
    kit_id: k?.id ?? null,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JobRecord>();
};
/** kit_location of each job by customer, as GET /jobs/ shows it. */
const origins = async () =>
  Object.fromEntries((await listJobs(t)).map((j) => [j.customer, j.kit_location]));

describe('kit_location follows the kit route', () => {
  it('is the previous job of the same kit, or the kit location for its first job', async () => {
    await override('Alpha', kit);
    await override('Bravo', kit);
    const charlie = await override('Charlie', kit);
    // The override's own answer is right too (one job read on its own).
    expect(charlie.kit_location).toBe('60611');
    expect(await origins()).toEqual({
      Alpha: '10001',
      Delta: null,
      Bravo: '10016',
      Charlie: '60611',
    });
  });

  it('changes on the neighbours when an override puts the kit in the middle of its route or takes it out', async () => {
    await override('Delta', kit);
    expect(await origins()).toMatchObject({ Alpha: '10001', Delta: '10016', Bravo: '77030' });
    await override('Delta', null);
    expect(await origins()).toMatchObject({ Alpha: '10001', Delta: null, Bravo: '10016' });
    // Another kit on Delta starts from its own location and leaves Kit Route's route alone.
    await override('Delta', other);
    expect(await origins()).toMatchObject({ Delta: '90012', Bravo: '10016' });
  });

  it('follows a moved kit and a job whose dates move it along the route', async () => {
    const moved = await call(t, 'PUT', `/api/v1/kits/${kit.id}`, {
      current_location_zip: '94105',
      is_out_for_maintenance: false,
      comments: '',
    });
    expect(moved.statusCode).toBe(200);
    expect(await origins()).toMatchObject({ Alpha: '94105', Bravo: '10016' });

    // Charlie moves to January: it is now the kit's first job.
    const charlie = await jobNamed('Charlie');
    const edited = await call(t, 'PUT', `/api/v1/jobs/${charlie.id}`, {
      ...charlie,
      start: '2027-01-20',
      end: '2027-01-21',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<JobRecord>().kit_location).toBe('94105');
    expect(await origins()).toMatchObject({ Charlie: '94105', Alpha: '98104', Bravo: '10016' });
  });

  it('is empty once the kit is deleted', async () => {
    const res = await call(t, 'DELETE', `/api/v1/kits/${kit.id}`);
    expect(res.statusCode).toBe(200);
    expect(await origins()).toEqual({ Alpha: null, Delta: '90012', Bravo: null, Charlie: null });
  });

  it('starts again from the uploaded kits after "replace all"', async () => {
    await uploadSchedule(
      t,
      [
        'customer,zip_code,start,end,assigned_kit',
        'Echo,02115,2027-03-01,2027-03-01,Kit Other',
        'Foxtrot,33101,2027-03-04,2027-03-05,Kit Other',
      ].join('\n'),
    );
    expect(await origins()).toEqual({ Echo: '90012', Foxtrot: '02115' });
  });
});
