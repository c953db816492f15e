import {
  ReplayResultSchema,
  RestoreConflictBodySchema,
  RestoreResultSchema,
  RunListSchema,
} from '@meridian/contracts';
import { DEFAULT_WEIGHTS, evaluateObjective, type JobAssignment } from '@meridian/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRepository } from '../src/repositories/instance.repository';
import { InstanceBuilder } from '../src/services/instance-builder';
import { createTestApp, type TestApp } from './support/test-app';
import { managerApi, newestRun, optimiseAndWait, type ManagerApi } from './runs-fixture';
import { seedSchedule, type Seeded } from './tasks-fixture';

let t: TestApp;
let api: ManagerApi;
let seeded: Seeded;

beforeAll(async () => {
  t = await createTestApp({ tasks: { optimizeTimeLimitMs: 60_000 } });
  seeded = await seedSchedule(t);
  api = managerApi(t);
});
afterAll(async () => {
  await t.close();
});

/** Every stored slot column of every job, with the reason: what a restore must bring back. */
const plan = () =>
  t.database.db
    .selectFrom('jobs')
    .select([
      'id',
      'assigned_lead_id',
      'assigned_lead_name',
      'lead_pinned',
      'assigned_data_acq_id',
      'assigned_data_acq_name',
      'data_acq_pinned',
      'assigned_kit_id',
      'assigned_kit_name',
      'kit_pinned',
      'reason',
    ])
    .orderBy('id')
    .execute();

/** F of the stored plan by the domain evaluator, read straight from the rows. */
async function storedF() {
  const built = await new InstanceBuilder(
    new InstanceRepository(),
    t.app.services.planWindow,
  ).build(t.database.db, DEFAULT_WEIGHTS);
  const rows = new Map((await plan()).map((r) => [String(r.id), r]));
  const s = (id: number | null) => (id === null ? null : String(id));
  const assignments: JobAssignment[] = built.instance.jobs.map((j) => ({
    job_id: j.id,
    lead_id: s(rows.get(j.id)!.assigned_lead_id),
    data_acq_id: s(rows.get(j.id)!.assigned_data_acq_id),
    kit_id: s(rows.get(j.id)!.assigned_kit_id),
  }));
  return evaluateObjective(built.instance, assignments, DEFAULT_WEIGHTS);
}

