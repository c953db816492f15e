import {
  AppliedProposalSchema,
  OptimizeStreamMessageSchema,
  ProposalSchema,
  RestoreResultSchema,
  RunDetailSchema,
  RunListSchema,
  UnavailabilityListSchema,
  WhatIfStreamMessageSchema,
  type Proposal,
} from '@meridian/contracts';
import {
  DEFAULT_WEIGHTS,
  evaluateObjective,
  rangesOverlap,
  type JobAssignment,
} from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRepository } from '../src/repositories/instance.repository';
import { InstanceBuilder } from '../src/services/instance-builder';
import { createTestApp, type TestApp } from './support/test-app';
import {
  pin,
  readStream,
  seedSchedule,
  storedSlots,
  storedViolations,
  type Seeded,
} from './tasks-fixture';

let t: TestApp;
let seeded: Seeded;

beforeAll(async () => {
  t = await createTestApp({ tasks: { optimizeTimeLimitMs: 1000 } });
  seeded = await seedSchedule(t);
  // A plan to repair: a heuristic run and kit assignment.
  const run = await post('/api/v1/optimize/assign?algorithm=heuristic');
  await readStream(t, `/api/v1/optimize/stream/${run.json<{ task_id: string }>().task_id}`);
  expect((await post('/api/v1/kits/assign')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function post(url: string, body?: unknown, token = t.tokens.manager) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: t.bearer(token),
    ...(body ? { payload: body } : {}),
  });
}

/** A GET as the manager. */
function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: t.bearer(t.tokens.manager) });
}

/** Starts a what-if, follows its stream to the end and reads the proposal it made. */
async function whatIf(body: Record<string, unknown>): Promise<Proposal> {
  const res = await post('/api/v1/optimize/what-if', body);
  expect(res.statusCode, res.body).toBe(202);
  const { task_id } = res.json<{ task_id: string }>();
  const { events } = await readStream(t, `/api/v1/optimize/what-if/stream/${task_id}`);
  const messages = events.map((e) => WhatIfStreamMessageSchema.parse(e.data));
  const last = messages.at(-1)!;
  if (last.type !== 'complete') throw new Error(`what-if ended with ${JSON.stringify(last)}`);
  const got = await t.app.inject({
    method: 'GET',
    url: `/api/v1/proposals/${last.proposal_id}`,
    headers: t.bearer(t.tokens.manager),
  });
  expect(got.statusCode).toBe(200);
  return ProposalSchema.parse(got.json());
}

/** The stored plan and instance, with `who` on leave start..end as the what-if supposes. */
async function storedWorld(who?: { name: string; start: string; end: string }) {
  const built = await new InstanceBuilder(
    new InstanceRepository(),
    t.app.services.planWindow,
  ).build(t.database.db, DEFAULT_WEIGHTS);
  if (who) {
    const p = built.instance.physicists.find((x) => x.name === who.name)!;
    p.unavailable.push({ start: who.start, end: who.end });
  }
  const rows = new Map((await storedSlots(t)).map((r) => [String(r.id), r]));
  const text = (v: number | null) => (v === null ? null : String(v));
  const plan: JobAssignment[] = built.instance.jobs.map((j) => ({
    job_id: j.id,
    lead_id: text(rows.get(j.id)!.assigned_lead_id),
    data_acq_id: text(rows.get(j.id)!.assigned_data_acq_id),
    kit_id: text(rows.get(j.id)!.assigned_kit_id),
  }));
  return { instance: built.instance, plan };
}

const FIELD = { lead: 'lead_id', data_acq: 'data_acq_id', kit: 'kit_id' } as const;

