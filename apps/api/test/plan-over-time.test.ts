import type { JobRecord, NotificationList, ReplayResult, RunDetail } from '@meridian/contracts';
import type { Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerApi, newestRun } from './runs-fixture';
import {
  addKit,
  addPhysicist,
  call,
  listJobs,
  linkRegular,
  uploadSchedule,
} from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream } from './tasks-fixture';

// A run keeps the past as it happened and the published weeks as
// promised (unless asked to change them), keeps the plan where a change
// would not pay, says what it did in words, and tells the people whose
// published jobs it changed. TEST_TODAY is 2026-01-05.

let t: TestApp;
let far: { lead: Physicist; acq: Physicist };

const slotsOf = async () =>
  Object.fromEntries(
    (await listJobs(t)).map((j: JobRecord) => [
      j.customer,
      [j.assigned_lead_id ?? null, j.assigned_data_acq_id ?? null],
    ]),
  );

async function optimise(query: string): Promise<RunDetail> {
  const res = await managerApi(t)('POST', `/api/v1/optimize/assign?${query}`);
  expect(res.statusCode, res.body).toBe(202);
  const { events } = await readStream(
    t,
    `/api/v1/optimize/stream/${res.json<{ task_id: string }>().task_id}`,
  );
  const last = events.at(-1)!.data as { type: string; result?: { headline: string } };
  expect(last.type, JSON.stringify(last)).toBe('complete');
  const run = await newestRun(t);
  // The stream's completion says what the run record says.
  expect(last.result?.headline).toBe(run.headline);
  return run;
}

