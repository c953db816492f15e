import type { JobRecord } from '@meridian/contracts';
import { haversineMiles, parseReason, type Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordsOfZip } from '../src/io/zip-rules';
import { addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// A job's reason summary holds distances measured from its site, so a new zip
// must not leave the old site's miles (or candidate list) behind.

let t: TestApp;
let lead: Physicist;
let acq: Physicist;

beforeAll(async () => {
  t = await createTestApp();
  lead = await addPhysicist(t, 'Lena Lead', 'lead', '10001');
  acq = await addPhysicist(t, 'Aaron Acq', 'dataacq', '10010');
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment',
      'job,Assigned Clinic,11201,2027-04-05,2027-04-06,bring the phantom',
      'job,Open Clinic,11201,2027-05-03,2027-05-03,call ahead',
    ].join('\n'),
  );
  const assigned = await jobNamed('Assigned Clinic');
  for (const [role, person] of [
    ['lead', lead],
    ['data_acq', acq],
  ] as const) {
    const res = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: assigned.id,
      role,
      physicist_id: person.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await call(t, 'POST', '/api/v1/analyze/')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const jobNamed = async (customer: string): Promise<JobRecord> =>
  (await listJobs(t)).find((j) => j.customer === customer)!;
const milesFrom = (zip: string, home: string) => {
  const site = coordsOfZip(zip)!;
  const from = coordsOfZip(home)!;
  return Math.round(haversineMiles(site.lat, site.lon, from.lat, from.lon));
};
const moveTo = async (customer: string, zip: string) => {
  const job = await jobNamed(customer);
  const res = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, { ...job, zip_code: zip });
  expect(res.statusCode, res.body).toBe(200);
  return parseReason(res.json<JobRecord>().reason);
};

describe('editing the zip code of a job', () => {
  it('re-measures the assigned physicists from the new site and keeps the comment', async () => {
    const before = parseReason((await jobNamed('Assigned Clinic')).reason);
    expect(before.summary).toBe(
      `Lead: Lena Lead (${milesFrom('11201', '10001')} mi) | Acq: Aaron Acq (${milesFrom('11201', '10010')} mi)`,
    );
    const after = await moveTo('Assigned Clinic', '02115');
    expect(after.summary).toBe(
      `Lead: Lena Lead (${milesFrom('02115', '10001')} mi) | Acq: Aaron Acq (${milesFrom('02115', '10010')} mi)`,
    );
    expect(milesFrom('02115', '10001')).toBeGreaterThan(150);
    expect(after.comment).toBe('bring the phantom');
  });

  it('drops a candidate list measured from the old site', async () => {
    const before = parseReason((await jobNamed('Open Clinic')).reason);
    expect(before.summary).toContain('Lena Lead');
    const after = await moveTo('Open Clinic', '60601');
    expect(after.summary).toBe('');
    expect(after.comment).toBe('call ahead');
  });

  it('leaves the summary alone when the zip does not change', async () => {
    const job = await jobNamed('Assigned Clinic');
    const res = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, { ...job, customer: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobRecord>().reason).toBe(job.reason);
  });
});
