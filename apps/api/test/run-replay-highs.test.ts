import { ReplayResultSchema, RunDetailSchema, RunListSchema } from '@meridian/contracts';
import type { ReplayRecipe } from '@meridian/optimizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { createReplayApp, readStream } from './tasks-fixture';

// Short enough that HiGHS cannot finish, even on a quiet machine: the time limit ends it.
const LIMIT_MS = 1_000;
let t: TestApp;

beforeAll(async () => {
  // More jobs at once than physicists of a role: the warm start leaves fillable slots empty,
  // so milp solves its whole model (not by role).
  t = await createReplayApp(LIMIT_MS, {
    jobs: 60,
    month: '2027-03',
    dayStride: 7,
    dayModulo: 12,
    clinics: 13,
    zips: ['10016', '60611', '90027', '98104', '77030', '02108', '10001', '60601', '90012'],
    homeZips: ['10001', '60601', '90012', '77002', '98101', '02108'],
  });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: t.bearer(t.tokens.manager) });

async function optimise(algorithm: string) {
  const res = await api('POST', `/api/v1/optimize/assign?algorithm=${algorithm}`);
  expect(res.statusCode).toBe(202);
  const { events } = await readStream(
    t,
    `/api/v1/optimize/stream/${res.json<{ task_id: string }>().task_id}`,
  );
  expect(events.at(-1)!.data).toMatchObject({ type: 'complete' });
  const [newest] = RunListSchema.parse((await api('GET', '/api/v1/runs')).json());
  return RunDetailSchema.parse((await api('GET', `/api/v1/runs/${newest!.id}`)).json());
}

/** Whether the clock stopped one of the recipe's HiGHS runs: at a callback, or by ending its thread. */
const clockStopped = (recipe: ReplayRecipe | null) =>
  recipe?.highs?.some(({ stops }) => stops.cuts.length > 0 || stops.killedAfter !== undefined) ??
  false;

/**
 * A run of `algorithm` whose HiGHS the clock stopped, and its stored recipe:
 * each run draws its own seed, and predict_then_optimize's small MILP can
 * finish within the limit on a quiet machine (about half its runs here), so
 * up to six are tried.
 */
async function clockStoppedRun(algorithm: string) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const run = await optimise(algorithm);
    const stored = await t.database.db
      .selectFrom('optimization_runs')
      .select(['replay', 'replay_blocker'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    const recipe = stored.replay as ReplayRecipe | null;
    if (clockStopped(recipe)) return { run, recipe: recipe!, blocker: stored.replay_blocker };
  }
  throw new Error(`six ${algorithm} runs, and the clock stopped HiGHS in none`);
}

describe('replay of runs whose HiGHS the time limit stopped', () => {
  it.each(['milp', 'predict_then_optimize'])(
    '%s: it reproduces F from where HiGHS stopped, counted in its callbacks',
    async (algorithm) => {
      const { run, recipe, blocker } = await clockStoppedRun(algorithm);
      expect(run.status).toBe('timeout');
      expect(blocker).toBeNull();
      // milp on its whole model, not by role.
      expect(recipe.milp).toBeUndefined();
      const res = await api('POST', `/api/v1/runs/${run.id}/replay`);
      expect(res.statusCode).toBe(200);
      const verdict = ReplayResultSchema.parse(res.json());
      expect(verdict).toMatchObject({
        run_id: run.id,
        fingerprint_matches: true,
        deterministic: true,
        reproduced: true,
      });
      expect(verdict.message).toMatch(/^Reproduced: /);
      expect(verdict.objective_replayed).toEqual(run.objective_after);
    },
  );
});
