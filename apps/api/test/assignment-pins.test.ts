import { AssignmentExplanationSchema, type JobRecord } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { seedSchedule, storedSlots, type Seeded } from './tasks-fixture';

let t: TestApp;
let seeded: Seeded;

const pins = (jobId: number, body: object, as: 'manager' | 'admin' | 'regular' = 'manager') =>
  call(t, 'PUT', `/api/v1/assignments/${jobId}/pins`, body, as);
const stored = async (jobId: number) => (await storedSlots(t)).find((r) => r.id === jobId)!;
const job = async (jobId: number) =>
  (await call(t, 'GET', '/api/v1/jobs/')).json<JobRecord[]>().find((j) => j.id === jobId)!;

/** Fills slots unpinned, as an optimisation run leaves them. */
async function fillUnpinned(jobId: number, set: Record<string, number>): Promise<void> {
  await t.database.db.updateTable('jobs').set(set).where('id', '=', jobId).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSchedule(t);
});
afterAll(async () => {
  await t.close();
});

describe('PUT /assignments/{job_id}/pins', () => {
  it('locks and unlocks slots, holders unchanged, with a new version', async () => {
    const [ada] = seeded.leads;
    const [jobA] = seeded.jobs;
    await fillUnpinned(jobA!, {
      assigned_lead_id: ada!,
      assigned_data_acq_id: seeded.acqs[0]!,
      assigned_kit_id: seeded.kits[0]!,
    });
    const before = await stored(jobA!);
    const res = await pins(jobA!, { lead: true, data_acq: false, kit: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<JobRecord>()).toMatchObject({
      lead_pinned: true,
      data_acq_pinned: false,
      kit_pinned: true,
      assigned_lead_id: ada,
      assigned_data_acq_id: seeded.acqs[0],
      assigned_kit_id: seeded.kits[0],
      version: before.version + 1,
    });
    // The same locks again change nothing, not even the version.
    expect(
      (await pins(jobA!, { lead: true, data_acq: false, kit: true }, 'admin')).statusCode,
    ).toBe(200);
    expect((await stored(jobA!)).version).toBe(before.version + 1);
    const off = await pins(jobA!, { lead: false, data_acq: false, kit: false });
    expect(off.json<JobRecord>()).toMatchObject({
      lead_pinned: false,
      kit_pinned: false,
      assigned_lead_id: ada,
      version: before.version + 2,
    });
  });

  it('refuses to lock an empty slot, and nothing changes', async () => {
    const jobB = seeded.jobs[1]!;
    const before = await stored(jobB);
    const res = await pins(jobB, { lead: false, data_acq: true, kit: false });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      `Job ${jobB} has no data-acquisition physicist to lock; assign one first`,
    );
    expect(await stored(jobB)).toEqual(before);
  });

  it('re-checks the manual-assignment rules before locking what a run filled', async () => {
    // Ben Lead is on leave 2027-01-11 to 2027-01-15, which arrived after a run put him on this job.
    const jobD = seeded.jobs[3]!;
    await fillUnpinned(jobD, { assigned_lead_id: seeded.leads[1]! });
    const res = await pins(jobD, { lead: true, data_acq: false, kit: false });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      'Ben Lead is unavailable on 2027-01-11 to 2027-01-15, which overlaps 2027-01-11 to 2027-01-12',
    );
    expect((await stored(jobD)).lead_pinned).toBe(false);
    // A kit in maintenance cannot be locked onto a job either.
    const jobC = seeded.jobs[2]!;
    await fillUnpinned(jobC, { assigned_kit_id: seeded.kits[2]! });
    const kit = await pins(jobC, { lead: false, data_acq: false, kit: true });
    expect(kit.statusCode).toBe(409);
    expect(kit.json<{ detail: string }>().detail).toBe(
      'Kit Broken is out for maintenance and cannot be assigned',
    );
  });

  it('keeps a manual assignment locked until unlocked, and the explanation says so', async () => {
    const jobE = seeded.jobs[4]!;
    const assign = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: jobE,
      role: 'lead',
      physicist_id: seeded.leads[2]!,
    });
    expect(assign.json<JobRecord>().lead_pinned).toBe(true);
    const explained = AssignmentExplanationSchema.parse(
      (await call(t, 'GET', `/api/v1/assignments/${jobE}/explain`, undefined, 'regular')).json(),
    );
    expect(explained.lead.pinned).toBe(true);
    expect(explained.lead.assigned?.physicist_id).toBe(seeded.leads[2]);
    await pins(jobE, { lead: false, data_acq: false, kit: false });
    expect(await job(jobE)).toMatchObject({
      lead_pinned: false,
      assigned_lead_id: seeded.leads[2],
    });
  });

  it('answers 403 to a regular user, 404 for an unknown job and 400 naming a missing field', async () => {
    const jobA = seeded.jobs[0]!;
    expect(
      (await pins(jobA, { lead: true, data_acq: true, kit: true }, 'regular')).statusCode,
    ).toBe(403);
    expect((await pins(999999, { lead: false, data_acq: false, kit: false })).statusCode).toBe(404);
    const bad = await pins(jobA, { lead: true, data_acq: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/kit/);
  });
});
