import type { JobRecord } from '@meridian/contracts';
import {
  kitRefusal,
  physicistRefusal,
  type Kit,
  type Physicist,
  type Unavailability,
} from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKit, addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The browser disables a dropdown choice with the reason @meridian/domain's
 * rules give from the lists it has (GET /jobs/, /availability/, /kits/). These
 * tests hold the server to the same verdict and the same words: for every
 * choice on every job, the rule's reason is the start of the server's 409
 * detail, and no reason means the server accepts it.
 */
let t: TestApp;
let people: Physicist[];
let kits: Kit[];

beforeAll(async () => {
  t = await createTestApp();
  people = [
    await addPhysicist(t, 'Pia Lead', 'lead', '10001'),
    await addPhysicist(t, 'Pat Lead', 'lead', '19104'),
    await addPhysicist(t, 'Ada Acq', 'dataacq', '10010'),
  ];
  kits = [await addKit(t, 'Kit P', '10001'), await addKit(t, 'Kit Q', '10001', true)];
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,assigned_lead,assigned_data_acq,assigned_kit,physicist_name',
      'job,First Clinic,11201,2026-03-02,2026-03-04,Pia Lead,Ada Acq,Kit P,',
      'job,Shares A Day,10001,2026-03-04,2026-03-06,,,,',
      'job,Next Day,07030,2026-03-05,2026-03-05,,,,',
      'job,Later,07030,2026-03-20,2026-03-21,,,,',
      // Case differs from the roster: leave matches names case-insensitively.
      'pto,,,2026-03-06,2026-03-07,,,,pat lead',
    ].join('\n'),
  );
});
afterAll(async () => {
  await t.close();
});

const leave = async () => (await call(t, 'GET', '/api/v1/availability/')).json<Unavailability[]>();
const dated = (job: JobRecord) => ({ id: job.id, start: job.start!, end: job.end! });

describe('the browser refusal rule and the server agree', () => {
  it('for every physicist on every job, in verdict and words', async () => {
    const jobs = await listJobs(t);
    const records = await leave();
    let refused = 0;
    for (const job of jobs.filter((j) => j.customer !== 'First Clinic')) {
      for (const person of people) {
        const predicted = physicistRefusal(person, dated(job), jobs, records);
        const res = await call(t, 'POST', '/api/v1/assignments/manual', {
          job_id: job.id,
          role: person.role === 'lead' ? 'lead' : 'data_acq',
          physicist_id: person.id,
        });
        if (predicted === null) {
          expect(res.statusCode, `${person.name} on ${job.customer}`).toBe(200);
          // Undo, so every pair is judged against the uploaded schedule.
          await call(t, 'POST', '/api/v1/assignments/manual', {
            job_id: job.id,
            role: person.role === 'lead' ? 'lead' : 'data_acq',
            physicist_id: null,
          });
        } else {
          refused++;
          expect(res.statusCode, `${person.name} on ${job.customer}`).toBe(409);
          expect(res.json<{ detail: string }>().detail.startsWith(predicted)).toBe(true);
        }
      }
    }
    // Pia and Ada on Shares A Day (overlap), Pat on Shares A Day (leave): the cases are exercised.
    expect(refused).toBe(3);
  });

  it('for every kit on every job', async () => {
    const jobs = await listJobs(t);
    let refused = 0;
    for (const job of jobs.filter((j) => j.customer !== 'First Clinic')) {
      for (const kit of kits) {
        const predicted = kitRefusal(kit, dated(job), jobs);
        const res = await call(t, 'POST', '/api/v1/kits/manual_override', {
          job_id: job.id,
          kit_id: kit.id,
        });
        if (predicted === null) {
          expect(res.statusCode, `${kit.name} on ${job.customer}`).toBe(200);
          await call(t, 'POST', '/api/v1/kits/manual_override', { job_id: job.id, kit_id: null });
        } else {
          refused++;
          expect(res.statusCode, `${kit.name} on ${job.customer}`).toBe(409);
          expect(res.json<{ detail: string }>().detail.startsWith(predicted)).toBe(true);
        }
      }
    }
    // Kit Q (maintenance) on all three jobs, Kit P on Shares A Day (out on First Clinic).
    expect(refused).toBe(4);
  });
});
