import { evaluateObjective } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import { describe, expect, it, vi } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import type { ReplayRecipe } from '../src/core/contract';
import { ALGORITHM_REGISTRY } from '../src/registry/algorithm-registry';
import { solve } from '../src/runtime/solve';
import { generateInstance } from '../bench/generate';
import { byWindows, runDirect } from './exact-helpers';
import { randomInstance } from './fixtures';

const instance = randomInstance(12, 50, 12, 2);
const compiled = compileInstance(instance, instance.weights);

/**
 * Runs `algorithm` under an iteration cap in a context whose clock says
 * `elapsedMs` of `limitMs` are already gone, and returns its best solution's F.
 */
async function cappedRun(algorithm: AlgorithmKey, cap: number, limitMs: number, elapsedMs: number) {
  const ctx = new AlgorithmContext(
    instance,
    compiled,
    { algorithm, seed: 4, timeLimitMs: limitMs, maxIterations: cap },
    undefined,
    undefined,
    { startedAt: performance.now() - elapsedMs },
  );
  const outcome = await ALGORITHM_REGISTRY[algorithm](ctx);
  return { ctx, outcome, total: ctx.best.total, assign: Array.from(ctx.best.assign) };
}

describe('a capped run is replayable', () => {
  it.each([
    ['ils', 300],
    ['alns', 300],
    ['mcmc_sa', 40_000],
    ['ts', 300],
    ['ga', 60],
    ['aco', 12],
    ['monte_carlo', 30],
  ] as [AlgorithmKey, number][])(
    '%s: the same solution 25 s into a 30 s limit as at the start of a 90 s one',
    async (algorithm, cap) => {
      // Had a schedule read the clock, the first run would start five sixths of the way cold.
      const late = await cappedRun(algorithm, cap, 30_000, 25_000);
      const fresh = await cappedRun(algorithm, cap, 90_000, 0);
      expect(late.ctx.isTimedOut).toBe(false);
      expect(late.outcome.stats?.iterations).toBe(cap);
      expect(fresh.outcome.stats?.iterations).toBe(cap);
      expect(fresh.assign).toEqual(late.assign);
      // The solution's F, recomputed from scratch by the domain evaluator.
      const assignments = fresh.ctx.best.toAssignments();
      expect(evaluateObjective(instance, assignments).total).toBeCloseTo(late.total, 6);
    },
  );

  it('without a cap, the clock places knots and the schedule reads only them', () => {
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const options = { algorithm: 'ils' as const, seed: 1, timeLimitMs: 40_000 };
      const ctx = new AlgorithmContext(instance, compiled, options);
      expect(ctx.iterationCap).toBe(Infinity);
      expect(ctx.schedule(0)).toBe(0);
      // 10 s of 40 s at iteration 123: a knot, from the next iteration on, at a quarter of the
      // schedule, which reaches 1 after the 372 iterations this pace (124 in 10 s) fits in 30 s.
      now += 10_000;
      expect(ctx.schedule(123)).toBe(0);
      expect(ctx.schedule(124)).toBe(0.25);
      expect(ctx.schedule(124 + 186)).toBeCloseTo(0.625, 9);
      expect(ctx.schedule(124 + 372)).toBe(1);
      const recipe = ctx.replayRecipe(500);
      expect(recipe).toEqual({ schedule: [[124, 0.25, 372]], iterations: 500 });
      const seen = [0, 123, 124, 300, 496].map((i) => ctx.schedule(i));
      // A replay, its clock at 39 s of 40, reads the same progress from the knots.
      const replay = new AlgorithmContext(instance, compiled, { ...options, replay: recipe });
      now += 39_000;
      expect(replay.iterationCap).toBe(Infinity);
      expect([0, 123, 124, 300, 496].map((i) => replay.schedule(i))).toEqual(seen);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('an uncapped run is replayable from its recipe', () => {
  const uncapped = randomInstance(31, 70, 14, 3);

  /**
   * Runs `algorithm` (seed 5, limit `limitMs`) on a clock that moves 10 us per
   * reading, so the clock stops it at a point this test can repeat; then
   * replays its recipe (the one solve records) with a generous limit, and
   * checks that the replay records the same recipe and reaches the same
   * solution. Returns the recipe.
   */
  async function cutOnFakeClockThenReplay(algorithm: AlgorithmKey, limitMs: number) {
    const compiledUncapped = compileInstance(uncapped, uncapped.weights);
    const runWith = async (ctx: AlgorithmContext) => {
      const outcome = await ALGORITHM_REGISTRY[algorithm](ctx);
      return outcome.replay ?? ctx.replayRecipe(outcome.stats?.iterations as number);
    };
    const options = { algorithm, seed: 5 };
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 0.01));
    const cut = new AlgorithmContext(uncapped, compiledUncapped, {
      ...options,
      timeLimitMs: limitMs,
    });
    const recipe = await runWith(cut).finally(() => clock.mockRestore());
    const replay = new AlgorithmContext(uncapped, compiledUncapped, {
      ...options,
      timeLimitMs: 60_000,
      replay: recipe,
    });
    expect(await runWith(replay)).toEqual(recipe);
    expect(Array.from(replay.best.assign)).toEqual(Array.from(cut.best.assign));
    expect(replay.best.total).toBe(cut.best.total);
    return recipe;
  }
  it.each([
    ['ils', 400],
    ['alns', 400],
    ['mcmc_sa', 400],
    ['ts', 400],
    ['ga', 400],
    ['aco', 400],
    ['monte_carlo', 300],
    ['portfolio', 1_500],
    ['cp_sat', 1_500],
    ['ml_predictive', 2_000],
    // HiGHS finishes its model here; where the limit stops it, see the HiGHS tests below.
    ['predict_then_optimize', 8_000],
    ['offline_rl', 2_000],
    ['drl', 2_000],
  ] as [AlgorithmKey, number][])(
    '%s: stopped by its time limit, then replayed with seed and recipe: the same solution',
    async (algorithm, limitMs) => {
      const run = await solve(uncapped, { algorithm, seed: 9, timeLimitMs: limitMs });
      expect(run.stats.not_replayable_because).toBeUndefined();
      expect(run.stats.replayable).toBe(true);
      const recipe = run.stats.replay as ReplayRecipe;
      if (['ml_predictive', 'predict_then_optimize', 'offline_rl', 'drl'].includes(algorithm)) {
        // The polish's ILS recorded its own recipe, its schedule placed by the clock.
        expect(recipe.polish?.iterations).toBe(run.stats.iterations);
        expect(recipe.polish!.schedule!.length).toBeGreaterThan(0);
      }
      if (algorithm === 'portfolio') {
        // The in-thread member ran every epoch (a thread member joins when its thread is ready).
        expect(recipe.epochs!.length).toBe(2);
        expect(recipe.epochs!.every((epoch) => epoch[0] !== null)).toBe(true);
      } else {
        expect(recipe.iterations).toBe(run.stats.iterations);
        // The annealing and threshold schedules were placed by the clock: knots beyond a cap's one.
        if (['ils', 'alns', 'mcmc_sa'].includes(algorithm))
          expect(recipe.schedule!.length).toBeGreaterThan(1);
      }
      // A generous limit: the replay must stop on the recorded iterations, not on the clock.
      const replay = await solve(uncapped, {
        algorithm,
        seed: 9,
        timeLimitMs: 60_000,
        replay: recipe,
      });
      expect(replay.assignments).toEqual(run.assignments);
      expect(replay.objective.total).toBe(run.objective.total);
      // The replay stopped where the run did (the clock answered neither), so it records the same recipe.
      expect(replay.stats.replay).toEqual(recipe);
    },
  );

  it.each([
    ['ga', 1],
    ['ils', 0.05],
    ['aco', 0.2],
  ] as [AlgorithmKey, number][])(
    '%s: cut by its deadline inside a step, it replays to the same solution',
    async (algorithm, limitMs) => {
      // The deadline falls inside the first population, a batch of ants or the first descent.
      const recipe = await cutOnFakeClockThenReplay(algorithm, limitMs);
      expect(recipe.cutAtCheck).toBeGreaterThan(0);
    },
  );

  it.each([
    ['cp_sat', 5, ['stopAtCheck', 'phaseStops']],
    ['ml_predictive', 5, ['cutAtCheck']],
    ['predict_then_optimize', 20, ['phaseStops', 'polish']],
    ['offline_rl', 20, ['phaseStops', 'polish']],
    ['drl', 5, ['phaseStops', 'polish']],
  ] as [AlgorithmKey, number, (keyof ReplayRecipe)[]][])(
    '%s: cut by its deadline or a phase of its time on a fake clock, it replays to the same solution',
    async (algorithm, limitMs, recorded) => {
      // cp_sat: the start kicks' share of the time ends them, and the deadline its
      // neighbourhoods; ml_predictive: the deadline falls inside a teacher window (the parent's
      // in-step test); the others: the teacher's or the policy updates' share of the time ends
      // that phase, and the polish records its own recipe.
      const recipe = await cutOnFakeClockThenReplay(algorithm, limitMs);
      for (const field of recorded) expect(recipe[field]).toBeDefined();
    },
  );

  it('a different seed with the same recipe is a different run (the recipe alone does not fix the answer)', async () => {
    const run = await solve(uncapped, { algorithm: 'ils', seed: 9, timeLimitMs: 400 });
    const other = await solve(uncapped, {
      algorithm: 'ils',
      seed: 10,
      timeLimitMs: 60_000,
      replay: run.stats.replay as ReplayRecipe,
    });
    expect(other.assignments).not.toEqual(run.assignments);
  });

  it('a cancelled run says it cannot be replayed, and why', async () => {
    // Cancelled once it reports progress (searching), long before its 60 s limit.
    const abort = new AbortController();
    const run = await solve(
      uncapped,
      { algorithm: 'ils', seed: 9, timeLimitMs: 60_000 },
      { signal: abort.signal, onProgress: () => abort.abort() },
    );
    expect(run.status).toBe('cancelled');
    expect(run.stats.replayable).toBe(false);
    expect(run.stats.not_replayable_because).toMatch(/cancelled/);
  });

  it('milp: stopped by its time limit, replayed from its recipe: the same solution', async () => {
    // 150 x 20 needs about 6 s to prove on a quiet machine; 3 s stops it in its LP rounds or its MIP.
    const instance = generateInstance(1, 150, 20);
    const run = await solve(instance, { algorithm: 'milp', seed: 9, timeLimitMs: 3_000 });
    expect(run.stats.method).toMatch(/by role/);
    expect(run.stats.not_replayable_because).toBeUndefined();
    const recipe = run.stats.replay as ReplayRecipe;
    expect(recipe.milp!.roles).toHaveLength(2);
    const replay = await solve(instance, {
      algorithm: 'milp',
      seed: 9,
      timeLimitMs: 120_000,
      replay: recipe,
    });
    expect(replay.objective.total).toBe(run.objective.total);
    expect(replay.assignments).toEqual(run.assignments);
    expect(replay.stats.replay).toEqual(recipe);
  }, 180_000);
});

describe('HiGHS runs that the clock stopped replay from where they stopped, counted in its work', () => {
  // The warm start leaves fillable slots empty here, so milp solves its whole model (not by
  // role); HiGHS proves it in 2 to 6 s, depending on the machine's load.
  const instance = randomInstance(31, 70, 14, 3);
  /** Whether the clock stopped one of the HiGHS runs: at a callback, or by ending its thread. */
  const clockStopped = (recipe: ReplayRecipe) =>
    recipe.highs!.some(({ stops }) => stops.cuts.length > 0 || stops.killedAfter !== undefined);

  /**
   * A run of `algorithm` whose HiGHS the clock stopped, and its seed: at the
   * first of these limits (with seeds 9, 10, ...) that does, since machines
   * and their load differ (predict_then_optimize's MILP, about 21 jobs, can
   * finish within 1.5 s on a quiet machine, and 0.8 s can leave its teacher
   * too little data, which falls back without HiGHS; in CI under load four
   * limits with one seed were not enough).
   */
  async function clockStoppedRun(algorithm: AlgorithmKey, limitsMs: readonly number[]) {
    for (const [i, timeLimitMs] of limitsMs.entries()) {
      const seed = 9 + i;
      const run = await solve(instance, { algorithm, seed, timeLimitMs });
      const recipe = run.stats.replay as ReplayRecipe;
      if (recipe.highs && clockStopped(recipe)) return { run, seed };
    }
    throw new Error(`no limit of ${limitsMs.join(', ')} ms stopped ${algorithm}'s HiGHS`);
  }

  it.each([
    ['milp', [1_500, 1_000, 2_500]],
    ['predict_then_optimize', [1_500, 1_100, 2_500, 800, 2_000, 1_300, 3_000, 1_000]],
  ] as [AlgorithmKey, number[]][])(
    '%s: HiGHS stopped by its time limit, replayed from its recipe on a 60 s one: the same solution',
    async (algorithm, limitsMs) => {
      const { run, seed } = await clockStoppedRun(algorithm, limitsMs);
      expect(run.stats.not_replayable_because).toBeUndefined();
      const recipe = run.stats.replay as ReplayRecipe;
      expect(recipe.milp).toBeUndefined();
      const replay = await solve(instance, {
        algorithm,
        seed,
        timeLimitMs: 60_000,
        replay: recipe,
      });
      expect(replay.assignments).toEqual(run.assignments);
      expect(replay.objective.total).toBe(run.objective.total);
      expect(replay.stats.replay).toEqual(recipe);
    },
  );

  it('milp by date windows: stopped by a 2.5 s limit, replayed from its recipe: the same solution', async () => {
    const options = { algorithm: 'milp' as const, seed: 9 };
    const run = await runDirect(instance, byWindows(3), { ...options, timeLimitMs: 2_500 });
    expect(run.outcome.notReplayableBecause).toBeUndefined();
    const recipe = run.outcome.replay!;
    // The whole model's LP bound (two runs), then each window of each pass.
    expect(recipe.highs!.length).toBeGreaterThan(2);
    expect(clockStopped(recipe)).toBe(true);
    const replay = await runDirect(instance, byWindows(3), {
      ...options,
      timeLimitMs: 60_000,
      replay: recipe,
    });
    expect(replay.assignments).toEqual(run.assignments);
    expect(replay.evaluated.total).toBe(run.evaluated.total);
    expect(replay.outcome.replay).toEqual(recipe);
  });

  it("milp's proof replays with HiGHS's recorded options, not the replay's seed", async () => {
    const run = await solve(instance, { algorithm: 'milp', seed: 9, timeLimitMs: 60_000 });
    expect(run.status).toBe('optimal');
    const recipe = run.stats.replay as ReplayRecipe;
    // Both phases ran to their end; HiGHS is single-threaded, so its options fix its path.
    expect(recipe.highs).toEqual([
      { options: { random_seed: 9, mip_rel_gap: 1e-6 }, stops: { lpRuns: 0, stages: 2, cuts: [] } },
    ]);
    const replay = await solve(instance, {
      algorithm: 'milp',
      seed: 10,
      timeLimitMs: 60_000,
      replay: recipe,
    });
    expect(replay.stats.replay).toEqual(recipe);
    expect(replay.assignments).toEqual(run.assignments);
  });
});
