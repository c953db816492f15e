import { RestoreResultSchema } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { managerApi, newestRun, optimiseAndWait, type ManagerApi } from './runs-fixture';
import { seedSchedule } from './tasks-fixture';

let t: TestApp;
let api: ManagerApi;

beforeAll(async () => {
  t = await createTestApp({ tasks: { optimizeTimeLimitMs: 60_000 } });
  await seedSchedule(t);
  api = managerApi(t);
});
afterAll(async () => {
  await t.close();
});

/** Every job's slots as stored: what a refused restore must leave alone. */
const slots = () =>
  t.database.db
    .selectFrom('jobs')
    .select(['id', 'assigned_lead_id', 'assigned_data_acq_id', 'assigned_kit_id', 'reason'])
    .orderBy('id')
    .execute();

const runCount = async () =>
  (await t.database.db.selectFrom('optimization_runs').select('id').execute()).length;

const remove = (url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: t.bearer(t.tokens.manager) });

type Changes = { changes: { slot: string; before: { id: number; name: string } | null }[] };

/** Restores `runId` and returns the restore's own run (so its "before" is the plan `runId` left). */
async function undo(runId: number) {
  const res = await api('POST', `/api/v1/runs/${runId}/restore`, { force: true });
  expect(res.statusCode, res.body).toBe(200);
  return RestoreResultSchema.parse(res.json()).run.id;
}

describe('restore of a run whose "before" names someone deleted since', () => {
  it('a restore without any body is accepted (force is optional)', async () => {
    const run = await optimiseAndWait(t, 'heuristic');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/runs/${run.id}/restore`,
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RestoreResultSchema.parse(res.json()).run.restored_run_id).toBe(run.id);
  });

  it('a deleted physicist: 409 naming them, with or without force, and nothing changes', async () => {
    const run = await optimiseAndWait(t, 'heuristic');
    // Undoing the run records a run whose "before" holds the optimisation's people.
    const undoneId = await undo(run.id);
    const undone = await api('GET', `/api/v1/runs/${undoneId}`);
    const { changes } = undone.json<Changes>();
    const person = changes.find((c) => c.slot === 'lead' && c.before !== null)!.before!;
    expect((await remove(`/api/v1/physicists/${person.id}`)).statusCode).toBe(200);

    const before = await slots();
    const runs = await runCount();
    for (const body of [{}, { force: false }, { force: true }]) {
      const res = await api('POST', `/api/v1/runs/${undoneId}/restore`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json<{ detail: string }>().detail).toContain(`physicist ${person.name}`);
    }
    expect(await slots()).toEqual(before);
    expect(await runCount()).toBe(runs);
  });

  it('a deleted kit: 409 naming it, with or without force, and nothing changes', async () => {
    expect((await api('POST', '/api/v1/kits/assign')).statusCode).toBe(200);
    const assigned = await newestRun(t);
    const undoneId = await undo(assigned.id);
    const undone = await api('GET', `/api/v1/runs/${undoneId}`);
    const { changes } = undone.json<Changes>();
    const kit = changes.find((c) => c.slot === 'kit' && c.before !== null)!.before!;
    expect((await remove(`/api/v1/kits/${kit.id}`)).statusCode).toBe(200);

    const before = await slots();
    const runs = await runCount();
    for (const body of [{ force: false }, { force: true }]) {
      const res = await api('POST', `/api/v1/runs/${undoneId}/restore`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json<{ detail: string }>().detail).toContain(`kit ${kit.name}`);
    }
    expect(await slots()).toEqual(before);
    expect(await runCount()).toBe(runs);
  });
});
