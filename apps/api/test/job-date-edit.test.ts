import type { JobRecord } from '@meridian/contracts';
import type { Kit, Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedDays } from '../src/services/assignment-checks';
import { addKit, addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// PUT /jobs/{id} with new dates must not leave an assigned person or kit that
// can no longer do the job: it answers 409 naming who and what is in the way,
// and changes nothing.

let t: TestApp;
let lead: Physicist;
let acq: Physicist;
let kit: Kit;
let spare: Kit;

beforeAll(async () => {
  t = await createTestApp();
  lead = await addPhysicist(t, 'Lena Lead', 'lead', '10001');
  acq = await addPhysicist(t, 'Aaron Acq', 'dataacq', '10010');
  kit = await addKit(t, 'Kit Main', '10001');
  spare = await addKit(t, 'Kit Spare', '10001');
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,Moving Clinic,11201,2027-04-05,2027-04-06,,',
      'job,Lead Busy Clinic,10016,2027-04-12,2027-04-13,,',
      'job,Kit Busy Clinic,07030,2027-04-26,2027-04-27,,',
      'job,Started Clinic,02115,2020-03-02,2020-03-03,,',
      'pto,,,2027-04-20,2027-04-22,,Aaron Acq',
    ].join('\n'),
  );
  await assign('Moving Clinic', 'lead', lead);
  await assign('Moving Clinic', 'data_acq', acq);
  await assignKit('Moving Clinic', kit);
  await assign('Lead Busy Clinic', 'lead', lead);
  await assignKit('Kit Busy Clinic', kit);
});
afterAll(async () => {
  await t.close();
});

const jobNamed = async (customer: string): Promise<JobRecord> =>
  (await listJobs(t)).find((j) => j.customer === customer)!;
