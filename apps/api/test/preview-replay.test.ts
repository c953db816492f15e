import {
  AppliedProposalSchema,
  OptimizeStreamMessageSchema,
  ReplayResultSchema,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { managerApi, newestRun, type ManagerApi } from './runs-fixture';
import { createReplayApp, readStream } from './tasks-fixture';

// Previews started as the web starts them: no iteration cap, only a short time limit.
let t: TestApp;
let api: ManagerApi;

beforeAll(async () => {
  t = await createReplayApp(700, {
    jobs: 24,
    month: '2027-02',
    dayStride: 5,
    dayModulo: 25,
    clinics: 9,
    zips: ['10016', '60611', '90027', '98104', '77030', '02108'],
    homeZips: ['10001', '60601', '90012', '98101'],
  });
  api = managerApi(t);
});
afterAll(async () => {
  await t.close();
});

/** Starts a preview, follows it to its proposal and applies that; the proposal as applied. */
async function previewAndApply(algorithm: string) {
  // Empty the leads so each preview has something to change.
  await t.database.db
    .updateTable('jobs')
    .set({ assigned_lead_id: null, lead_pinned: false })
    .execute();
  const res = await api('POST', `/api/v1/optimize/assign?algorithm=${algorithm}&apply=false`);
  expect(res.statusCode, res.body).toBe(202);
  const { task_id } = res.json<{ task_id: string }>();
  const { events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
  const last = OptimizeStreamMessageSchema.parse(events.at(-1)!.data);
  if (last.type !== 'complete' || last.proposal_id === undefined)
    throw new Error(`preview ended with ${JSON.stringify(last)}`);
  const applied = await api('POST', `/api/v1/proposals/${last.proposal_id}/apply`);
  expect(applied.statusCode, applied.body).toBe(200);
  return AppliedProposalSchema.parse(applied.json());
}

describe('replay of an applied preview', () => {
  it.each(['ils', 'portfolio'])(
    '%s: the run the apply records keeps the search, and replay reproduces the F it wrote',
    async (algorithm) => {
      const proposal = await previewAndApply(algorithm);
      expect(proposal.changes.length).toBeGreaterThan(0);
      const run = await newestRun(t);
      expect(run).toMatchObject({ kind: 'proposal', algorithm, status: 'timeout' });
      expect(run.seed).not.toBeNull();
      expect(run.time_limit_ms).toBe(700);
      // The run's F after is the proposal's plan, written.
      expect(run.objective_after.total).toBeCloseTo(proposal.objective_after.total, 9);
      const res = await api('POST', `/api/v1/runs/${run.id}/replay`);
      expect(res.statusCode, res.body).toBe(200);
      const verdict = ReplayResultSchema.parse(res.json());
      expect(verdict).toMatchObject({
        run_id: run.id,
        fingerprint_matches: true,
        deterministic: true,
        reproduced: true,
        seed: run.seed,
      });
      expect(verdict.message).toMatch(/^Reproduced: /);
      expect(verdict.objective_replayed.total).toBeCloseTo(proposal.objective_after.total, 6);
    },
  );

  it('a preview applied after its stored search was lost is refused with that reason', async () => {
    await previewAndApply('ils');
    const run = await newestRun(t);
    // As a preview applied before migration 0016 was recorded: no seed, limit or recipe.
    await t.database.db
      .updateTable('optimization_runs')
      .set({ seed: null, time_limit_ms: null, replay: null })
      .where('id', '=', run.id)
      .execute();
    const res = await api('POST', `/api/v1/runs/${run.id}/replay`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(
      `Run ${run.id} applied a preview recorded before previews kept their seed and recipe; it cannot be replayed`,
    );
  });
});