describe('what-if drill', () => {
  it('proposes the smallest repair for a sick lead, changes nothing until applied, then applies it', async () => {
    const before = await storedSlots(t);
    const [job0] = before;
    const sick = job0!.assigned_lead_id!;
    const names = await t.database.db.selectFrom('physicists').select(['id', 'name']).execute();
    const sickName = names.find((n) => n.id === sick)!.name;
    const window = { start: '2027-01-04', end: '2027-01-08' };
    const proposal = await whatIf({ physicist_id: sick, ...window });

    expect(proposal.source).toBe('what_if');
    expect(proposal.status).toBe('ready');
    expect(proposal.absence).toMatchObject({ physicist_id: sick, name: sickName, ...window });
    expect(proposal.exact).toBe(true);
    // Nothing is written by a what-if.
    expect(await storedSlots(t)).toEqual(before);

    // Every slot of the sick lead in the window changes; no change names them as the new holder.
    const world = await storedWorld({ name: sickName, ...window });
    const jobs = new Map(world.instance.jobs.map((j) => [j.id, j]));
    const forced = world.plan.filter((a) => {
      const j = jobs.get(a.job_id)!;
      return a.lead_id === String(sick) && rangesOverlap(j.start, j.end, window.start, window.end);
    });
    expect(forced.length).toBeGreaterThan(0);
    for (const a of forced) {
      expect(proposal.changes.some((c) => String(c.job_id) === a.job_id && c.slot === 'lead')).toBe(
        true,
      );
    }
    expect(proposal.changes.every((c) => c.after !== sick)).toBe(true);

    // F's parts are the evaluator's, on the plan with the changes and the absence as leave.
    const after = world.plan.map((a) => ({ ...a }));
    for (const c of proposal.changes) {
      const row = after.find((a) => a.job_id === String(c.job_id))!;
      expect(row[FIELD[c.slot]]).toBe(c.before === null ? null : String(c.before));
      row[FIELD[c.slot]] = c.after === null ? null : String(c.after);
    }
    const evaluated = evaluateObjective(world.instance, after);
    expect(proposal.objective_after.total).toBeCloseTo(evaluated.total, 9);
    expect(proposal.objective_after.distance_miles).toBeCloseTo(evaluated.distance_miles, 9);
    expect(proposal.objective_before.total).toBeCloseTo(
      evaluateObjective(world.instance, world.plan).total,
      9,
    );

    // The plan as stored (no absence as leave): what the applied run's F before is read on.
    const stored = await storedWorld();
    const applied = await post(`/api/v1/proposals/${proposal.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = AppliedProposalSchema.parse(applied.json());
    expect(answer.status).toBe('applied');
    // The absence is leave now (same transaction), so nothing puts the sick lead back.
    expect(answer.recorded_leave).toEqual([
      expect.objectContaining({
        physicist_name: sickName,
        start_date: window.start,
        end_date: window.end,
      }),
    ]);
    expect(answer.message).toBe(
      `Proposal applied: ${proposal.changes.length} slot${proposal.changes.length === 1 ? '' : 's'} changed. ${sickName}'s leave is recorded for ${window.start} to ${window.end}, so no run or manual assignment puts them back.`,
    );
    const leaveNow = UnavailabilityListSchema.parse((await get('/api/v1/availability/')).json());
    expect(leaveNow.filter((r) => r.id === answer.recorded_leave[0]!.id)).toHaveLength(1);
    const forcedJob = Number(forced[0]!.job_id);
    const putBack = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assignments/manual',
      headers: t.bearer(t.tokens.manager),
      payload: { job_id: forcedJob, role: 'lead', physicist_id: sick },
    });
    expect([400, 409], putBack.body).toContain(putBack.statusCode);
    expect(putBack.json<{ detail: string }>().detail).toMatch(/unavailable|leave/i);
    const now = new Map((await storedSlots(t)).map((r) => [r.id, r]));
    for (const c of proposal.changes) {
      const column = (
        {
          lead: 'assigned_lead_id',
          data_acq: 'assigned_data_acq_id',
          kit: 'assigned_kit_id',
        } as const
      )[c.slot];
      expect(now.get(c.job_id)![column]).toBe(c.after);
    }
    expect(await storedViolations(t)).toEqual([]);
    // A repaired job's reason no longer names the sick lead, and says why it changed.
    const repaired = proposal.changes.find((c) => c.slot === 'lead')!;
    const reason = now.get(repaired.job_id)!.reason;
    expect(before.find((r) => r.id === repaired.job_id)!.reason).toContain(`Lead: ${sickName} (`);
    expect(reason).not.toContain(`Lead: ${sickName} (`);
    expect(reason).toContain(
      repaired.after === null
        ? 'no free physician for lead'
        : `Lead: ${names.find((n) => n.id === repaired.after)!.name} (`,
    );
    expect(reason).toContain(
      `Repaired by a what-if (${sickName} out ${window.start} to ${window.end}), applied on `,
    );

    // Applied as a recorded run: newest in /runs, with exactly the proposal's slots.
    const applyF = evaluateObjective(stored.instance, stored.plan);
    const [newest] = RunListSchema.parse((await get('/api/v1/runs')).json());
    expect(newest).toMatchObject({
      kind: 'proposal',
      algorithm: null,
      changed_slots: proposal.changes.length,
      created_by: 'manager1',
    });
    expect(newest!.objective_before!.total).toBeCloseTo(applyF.total, 9);
    const run = RunDetailSchema.parse((await get(`/api/v1/runs/${newest!.id}`)).json());
    const key = (c: { job_id: number; slot: string }) => `${c.job_id}|${c.slot}`;
    expect(run.changes.map(key).sort()).toEqual(proposal.changes.map(key).sort());
    for (const c of run.changes) {
      const p = proposal.changes.find((x) => key(x) === key(c))!;
      expect([c.before?.id ?? null, c.after?.id ?? null]).toEqual([p.before, p.after]);
    }
    const afterApply = await storedSlots(t);

    // Decided once.
    const again = await post(`/api/v1/proposals/${proposal.id}/apply`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(/already applied/);
    expect(await storedSlots(t)).toEqual(afterApply);

    // Undo: restore puts back the plan as it was before the proposal (slots and pins).
    const restore = await post(`/api/v1/runs/${run.id}/restore`, {});
    expect(restore.statusCode, restore.body).toBe(200);
    const restored = RestoreResultSchema.parse(restore.json());
    expect(restored.run).toMatchObject({
      kind: 'restore',
      restored_run_id: run.id,
      changed_slots: proposal.changes.length,
    });
    // The undo takes the leave the apply recorded with it.
    expect(restored.message).toContain(
      `removed the leave it recorded (${sickName} ${window.start} to ${window.end})`,
    );
    const leaveAfterUndo = UnavailabilityListSchema.parse(
      (await get('/api/v1/availability/')).json(),
    );
    expect(leaveAfterUndo.some((r) => r.id === answer.recorded_leave[0]!.id)).toBe(false);
    const strip = (rows: Awaited<ReturnType<typeof storedSlots>>) =>
      rows.map(({ version: _v, ...rest }) => rest);
    expect(strip(await storedSlots(t))).toEqual(strip(before));

    // Undoing the undo brings back the repair and the absence it removed.
    const redo = await post(`/api/v1/runs/${restored.run.id}/restore`, {});
    expect(redo.statusCode, redo.body).toBe(200);
    const redone = RestoreResultSchema.parse(redo.json());
    expect(redone.message).toContain(
      `put back the leave it removed (${sickName} ${window.start} to ${window.end})`,
    );
    expect(strip(await storedSlots(t))).toEqual(strip(afterApply));
    const sickLeave = <R extends { physicist_name: string; start_date: string }>(
      rows: readonly R[],
    ) => rows.filter((r) => r.physicist_name === sickName && r.start_date === window.start);
    const leaveAfterRedo = UnavailabilityListSchema.parse(
      (await get('/api/v1/availability/')).json(),
    );
    expect(sickLeave(leaveAfterRedo)).toHaveLength(1);
    expect(sickLeave(leaveAfterRedo)[0]!.end_date).toBe(window.end);

    // And that run is undone like the apply was: the leave goes with it again.
    const third = await post(`/api/v1/runs/${redone.run.id}/restore`, {});
    expect(third.statusCode, third.body).toBe(200);
    expect(RestoreResultSchema.parse(third.json()).message).toContain(
      `removed the leave it recorded (${sickName} ${window.start} to ${window.end})`,
    );
    expect(
      sickLeave(UnavailabilityListSchema.parse((await get('/api/v1/availability/')).json())),
    ).toHaveLength(0);
    expect(strip(await storedSlots(t))).toEqual(strip(before));
  });

  it('answers 409 on apply after an edit of the plan, and discards', async () => {
    const rows = await storedSlots(t);
    const acq = rows.find((r) => r.assigned_data_acq_id !== null)!;
    const proposal = await whatIf({
      physicist_id: acq.assigned_data_acq_id,
      start: '2027-01-01',
      end: '2027-01-31',
    });
    expect(proposal.changes.length).toBeGreaterThan(0);
    // Someone edits the plan meanwhile: a slot of a changed job is pinned to another lead.
    const changed = proposal.changes[0]!;
    const other = seeded.leads.find(
      (l) => l !== rows.find((r) => r.id === changed.job_id)!.assigned_lead_id,
    )!;
    await pin(t, changed.job_id, 'lead', other);
    const before = await storedSlots(t);
    const res = await post(`/api/v1/proposals/${proposal.id}/apply`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /plan changed since proposal \d+ was made/,
    );
    expect(await storedSlots(t)).toEqual(before);

    const discard = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/proposals/${proposal.id}`,
      headers: t.bearer(t.tokens.manager),
    });
    expect(discard.statusCode).toBe(204);
    expect((await post(`/api/v1/proposals/${proposal.id}/apply`)).statusCode).toBe(409);
  });

  it('repairs a kit going into maintenance', async () => {
    const rows = await storedSlots(t);
    const kit = rows.find((r) => r.assigned_kit_id !== null)!.assigned_kit_id!;
    const proposal = await whatIf({ kit_id: kit, start: '2027-01-01', end: '2027-01-31' });
    expect(proposal.changes.length).toBeGreaterThan(0);
    expect(proposal.changes.every((c) => c.slot === 'kit' && c.after !== kit)).toBe(true);
    // Kits are not part of F.
    expect(proposal.objective_after).toEqual(proposal.objective_before);
    // The model has no dated kit unavailability: applying says so and records nothing.
    const leaveBefore = (await get('/api/v1/availability/')).json<unknown[]>();
    const applied = await post(`/api/v1/proposals/${proposal.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = AppliedProposalSchema.parse(applied.json());
    expect(answer.recorded_leave).toEqual([]);
    expect(answer.message).toMatch(
      /absence 2027-01-01 to 2027-01-31 is not recorded: a kit has only an out-for-maintenance flag/,
    );
    expect((await get('/api/v1/availability/')).json<unknown[]>()).toEqual(leaveBefore);
  });

  it('records only the days of the absence not already on leave', async () => {
    const rows = await storedSlots(t);
    const lead = rows.find((r) => r.assigned_lead_id !== null)!.assigned_lead_id!;
    const name = (
      await t.database.db
        .selectFrom('physicists')
        .select('name')
        .where('id', '=', lead)
        .executeTakeFirstOrThrow()
    ).name;
    const existing = await post('/api/v1/availability/', {
      physicist_name: name,
      start_date: '2027-03-03',
      end_date: '2027-03-04',
    });
    expect(existing.statusCode, existing.body).toBeLessThan(300);
    const proposal = await whatIf({ physicist_id: lead, start: '2027-03-01', end: '2027-03-06' });
    const applied = await post(`/api/v1/proposals/${proposal.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = AppliedProposalSchema.parse(applied.json());
    expect(answer.recorded_leave.map((r) => [r.start_date, r.end_date])).toEqual([
      ['2027-03-01', '2027-03-02'],
      ['2027-03-05', '2027-03-06'],
    ]);
    expect(answer.message).toContain(
      `${name}'s leave is recorded for 2027-03-01 to 2027-03-02, 2027-03-05 to 2027-03-06`,
    );
  });

  it('refuses bad requests with a {detail} naming the problem', async () => {
    const both = await post('/api/v1/optimize/what-if', {
      physicist_id: 1,
      kit_id: 1,
      start: '2027-01-01',
      end: '2027-01-02',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ detail: string }>().detail).toMatch(
      /exactly one of physicist_id and kit_id/,
    );
    const backwards = await post('/api/v1/optimize/what-if', {
      physicist_id: seeded.leads[0],
      start: '2027-01-05',
      end: '2027-01-02',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ detail: string }>().detail).toMatch(/end is before start/);
    const unknown = await post('/api/v1/optimize/what-if', {
      kit_id: 999999,
      start: '2027-01-01',
      end: '2027-01-02',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe('Kit 999999 not found');
    const regular = await post(
      '/api/v1/optimize/what-if',
      { kit_id: seeded.kits[0], start: '2027-01-01', end: '2027-01-02' },
      t.tokens.regular,
    );
    expect(regular.statusCode).toBe(403);
  });
});

describe('preview runs (apply=false)', () => {
  it('turn the result into a proposal and change nothing', async () => {
    // Empty a few slots so the run has something to change.
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: null, lead_pinned: false })
      .execute();
    const before = await storedSlots(t);
    const res = await post('/api/v1/optimize/assign?algorithm=heuristic&apply=false');
    expect(res.statusCode).toBe(202);
    expect(res.json<{ name: string }>().name).toMatch(/^Preview/);
    const { events } = await readStream(
      t,
      `/api/v1/optimize/stream/${res.json<{ task_id: string }>().task_id}`,
    );
    const last = OptimizeStreamMessageSchema.parse(events.at(-1)!.data);
    if (last.type !== 'complete') throw new Error(JSON.stringify(last));
    expect(last.proposal_id).toBeGreaterThan(0);
    expect(await storedSlots(t)).toEqual(before);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/proposals/${last.proposal_id}`,
      headers: t.bearer(t.tokens.manager),
    });
    const proposal = ProposalSchema.parse(got.json());
    expect(proposal).toMatchObject({ source: 'preview', algorithm: 'heuristic', exact: null });
    expect(
      proposal.changes.filter((c) => c.slot === 'lead' && c.after !== null).length,
    ).toBeGreaterThan(0);
    expect(proposal.objective_after.total).toBe(last.result.objective.total);
    expect(proposal.objective_after.unassigned).toBeLessThan(proposal.objective_before.unassigned);

    const bad = await post('/api/v1/optimize/assign?algorithm=heuristic&apply=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/apply must be 'true' or 'false'/);
  });
});
