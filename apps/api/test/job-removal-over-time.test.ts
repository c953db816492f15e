import type { JobRecord, NotificationList } from '@meridian/contracts';
import type { Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestRun } from './runs-fixture';
import { addPhysicist, call, listJobs, linkRegular, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// Removing or moving a job is a change of the plan too: a past job is
// removed only with a reason, recorded as a correction run; a published
// job's people hear that it is gone or has moved. TEST_TODAY is 2026-01-05.

let t: TestApp;
let lead: Physicist;

const jobNamed = async (customer: string) =>
  (await listJobs(t)).find((j: JobRecord) => j.customer === customer);

const toldOf = async (text: string) =>
  (await call(t, 'GET', '/api/v1/notifications', undefined, 'regular'))
    .json<NotificationList>()
    .items.filter((n) => n.message.startsWith('Your confirmed schedule changed'))
    .filter((n) => n.message.includes(text));

beforeAll(async () => {
  t = await createTestApp();
  lead = await addPhysicist(t, 'Boston Lead', 'lead', '02115');
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,Twice Entered Clinic,02115,2025-12-29,2025-12-30,,',
      'job,Cancelled Clinic,02115,2026-01-12,2026-01-13,,',
      'job,Moved Clinic,02115,2026-01-19,2026-01-20,,',
    ].join('\n'),
  );
  for (const job of await listJobs(t)) {
    const res = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: job.id,
      role: 'lead',
      physicist_id: lead.id,
      ...(job.phase === 'past' ? { reason: 'The record missed who went' } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await linkRegular(t, lead.id);
  const publish = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-01-31' });
  expect(publish.statusCode, publish.body).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('removing and moving jobs over time', () => {
  it('removes a past job only with a reason, recorded as a correction run', async () => {
    const past = (await jobNamed('Twice Entered Clinic'))!;
    expect(past.phase).toBe('past');
    const refused = await call(t, 'DELETE', `/api/v1/jobs/${past.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toBe(
      `Job ${past.id} started on 2025-12-29, before today (2026-01-05): the past is kept as it happened, so correcting its record needs a reason (correction_reason)`,
    );
    expect(await jobNamed('Twice Entered Clinic')).toBeDefined();

    const reason = encodeURIComponent('Entered twice by the import');
    const removed = await call(t, 'DELETE', `/api/v1/jobs/${past.id}?correction_reason=${reason}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await jobNamed('Twice Entered Clinic')).toBeUndefined();
    const run = await newestRun(t);
    expect(run).toMatchObject({
      kind: 'correction',
      reason: 'Entered twice by the import',
      headline: `Job ${past.id} (Twice Entered Clinic, 2025-12-29) removed from the record`,
    });
    expect(run.summary).toMatchObject({ slots_changed: 0 });
  });

  it('refuses an empty or unknown removal parameter, keeping the job', async () => {
    const job = (await jobNamed('Cancelled Clinic'))!;
    for (const query of ['correction_reason=', 'because=yes']) {
      const res = await call(t, 'DELETE', `/api/v1/jobs/${job.id}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect(await jobNamed('Cancelled Clinic')).toBeDefined();
  });

  it("tells a published job's people when its dates move", async () => {
    const job = (await jobNamed('Moved Clinic'))!;
    expect(job.phase).toBe('published');
    const res = await call(t, 'PUT', `/api/v1/jobs/${job.id}`, {
      version: job.version,
      customer: job.customer,
      location: job.location ?? '',
      zip_code: job.zip_code ?? '',
      package: job.package ?? '',
      reason: job.reason ?? '',
      start: '2026-01-21',
      end: '2026-01-22',
    });
    expect(res.statusCode, res.body).toBe(200);
    const told = await toldOf('Moved Clinic');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain(
      'dates 2026-01-19 to 2026-01-20 -> 2026-01-21 to 2026-01-22',
    );
  });

  it("tells a published job's people when it is removed, without a reason or a run", async () => {
    const job = (await jobNamed('Cancelled Clinic'))!;
    const runBefore = (await newestRun(t)).id;
    const res = await call(t, 'DELETE', `/api/v1/jobs/${job.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await newestRun(t)).id).toBe(runBefore);
    const told = await toldOf('Removed: Cancelled Clinic');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain(
      'Removed: Cancelled Clinic (lead), 2026-01-12 to 2026-01-13',
    );
  });

  it('answers 404 for a job that does not exist', async () => {
    const res = await call(t, 'DELETE', '/api/v1/jobs/999999');
    expect(res.statusCode).toBe(404);
  });
});