describe('plan revisions', () => {
  it('records a run with F before and after and every changed slot; restore brings back the exact previous plan', async () => {
    const [job0, , , , job4] = seeded.jobs;
    // A starting plan: one unpinned lead, one lead that is only a name from an upload.
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: seeded.leads[2]!, reason: 'kept by hand' })
      .where('id', '=', job0!)
      .execute();
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_name: 'Zed Unknown', reason: 'from the upload' })
      .where('id', '=', job4!)
      .execute();
    const before = await plan();
    const fBefore = await storedF();

    const run = await optimiseAndWait(t, 'heuristic');
    expect(run).toMatchObject({
      kind: 'optimization',
      algorithm: 'heuristic',
      created_by: t.users.manager.username,
      restored_run_id: null,
      max_iterations: null,
    });
    expect(run.input_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(run.objective_before!.total).toBeCloseTo(fBefore.total, 9);
    expect(run.objective_after.total).toBeCloseTo((await storedF()).total, 9);
    expect(run.changes.length).toBe(run.changed_slots);
    expect(run.changes.length).toBeGreaterThan(4);

    // Every change names what the row held before and holds now; no other slot moved.
    const after = await plan();
    const was = new Map(before.map((r) => [r.id, r]));
    const column = {
      lead: 'assigned_lead_id',
      data_acq: 'assigned_data_acq_id',
      kit: 'assigned_kit_id',
    } as const;
    for (const c of run.changes) {
      const col = column[c.slot];
      const old = was.get(c.job_id)!;
      const now = after.find((r) => r.id === c.job_id)!;
      expect(c.before?.id ?? null).toBe(old[col]);
      expect(c.after?.id ?? null).toBe(now[col]);
    }
    const moved = after.flatMap((r) =>
      (['lead', 'data_acq', 'kit'] as const)
        .filter((s) => r[column[s]] !== was.get(r.id)![column[s]])
        .map((s) => `${r.id}:${s}`),
    );
    expect(moved.sort()).toEqual(run.changes.map((c) => `${c.job_id}:${c.slot}`).sort());
    const uploadName = run.changes.find((c) => c.job_id === job4 && c.slot === 'lead');
    expect(uploadName?.before).toEqual({ id: null, name: 'Zed Unknown' });
    expect(uploadName?.after?.id).toEqual(expect.any(Number));

    const res = await api('POST', `/api/v1/runs/${run.id}/restore`, {});
    expect(res.statusCode).toBe(200);
    const restored = RestoreResultSchema.parse(res.json());
    expect(await plan()).toEqual(before);
    expect(restored.run).toMatchObject({
      kind: 'restore',
      restored_run_id: run.id,
      changed_slots: run.changed_slots,
    });
    expect(restored.run.objective_after.total).toBeCloseTo(fBefore.total, 9);
    expect(restored.message).toMatch(new RegExp(`before run ${run.id}`));
    // Newest first: the restore, then the run it undid.
    const list = RunListSchema.parse(
      (await api('GET', '/api/v1/runs', undefined, t.tokens.regular)).json(),
    );
    expect(list.slice(0, 2).map((r) => r.id)).toEqual([restored.run.id, run.id]);
  });

  it('answers 409 naming the job changed since the run, writes nothing, and overwrites it with force', async () => {
    const run = await optimiseAndWait(t, 'heuristic');
    const change = run.changes.find((c) => c.slot === 'lead' && c.after !== null)!;
    const other = seeded.leads.find((id) => id !== change.after!.id)!;
    // A manager reassigns that slot by hand afterwards (pinned, as manual assignment does).
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: other, lead_pinned: true, version: sql`version + 1` })
      .where('id', '=', change.job_id)
      .execute();
    const edited = await plan();

    const res = await api('POST', `/api/v1/runs/${run.id}/restore`, { force: false });
    expect(res.statusCode).toBe(409);
    const body = RestoreConflictBodySchema.parse(res.json());
    expect(body.conflicts).toHaveLength(1);
    expect(body.conflicts[0]).toMatchObject({
      job_id: change.job_id,
      slot: 'lead',
      expected: change.after,
    });
    expect(body.conflicts[0]!.current?.id).toBe(other);
    expect(body.detail).toContain(`job ${change.job_id}`);
    expect(await plan()).toEqual(edited);

    const forced = await api('POST', `/api/v1/runs/${run.id}/restore`, { force: true });
    expect(forced.statusCode).toBe(200);
    expect(RestoreResultSchema.parse(forced.json()).message).toMatch(/1 later change overwritten/);
    const row = (await plan()).find((r) => r.id === change.job_id)!;
    expect(row.assigned_lead_id).toBe(change.before?.id ?? null);
    expect(row.lead_pinned).toBe(false);
  });

  it('refuses to put back a slot that would double-book someone booked elsewhere since', async () => {
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: seeded.leads[2]!, lead_pinned: false })
      .where('id', '=', seeded.jobs[0]!)
      .execute();
    // Leave forces the run to move its lead (a run keeps a plan that fits), and ends before the restore.
    const leave = await t.database.db
      .insertInto('unavailability')
      .values({ physicist_name: 'Cy Lead', start_date: '2027-01-04', end_date: '2027-01-05' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await optimiseAndWait(t, 'heuristic');
    await t.database.db.deleteFrom('unavailability').where('id', '=', leave.id).execute();
    const change = run.changes.find((c) => c.slot === 'lead' && c.before?.id != null);
    expect(change).toBeDefined();
    const job = await t.database.db
      .selectFrom('jobs')
      .select([sql<string>`start_date::text`.as('start')])
      .where('id', '=', change!.job_id)
      .executeTakeFirstOrThrow();
    // A job added after the run, on the same day, with that physicist locked on it.
    await t.database.db
      .insertInto('jobs')
      .values({
        customer: 'Added Later',
        location: 'Added Later',
        zip_code: '90027',
        start_date: job.start,
        end_date: job.start,
        assigned_lead_id: change!.before!.id,
        lead_pinned: true,
      })
      .execute();
    const edited = await plan();
    const res = await api('POST', `/api/v1/runs/${run.id}/restore`, { force: true });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^Putting back run ${run.id} would break the scheduling rules \\(job \\d+ lead`),
    );
    expect(await plan()).toEqual(edited);
  });

  it('records a kit assignment with its kit changes, and restore puts the kits back', async () => {
    const before = await plan();
    const res = await api('POST', '/api/v1/kits/assign');
    expect(res.statusCode).toBe(200);
    const run = await newestRun(t);
    expect(run).toMatchObject({ kind: 'kit_assignment', algorithm: null, seed: null });
    expect(run.changes.length).toBeGreaterThan(0);
    expect(new Set(run.changes.map((c) => c.slot))).toEqual(new Set(['kit']));
    const restored = await api('POST', `/api/v1/runs/${run.id}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect(await plan()).toEqual(before);
  });

  it('refuses a regular user, an unknown run and a body with unknown fields', async () => {
    expect((await api('POST', '/api/v1/runs/1/restore', {}, t.tokens.regular)).statusCode).toBe(
      403,
    );
    expect((await api('GET', '/api/v1/runs/424242')).json()).toEqual({
      detail: 'Run 424242 not found',
    });
    const bad = await api('POST', '/api/v1/runs/1/restore', { forse: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/forse|Unrecognized/);
  });

  it('replay reproduces F with the recorded seed and iteration cap, and says when the input changed', async () => {
    for (const algorithm of ['ils', 'mcmc_sa']) {
      const run = await optimiseAndWait(t, algorithm, 400);
      expect(run.max_iterations).toBe(400);
      expect(run.seed).not.toBeNull();
      const res = await api('POST', `/api/v1/runs/${run.id}/replay`);
      expect(res.statusCode).toBe(200);
      const replay = ReplayResultSchema.parse(res.json());
      expect(replay).toMatchObject({
        run_id: run.id,
        fingerprint_matches: true,
        deterministic: true,
        reproduced: true,
        seed: run.seed,
        max_iterations: 400,
      });
      expect(replay.objective_replayed).toEqual(run.objective_after);
    }
    const run = await optimiseAndWait(t, 'ils', 300);
    // New leave for a lead: the input the run read is gone, so a rerun is no reproduction.
    await t.database.db
      .insertInto('unavailability')
      .values({ physicist_name: 'Ada Lead', start_date: '2027-01-04', end_date: '2027-01-05' })
      .execute();
    const replay = ReplayResultSchema.parse(
      (await api('POST', `/api/v1/runs/${run.id}/replay`)).json(),
    );
    expect(replay.fingerprint_matches).toBe(false);
    expect(replay.reproduced).toBe(false);
    expect(replay.message).toMatch(/fingerprint no longer matches/);
  });
});
