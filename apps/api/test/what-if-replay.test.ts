import {
  AppliedProposalSchema,
  ReplayResultSchema,
  WhatIfStreamMessageSchema,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { managerApi, newestRun, optimiseAndWait, type ManagerApi } from './runs-fixture';
import { createReplayApp, readStream, storedSlots } from './tasks-fixture';

let t: TestApp;
let api: ManagerApi;

beforeAll(async () => {
  t = await createReplayApp(700, {
    jobs: 30,
    month: '2027-04',
    dayStride: 6,
    dayModulo: 26,
    clinics: 10,
    zips: ['10016', '60611', '90027', '98104', '77030', '02108'],
    homeZips: ['10001', '60601', '90012', '98101', '77002'],
  });
  api = managerApi(t);
  // A plan to repair: a short capped run fills the physician slots.
  await optimiseAndWait(t, 'ils', 30);
});
afterAll(async () => {
  await t.close();
});

/** Asks a what-if, follows it to its proposal and applies that; the run the apply recorded. */
async function whatIfApplied(absence: Record<string, unknown>) {
  const res = await api('POST', '/api/v1/optimize/what-if', absence);
  expect(res.statusCode, res.body).toBe(202);
  const { task_id } = res.json<{ task_id: string }>();
  const { events } = await readStream(t, `/api/v1/optimize/what-if/stream/${task_id}`);
  const last = WhatIfStreamMessageSchema.parse(events.at(-1)!.data);
  if (last.type !== 'complete') throw new Error(`what-if ended with ${JSON.stringify(last)}`);
  const applied = await api('POST', `/api/v1/proposals/${last.proposal_id}/apply`);
  expect(applied.statusCode, applied.body).toBe(200);
  const proposal = AppliedProposalSchema.parse(applied.json());
  expect(proposal.changes.length).toBeGreaterThan(0);
  const run = await newestRun(t);
  expect(run).toMatchObject({ kind: 'proposal', algorithm: null, seed: null });
  return { run, proposal };
}

async function replay(id: number) {
  const res = await api('POST', `/api/v1/runs/${id}/replay`);
  expect(res.statusCode, res.body).toBe(200);
  return ReplayResultSchema.parse(res.json());
}

/** A lead who holds a slot in April, with that job. */
async function aprilLead() {
  const jobs = await t.database.db
    .selectFrom('jobs')
    .select(['id', 'assigned_lead_id', 'start_date'])
    .where('start_date', '>=', '2027-04-01')
    .where('assigned_lead_id', 'is not', null)
    .orderBy('id')
    .execute();
  return jobs[0]!;
}

describe('replay of an applied what-if', () => {
  it('a physicist out, their own slot locked: the repair reruns on the plan before and gives the same F', async () => {
    const job = await aprilLead();
    // Locked: the repair must break it, and the apply unpins it; the replay reads the pins as they were.
    await t.database.db
      .updateTable('jobs')
      .set({ lead_pinned: true })
      .where('id', '=', job.id)
      .execute();
    const { run, proposal } = await whatIfApplied({
      physicist_id: job.assigned_lead_id,
      start: '2027-04-01',
      end: '2027-04-30',
    });
    expect(proposal.changes.some((c) => c.job_id === job.id && c.locked)).toBe(true);
    // The absence is now leave recorded by the run: the replay reads the leave from before it.
    expect(proposal.recorded_leave.length).toBeGreaterThan(0);
    expect(run.max_iterations).toBe(1_000_000);
    expect(run.iterations.repair).toBeGreaterThan(0);
    const verdict = await replay(run.id);
    expect(verdict).toMatchObject({
      run_id: run.id,
      fingerprint_matches: true,
      deterministic: true,
      reproduced: true,
      seed: null,
      max_iterations: 1_000_000,
    });
    expect(verdict.message).toMatch(/^Reproduced: /);
    expect(verdict.objective_replayed).toEqual(run.objective_after);

    // A later edit of the plan is not the repair's input: it still reproduces.
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_data_acq_id: null })
      .where('id', '=', job.id)
      .execute();
    expect(await replay(run.id)).toMatchObject({ fingerprint_matches: true, reproduced: true });

    // An edit of an unrelated input (leave of someone else, in another year) changes the fingerprint.
    await t.database.db
      .insertInto('unavailability')
      .values({ physicist_name: 'Acq 3', start_date: '2028-06-01', end_date: '2028-06-02' })
      .execute();
    const changed = await replay(run.id);
    expect(changed).toMatchObject({ fingerprint_matches: false, reproduced: false });
    expect(changed.message).toMatch(/input fingerprint no longer matches/);
    expect(changed.message).toMatch(/not a reproduction/);
  });

  it('a kit out: the repair reruns and gives the same F', async () => {
    const [east] = await t.database.db
      .selectFrom('kits')
      .select('id')
      .where('name', '=', 'Kit East')
      .execute();
    const [first] = (await storedSlots(t)).filter((j) => j.assigned_lead_id !== null);
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_kit_id: east!.id })
      .where('id', '=', first!.id)
      .execute();
    const { run } = await whatIfApplied({
      kit_id: east!.id,
      start: '2027-01-01',
      end: '2027-12-31',
    });
    const verdict = await replay(run.id);
    expect(verdict).toMatchObject({ fingerprint_matches: true, reproduced: true, seed: null });
    expect(verdict.objective_replayed).toEqual(run.objective_after);
  });

  it('a what-if applied before runs kept the repair input is refused with that reason', async () => {
    const job = await aprilLead();
    const { run } = await whatIfApplied({
      physicist_id: job.assigned_lead_id,
      start: '2027-04-01',
      end: '2027-04-30',
    });
    await t.database.db
      .updateTable('optimization_runs')
      .set({ repair: null })
      .where('id', '=', run.id)
      .execute();
    const res = await api('POST', `/api/v1/runs/${run.id}/replay`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^Run ${run.id} applied a what-if made before what-ifs kept their repair's input`),
    );
  });
});
