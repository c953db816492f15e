import { ReplayResultSchema } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { managerApi, optimiseAndWait, type ManagerApi } from './runs-fixture';
import { createReplayApp } from './tasks-fixture';

// Runs started as the web starts them: no iteration cap, only the time limit (short here).
const LIMIT_MS = 700;
let t: TestApp;
let api: ManagerApi;

beforeAll(async () => {
  t = await createReplayApp(LIMIT_MS, {
    jobs: 40,
    month: '2027-03',
    dayStride: 7,
    dayModulo: 27,
    clinics: 13,
    zips: ['10016', '60611', '90027', '98104', '77030', '02108', '10001', '60601', '90012'],
    homeZips: ['10001', '60601', '90012', '77002', '98101', '02108'],
  });
  api = managerApi(t);
});
afterAll(async () => {
  await t.close();
});

async function replay(id: number) {
  const res = await api('POST', `/api/v1/runs/${id}/replay`);
  expect(res.statusCode).toBe(200);
  return ReplayResultSchema.parse(res.json());
}

describe('replay of runs started without an iteration cap', () => {
  it.each([
    'portfolio',
    'ils',
    'alns',
    'mcmc_sa',
    'ts',
    'ga',
    'aco',
    'monte_carlo',
    // cp_sat: conflict budgets and a recorded end of its start kicks; a learned key: recorded
    // ends of its teacher and training, and its polish's own recipe (nested in the run's).
    'cp_sat',
    'ml_predictive',
    // milp: its ALNS segments' recipes and where each HiGHS thread stopped, in HiGHS's callbacks.
    'milp',
  ])('%s: bound by its time limit, it reproduces F from its recorded recipe', async (algorithm) => {
    const run = await optimiseAndWait(t, algorithm);
    expect(run.max_iterations).toBeNull();
    expect(run.status).toBe('timeout');
    // The clock ended the run: its recipe records which stop test said so.
    const stored = await t.database.db
      .selectFrom('optimization_runs')
      .select(['replay', 'replay_blocker'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(stored.replay_blocker).toBeNull();
    expect(JSON.stringify(stored.replay)).toMatch(/"(stopAtCheck|cutAtCheck)":\d+/);
    const verdict = await replay(run.id);
    expect(verdict).toMatchObject({
      run_id: run.id,
      fingerprint_matches: true,
      deterministic: true,
      reproduced: true,
      seed: run.seed,
    });
    expect(verdict.message).toMatch(/^Reproduced: /);
    expect(verdict.objective_replayed).toEqual(run.objective_after);
  });

  it('a run recorded before recipes: repeatable only when its cap ended it, and said so', async () => {
    // A cap small enough to end the run well inside its 0.7 s limit on a loaded
    // machine: the old rule counts a run as repeatable only when the cap ended it.
    const capped = await optimiseAndWait(t, 'ils', 30);
    const uncapped = await optimiseAndWait(t, 'ils');
    await t.database.db
      .updateTable('optimization_runs')
      .set({ replay: null })
      .where('id', 'in', [capped.id, uncapped.id])
      .execute();
    expect(await replay(capped.id)).toMatchObject({
      deterministic: true,
      reproduced: true,
      max_iterations: 30,
    });
    const old = await replay(uncapped.id);
    expect(old.deterministic).toBe(false);
    expect(old.message).toMatch(/recorded before runs kept what reproduces them/);
  });

  it('is honest when it cannot reproduce: a changed input', async () => {
    const run = await optimiseAndWait(t, 'ils');
    await t.database.db
      .insertInto('unavailability')
      .values({ physicist_name: 'Lead 0', start_date: '2027-03-01', end_date: '2027-03-10' })
      .execute();
    const changed = await replay(run.id);
    expect(changed.fingerprint_matches).toBe(false);
    expect(changed.deterministic).toBe(true);
    expect(changed.reproduced).toBe(false);
    expect(changed.message).toMatch(/fingerprint no longer matches/);
  });
});