async function assign(customer: string, role: 'lead' | 'data_acq', person: Physicist | null) {
  const res = await call(t, 'POST', '/api/v1/assignments/manual', {
    job_id: (await jobNamed(customer)).id,
    role,
    physicist_id: person?.id ?? null,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function assignKit(customer: string, k: Kit | null) {
  const job = await jobNamed(customer);
  const res = await call(t, 'POST', '/api/v1/kits/manual_override', {
    job_id: job.id,
    kit_id: k?.id ?? null,
    // A job that has started is history: its record is corrected with a reason.
    ...(job.phase === 'past' ? { reason: 'The kit that went out was not recorded' } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Moves a job; a job that started before today needs `correction_reason` (a correction of the past). */
const move = async (customer: string, start: string, end: string, correction_reason?: string) => {
  const job = await jobNamed(customer);
  return call(t, 'PUT', `/api/v1/jobs/${job.id}`, {
    ...job,
    start,
    end,
    ...(correction_reason === undefined ? {} : { correction_reason }),
  });
};
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;

describe('editing the dates of an assigned job', () => {
  it('refuses dates on which the lead is on another job, naming both, and changes nothing', async () => {
    const before = await jobNamed('Moving Clinic');
    const busy = await jobNamed('Lead Busy Clinic');
    const res = await move('Moving Clinic', '2027-04-12', '2027-04-12');
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toBe(
      `Job ${before.id} cannot move to 2027-04-12 to 2027-04-12: its lead Lena Lead is already on job ${busy.id} (Lead Busy Clinic, 2027-04-12 to 2027-04-13). Clear the lead first or choose other dates; nothing was changed`,
    );
    expect(await jobNamed('Moving Clinic')).toEqual(before);
  });

  it('refuses dates on which the data-acquisition physicist is on leave', async () => {
    const res = await move('Moving Clinic', '2027-04-19', '2027-04-20');
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toMatch(
      /its data-acquisition physicist Aaron Acq is unavailable on 2027-04-20 to 2027-04-22\. Clear the data-acquisition slot first/,
    );
  });

  it('refuses dates on which its kit is out on another job', async () => {
    const busy = await jobNamed('Kit Busy Clinic');
    const res = await move('Moving Clinic', '2027-04-27', '2027-04-28');
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toContain(
      `its kit Kit Main is already out on job ${busy.id} (Kit Busy Clinic, 2027-04-26 to 2027-04-27). Clear its kit first`,
    );
  });

  it('refuses to move a job whose kit is in maintenance to a start after today', async () => {
    // The kit went out on a job that has already started, then broke down: it stays on that job.
    await assignKit('Started Clinic', spare);
    const broken = await call(t, 'PUT', `/api/v1/kits/${spare.id}`, {
      current_location_zip: '10001',
      is_out_for_maintenance: true,
      comments: 'cracked phantom',
    });
    expect(broken.statusCode).toBe(200);
    expect((await jobNamed('Started Clinic')).assigned_kit_id).toBe(spare.id);
    // Correcting the past dates is fine; moving the job into the future is not.
    const why = 'The visit started a day late';
    expect((await move('Started Clinic', '2020-03-02', '2020-03-04', why)).statusCode).toBe(200);
    const res = await move('Started Clinic', '2099-05-03', '2099-05-04', why);
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toMatch(/its kit Kit Spare is out for maintenance/);
  });

  it('accepts free dates, keeping every assignment', async () => {
    const res = await move('Moving Clinic', '2027-04-07', '2027-04-09');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobRecord>()).toMatchObject({
      start: '2027-04-07',
      end: '2027-04-09',
      assigned_lead_id: lead.id,
      assigned_data_acq_id: acq.id,
      assigned_kit_id: kit.id,
    });
  });

  it('accepts the refused dates once the slot in the way is cleared', async () => {
    await assign('Moving Clinic', 'lead', null);
    const res = await move('Moving Clinic', '2027-04-12', '2027-04-13');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobRecord>()).toMatchObject({
      assigned_lead_id: null,
      assigned_data_acq_id: acq.id,
      assigned_kit_id: kit.id,
    });
  });

  it('checks only the days a job gains: a clash it already had does not block shortening it', async () => {
    // An uploaded plan may already double-book someone (uploads are a starting plan, not checked).
    await uploadSchedule(
      t,
      [
        'customer,zip_code,start,end,assigned_lead',
        'Long Clinic,10016,2027-06-01,2027-06-05,Lena Lead',
        'Overlapping Clinic,10016,2027-06-03,2027-06-03,Lena Lead',
      ].join('\n'),
    );
    expect((await move('Long Clinic', '2027-06-01', '2027-06-04')).statusCode).toBe(200);
    expect((await move('Long Clinic', '2027-06-01', '2027-06-06')).statusCode).toBe(200);
    const res = await move('Overlapping Clinic', '2027-06-06', '2027-06-07');
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toContain('its lead Lena Lead is already on job');
  });

  it('answers a stale version with the version conflict, whatever the dates', async () => {
    const job = await jobNamed('Long Clinic');
    const res = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, {
      ...job,
      version: job.version - 1,
      start: '2027-06-03',
      end: '2027-06-03',
    });
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toMatch(/was changed by someone else/);
  });
});

describe('addedDays', () => {
  const r = (start: string, end: string) => ({ start, end });
  it('gives the days a new range covers that the old one did not', () => {
    expect(addedDays(r('2027-01-05', '2027-01-08'), r('2027-01-07', '2027-01-10'))).toEqual([
      r('2027-01-09', '2027-01-10'),
    ]);
    expect(addedDays(r('2027-01-05', '2027-01-08'), r('2027-01-03', '2027-01-06'))).toEqual([
      r('2027-01-03', '2027-01-04'),
    ]);
    expect(addedDays(r('2027-01-05', '2027-01-08'), r('2027-01-04', '2027-01-09'))).toEqual([
      r('2027-01-04', '2027-01-04'),
      r('2027-01-09', '2027-01-09'),
    ]);
    expect(addedDays(r('2027-01-05', '2027-01-08'), r('2027-01-20', '2027-01-21'))).toEqual([
      r('2027-01-20', '2027-01-21'),
    ]);
    expect(addedDays(r('2027-01-05', '2027-01-08'), r('2027-01-06', '2027-01-07'))).toEqual([]);
    expect(addedDays({ start: null, end: null }, r('2027-01-06', '2027-01-07'))).toEqual([
      r('2027-01-06', '2027-01-07'),
    ]);
  });
});