beforeAll(async () => {
  t = await createTestApp();
  // Boston's own pair lives next to every job; the New York pair is 190 miles away.
  await addPhysicist(t, 'Near Lead', 'lead', '02115');
  await addPhysicist(t, 'Near Acq', 'dataacq', '02115');
  far = {
    lead: await addPhysicist(t, 'Far Lead', 'lead', '10001'),
    acq: await addPhysicist(t, 'Far Acq', 'dataacq', '10001'),
  };
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,Past Clinic,02115,2025-12-29,2025-12-30,,',
      'job,Published Clinic,02115,2026-01-12,2026-01-13,,',
      'job,Draft Clinic,02115,2026-03-02,2026-03-03,,',
    ].join('\n'),
  );
  // A poor plan: every job staffed from New York.
  for (const job of await listJobs(t)) {
    for (const [role, who] of [
      ['lead', far.lead],
      ['data_acq', far.acq],
    ] as const) {
      const res = await call(t, 'POST', '/api/v1/assignments/manual', {
        job_id: job.id,
        role,
        physicist_id: who.id,
        ...(job.phase === 'past' ? { reason: 'The record missed who went' } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  // Assigned by hand means locked; unlocked, the slots are the plan's to improve.
  await t.database.db
    .updateTable('jobs')
    .set({ lead_pinned: false, data_acq_pinned: false })
    .execute();
  await linkRegular(t, far.lead.id);
  const publish = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-01-31' });
  expect(publish.statusCode, publish.body).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('a run over time', () => {
  let first: RunDetail;

  it('changes only draft jobs by default, and says so in words', async () => {
    const before = await slotsOf();
    first = await optimise('algorithm=ils&max_iterations=2000');
    const after = await slotsOf();
    expect(after['Past Clinic']).toEqual(before['Past Clinic']);
    expect(after['Published Clinic']).toEqual(before['Published Clinic']);
    expect(after['Draft Clinic']).not.toEqual(before['Draft Clinic']);
    expect(first.scope).toBe('draft');
    expect(first.summary).toMatchObject({
      past_slots_changed: 0,
      published_slots_changed: 0,
      slots_changed: 2,
      first_changed_start: '2026-03-02',
    });
    expect(first.summary!.miles_after).toBeLessThan(first.summary!.miles_before);
    expect(first.headline).toMatch(
      /^2 slots changed \(all from 2 Mar 2026\), \d+ fewer miles, .*; nothing already published was touched$/,
    );
    expect(new Set(first.changes.map((c) => c.job_id)).size).toBe(1);
  });

  it('moves nobody on a second run with nothing changed', async () => {
    const before = await slotsOf();
    const second = await optimise('algorithm=ils&max_iterations=2000');
    expect(await slotsOf()).toEqual(before);
    expect(second.changed_slots).toBe(0);
    expect(second.headline).toBe('No changes: the plan is already the best found');
  });

  it('changes published jobs with scope=published, tells their people, and never the past', async () => {
    const before = await slotsOf();
    const heard = async () =>
      (await call(t, 'GET', '/api/v1/notifications', undefined, 'regular'))
        .json<NotificationList>()
        .items.filter((n) => n.message.startsWith('Your confirmed schedule changed'));
    const toldBefore = (await heard()).length;
    const run = await optimise('algorithm=ils&max_iterations=2000&scope=published');
    const after = await slotsOf();
    expect(after['Past Clinic']).toEqual(before['Past Clinic']);
    expect(after['Published Clinic']).not.toEqual(before['Published Clinic']);
    expect(run.scope).toBe('published');
    expect(run.summary).toMatchObject({ past_slots_changed: 0, published_slots_changed: 2 });
    expect(run.headline).toMatch(/2 published slots changed: the people concerned were told$/);
    // Far Lead lost the published job: told once, naming it.
    const told = await heard();
    expect(told.length).toBe(toldBefore + 1);
    expect(told[0]!.message).toContain('Published Clinic');
  });

  it('refuses an unknown scope', async () => {
    const res = await managerApi(t)(
      'POST',
      '/api/v1/optimize/assign?algorithm=heuristic&scope=all',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/scope/);
  });

  it('replays a run from where it started, although the plan has moved on since', async () => {
    const res = await managerApi(t)('POST', `/api/v1/runs/${first.id}/replay`);
    expect(res.statusCode, res.body).toBe(200);
    const replay = res.json<ReplayResult>();
    expect(replay.fingerprint_matches).toBe(true);
    expect(replay.reproduced).toBe(true);
  });

  it('keeps past and published jobs as they are in a kit assignment and out of a preview', async () => {
    const kit = await addKit(t, 'Boston Kit', '02115');
    const assigned = await managerApi(t)('POST', '/api/v1/kits/assign');
    expect(assigned.statusCode, assigned.body).toBe(200);
    const kits = Object.fromEntries(
      (await listJobs(t)).map((j) => [j.customer, j.assigned_kit_id]),
    );
    // Past and published (the default scope) had no kit and keep none; the draft job gets it.
    expect(kits).toEqual({
      'Past Clinic': null,
      'Published Clinic': null,
      'Draft Clinic': kit.id,
    });
    const past = (await listJobs(t)).find((j) => j.customer === 'Past Clinic')!;
    // Empty the draft job's slots, so a preview that may change published jobs has work to do.
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: null, assigned_data_acq_id: null })
      .where('customer', '=', 'Draft Clinic')
      .execute();
    const res = await managerApi(t)(
      'POST',
      '/api/v1/optimize/assign?algorithm=ils&max_iterations=500&apply=false&scope=published',
    );
    expect(res.statusCode, res.body).toBe(202);
    const { events } = await readStream(
      t,
      `/api/v1/optimize/stream/${res.json<{ task_id: string }>().task_id}`,
    );
    const done = events.at(-1)!.data as { type: string; proposal_id: number };
    expect(done.type).toBe('complete');
    const proposal = (await managerApi(t)('GET', `/api/v1/proposals/${done.proposal_id}`)).json<{
      changes: { job_id: number }[];
    }>();
    expect(proposal.changes.length).toBeGreaterThan(0);
    expect(proposal.changes.filter((c) => c.job_id === past.id)).toEqual([]);
  });

  it('explains a holder kept because moving them would not pay', async () => {
    const weights = { proximity: 0.5, job_balance: 1, staff_rotation: 1, stability: 50 };
    const put = await call(t, 'PUT', '/api/v1/admin/settings/weights', weights, 'admin');
    expect(put.statusCode, put.body).toBe(200);
    const draft = (await listJobs(t)).find((j) => j.customer === 'Draft Clinic')!;
    // Far Lead back on it (by hand, then unlocked): Near Lead would save the trip from New
    // York, which is worth less than the 50 a changed slot now costs.
    const back = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: draft.id,
      role: 'lead',
      physicist_id: far.lead.id,
    });
    expect(back.statusCode, back.body).toBe(200);
    const unlock = await call(t, 'PUT', `/api/v1/assignments/${draft.id}/pins`, {
      lead: false,
      data_acq: false,
      kit: false,
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const res = await call(t, 'GET', `/api/v1/assignments/${draft.id}/explain`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ lead: { note: string | null } }>().lead.note).toMatch(
      /^Kept as planned: Near Lead would save \d+ mi, less than changing a planned slot costs$/,
    );
  });

  it('corrects a past job only with a reason, and records the correction as a run', async () => {
    const past = (await listJobs(t)).find((j) => j.customer === 'Past Clinic')!;
    const near = (await call(t, 'GET', '/api/v1/physicists/')).json<Physicist[]>();
    const nearLead = near.find((p) => p.name === 'Near Lead')!;
    const body = { job_id: past.id, role: 'lead', physicist_id: nearLead.id };
    const refused = await call(t, 'POST', '/api/v1/assignments/manual', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Job \d+ started on 2025-12-29, before today \(2026-01-05\): .* needs a reason \(reason\)$/,
    );
    const corrected = await call(t, 'POST', '/api/v1/assignments/manual', {
      ...body,
      reason: 'Near Lead went in the end',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const run = await newestRun(t);
    expect(run).toMatchObject({ kind: 'correction', reason: 'Near Lead went in the end' });
    expect(run.changes.map((c) => [c.job_id, c.slot, c.after?.id])).toEqual([
      [past.id, 'lead', nearLead.id],
    ]);
    expect(run.summary).toMatchObject({ past_slots_changed: 1 });
    // Undoing it would change the past again: a restore keeps past slots as they happened.
    const undo = await managerApi(t)('POST', `/api/v1/runs/${run.id}/restore`, {});
    expect(undo.statusCode).toBe(400);
    expect(undo.json<{ detail: string }>().detail).toMatch(/is on a job already past/);
  });

  it("corrects a past job's dates, or dates a job in the past, only with a reason", async () => {
    const jobs = await listJobs(t);
    const edit = (job: JobRecord, dates: { start: string; end: string }) => ({
      version: job.version,
      customer: job.customer,
      location: job.location ?? '',
      zip_code: job.zip_code ?? '',
      package: job.package ?? '',
      reason: job.reason ?? '',
      ...dates,
    });
    const past = jobs.find((j) => j.customer === 'Past Clinic')!;
    // Saving a past job's record as it is (a comment saved unchanged) corrects nothing.
    const asIs = await call(
      t,
      'PUT',
      `/api/v1/jobs/${past.id}`,
      edit(past, { start: past.start!, end: past.end! }),
    );
    expect(asIs.statusCode, asIs.body).toBe(200);
    past.version = asIs.json<JobRecord>().version;
    const longer = edit(past, { start: '2025-12-29', end: '2025-12-31' });
    const refused = await call(t, 'PUT', `/api/v1/jobs/${past.id}`, longer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Job \d+ started on 2025-12-29, before today \(2026-01-05\): .* needs a reason \(correction_reason\)$/,
    );
    const corrected = await call(t, 'PUT', `/api/v1/jobs/${past.id}`, {
      ...longer,
      correction_reason: 'The visit ran a day over',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<JobRecord>()).toMatchObject({ start: '2025-12-29', end: '2025-12-31' });
    expect(await newestRun(t)).toMatchObject({
      kind: 'correction',
      reason: 'The visit ran a day over',
    });

    // A draft job moved before today is a record of the past too.
    const draft = jobs.find((j) => j.customer === 'Draft Clinic')!;
    const backdated = edit(draft, { start: '2025-12-15', end: '2025-12-16' });
    const unexplained = await call(t, 'PUT', `/api/v1/jobs/${draft.id}`, backdated);
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json<{ detail: string }>().detail).toBe(
      `The new start 2025-12-15 of job ${draft.id} is before today (2026-01-05): recording a job in the past is a correction and needs a reason (correction_reason)`,
    );
    expect((await listJobs(t)).find((j) => j.id === draft.id)).toMatchObject({
      start: '2026-03-02',
      version: draft.version,
    });
  });
});
