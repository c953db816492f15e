import { ReplayResultSchema } from '@meridian/contracts';
import type { ReplayRecipe } from '@meridian/optimizer';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { managerApi, optimiseAndWait, type ManagerApi } from './runs-fixture';
import { createReplayApp } from './tasks-fixture';

/**
 * More jobs at once than physicists of a role: the warm start leaves fillable
 * slots empty, so milp solves its whole model (not by role).
 */
const CLINICS = {
  jobs: 60,
  month: '2027-03',
  dayStride: 7,
  dayModulo: 12,
  clinics: 13,
  zips: ['10016', '60611', '90027', '98104', '77030', '02108', '10001', '60601', '90012'],
  homeZips: ['10001', '60601', '90012', '77002', '98101', '02108'],
};

/**
 * The time limits tried, in turn, until the clock stops a run's HiGHS, as
 * machines and their load differ. milp's whole model never finishes in 1 s.
 * predict_then_optimize's small MILP can finish within 1 s on a quiet machine
 * (about half its runs), while on a loaded one a short limit leaves its
 * teacher too little data, and it falls back to the heuristic without HiGHS
 * (seen in CI: six runs at 1 s, none reached HiGHS's clock).
 */
const LIMITS_MS: Record<string, number[]> = {
  milp: [1_000],
  predict_then_optimize: [1_000, 2_000, 600, 3_000],
};
const RUNS_PER_LIMIT = 3;

let t: TestApp | undefined;
let api: ManagerApi;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Whether the clock stopped one of the recipe's HiGHS runs: at a callback, or by ending its thread. */
const clockStopped = (recipe: ReplayRecipe | null) =>
  recipe?.highs?.some(({ stops }) => stops.cuts.length > 0 || stops.killedAfter !== undefined) ??
  false;

/**
 * A run of `algorithm` whose HiGHS the clock stopped, and its stored recipe,
 * on an app (left in `t`) at the first of its limits where one did: each run
 * draws its own seed, so a few are tried at each limit.
 */
async function clockStoppedRun(algorithm: string) {
  for (const limitMs of LIMITS_MS[algorithm]!) {
    await t?.close();
    t = await createReplayApp(limitMs, CLINICS);
    api = managerApi(t);
    for (let attempt = 0; attempt < RUNS_PER_LIMIT; attempt++) {
      const run = await optimiseAndWait(t, algorithm);
      const stored = await t.database.db
        .selectFrom('optimization_runs')
        .select(['replay', 'replay_blocker'])
        .where('id', '=', run.id)
        .executeTakeFirstOrThrow();
      const recipe = stored.replay as ReplayRecipe | null;
      if (clockStopped(recipe)) return { run, recipe: recipe!, blocker: stored.replay_blocker };
    }
  }
  throw new Error(
    `${algorithm} at ${LIMITS_MS[algorithm]!.join(', ')} ms, ${RUNS_PER_LIMIT} runs each: the clock stopped HiGHS in none`,
  );
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
    120_000,
  );
});
