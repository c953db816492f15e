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
import { countingClock } from './support/fake-clock';
import { replayBlocker } from '../src/core/replay';
import { randomInstance } from './fixtures';

const instance = randomInstance(12, 50, 12, 2);
const compiled = compileInstance(instance, instance.weights);

/**
 * Runs `algorithm` under an iteration cap in a context whose clock says
 * `elapsedMs` of `limitMs` are already gone, and returns its best solution's F.
 * The clock is a counted one (10 us per reading): on the real one, ga's 60
 * generations took 17.5 s at load 33 (2026-11-29) and ran past the 5 s left.
 */
async function cappedRun(algorithm: AlgorithmKey, cap: number, limitMs: number, elapsedMs: number) {
  const ctx = new AlgorithmContext(
    instance,
    compiled,
    { algorithm, seed: 4, timeLimitMs: limitMs, maxIterations: cap },
    undefined,
    undefined,
    { now: countingClock(0.01), startedAt: -elapsedMs },
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
   * Runs `algorithm` (seed 5, limit `limitMs`) on an injected clock that
   * moves 10 us per reading (RunSetup.now), so the clock stops it at a point
   * this test can repeat on any machine; then replays its recipe (the one
   * solve records) with a generous limit on the real clock, and checks that
   * the run is replayable, that the replay records the same recipe and
   * reaches the same solution. Returns the recipe and the run's outcome.
   */
  async function cutOnFakeClockThenReplay(algorithm: AlgorithmKey, limitMs: number) {
    const compiledUncapped = compileInstance(uncapped, uncapped.weights);
    const runWith = async (ctx: AlgorithmContext) => {
      const outcome = await ALGORITHM_REGISTRY[algorithm](ctx);
      const recipe = outcome.replay ?? ctx.replayRecipe(outcome.stats?.iterations as number);
      return { outcome, recipe };
    };
    const options = { algorithm, seed: 5 };
    const cut = new AlgorithmContext(
      uncapped,
      compiledUncapped,
      { ...options, timeLimitMs: limitMs },
      undefined,
      undefined,
      { now: countingClock(0.01) },
    );
    const { outcome, recipe } = await runWith(cut);
    expect(cut.isTimedOut).toBe(true);
    expect(replayBlocker(algorithm, cut, outcome)).toBeNull();
    const replay = new AlgorithmContext(uncapped, compiledUncapped, {
      ...options,
      timeLimitMs: 60_000,
      replay: recipe,
    });
    expect((await runWith(replay)).recipe).toEqual(recipe);
    expect(Array.from(replay.best.assign)).toEqual(Array.from(cut.best.assign));
    expect(replay.best.total).toBe(cut.best.total);
    return { recipe, outcome };
  }
  // cp_sat and the learned methods read the clock seldom inside long steps, so they are cut on
  // this clock at a few ms (below); these read it every iteration.
  it.each([
    ['ils', 150],
    ['alns', 150],
    ['mcmc_sa', 150],
    ['ts', 150],
    ['ga', 150],
    ['aco', 150],
    ['monte_carlo', 150],
  ] as [AlgorithmKey, number][])(
    '%s: stopped by its time limit on a counted clock, then replayed with seed and recipe: the same solution',
    async (algorithm, limitMs) => {
      const { recipe, outcome } = await cutOnFakeClockThenReplay(algorithm, limitMs);
      expect(recipe.iterations).toBe(outcome.stats?.iterations);
      // The annealing and threshold schedules were placed by the clock: knots beyond a cap's one.
      if (['ils', 'alns', 'mcmc_sa'].includes(algorithm))
        expect(recipe.schedule!.length).toBeGreaterThan(1);
    },
  );

  it('portfolio: stopped by its time limit, then replayed with seed and recipe: the same solution', async () => {
    // On worker threads (the members' own clocks are real); what is asserted holds at any speed:
    // the in-thread member runs both epochs, and the replay follows the recipe, not the clock.
    const run = await solve(uncapped, { algorithm: 'portfolio', seed: 9, timeLimitMs: 1_500 });
    expect(run.stats.not_replayable_because).toBeUndefined();
    expect(run.stats.replayable).toBe(true);
    const recipe = run.stats.replay as ReplayRecipe;
    expect(recipe.epochs!.length).toBe(2);
    expect(recipe.epochs!.every((epoch) => epoch[0] !== null)).toBe(true);
    const replay = await solve(uncapped, {
      algorithm: 'portfolio',
      seed: 9,
      timeLimitMs: 60_000,
      replay: recipe,
    });
    expect(replay.assignments).toEqual(run.assignments);
    expect(replay.objective.total).toBe(run.objective.total);
    expect(replay.stats.replay).toEqual(recipe);
  });

  it.each([
    ['ga', 1],
    ['ils', 0.05],
    ['aco', 0.2],
  ] as [AlgorithmKey, number][])(
    '%s: cut by its deadline inside a step, it replays to the same solution',
    async (algorithm, limitMs) => {
      // The deadline falls inside the first population, a batch of ants or the first descent.
      const { recipe } = await cutOnFakeClockThenReplay(algorithm, limitMs);
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
      const { recipe } = await cutOnFakeClockThenReplay(algorithm, limitMs);
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

  it('milp by role: HiGHS stopped at counted callbacks, replayed from its recipe: the same solution', async () => {
    // Where the clock stops HiGHS is a callback it records (MilpRoleRecipe.cuts); the stop is
    // forced here at counted callbacks of the proof's own (the lead half-way through its LP
    // rounds, the data-acq in its MIP), so the test does not need this machine to be slower
    // than the proof (docs/optimization.md: 150 x 20 proven in 1.01 s). 60 x 10 (as in
    // exact-milp-role.test.ts) goes by role with the same premises, asserted below, in about half
    // of 150 x 20's time.
    const instance = generateInstance(2, 60, 10);
    const proof = await solve(instance, { algorithm: 'milp', seed: 9, timeLimitMs: 600_000 });
    expect(proof.stats.method).toMatch(/by role/);
    expect(proof.status).toBe('optimal');
    const recorded = (proof.stats.replay as ReplayRecipe).milp!;
    const [lead, acq] = proof.stats.roles as {
      highs_callbacks: number;
      lp_highs_callbacks: number;
    }[];
    // Precondition: the data-acq's proof needed MIP work after its LP rounds.
    expect(acq!.highs_callbacks).toBeGreaterThan(acq!.lp_highs_callbacks);
    const cut: ReplayRecipe = {
      milp: {
        alns: recorded.alns,
        roles: [
          { ...recorded.roles[0]!, cuts: [Math.ceil(lead!.lp_highs_callbacks / 2)] },
          { ...recorded.roles[1]!, cuts: [acq!.lp_highs_callbacks + 1] },
        ],
      },
    };
    const run = await solve(instance, {
      algorithm: 'milp',
      seed: 9,
      timeLimitMs: 600_000,
      replay: cut,
    });
    expect(run.stats.not_replayable_because).toBeUndefined();
    const recipe = run.stats.replay as ReplayRecipe;
    expect(recipe.milp!.roles).toHaveLength(2);
    expect(recipe.milp!.roles.map((r) => r.cuts)).toEqual(cut.milp!.roles.map((r) => r.cuts));
    const replay = await solve(instance, {
      algorithm: 'milp',
      seed: 9,
      timeLimitMs: 600_000,
      replay: recipe,
    });
    expect(replay.objective.total).toBe(run.objective.total);
    expect(replay.assignments).toEqual(run.assignments);
    expect(replay.stats.replay).toEqual(recipe);
  }, 300_000);
});

describe('HiGHS runs stopped at a counted callback replay from where they stopped, counted in its work', () => {
  // The warm start leaves fillable slots empty here, so milp solves its whole model (not by
  // role: cutThenReplay asserts it). 30 jobs rather than 70: the premises below hold on both
  // (a proof over 7 callbacks, predict_then_optimize's MILP on HiGHS over 2, the windows' last
  // over 4; probed 2026-11-29), and each HiGHS run takes a third to a fifth of the time, which
  // at load 35 had put the date windows' three runs past the test's 120 s.
  const instance = randomInstance(31, 30, 8, 2);
  // One proof of the whole model (seed 9), shared by the tests that cut it and that replay it.
  let proofRun: ReturnType<typeof solve> | undefined;
  const proof = () =>
    (proofRun ??= solve(instance, { algorithm: 'milp', seed: 9, timeLimitMs: 600_000 }));

  /**
   * `recipe` with HiGHS run `index` stopped at its interrupt callback `at`:
   * where the clock would stop it (HighsRecipe stops.cuts), here a count, so
   * the stop falls at the same point of HiGHS's work on any machine.
   */
  const cutAt = (recipe: ReplayRecipe, index: number, at: number): ReplayRecipe => ({
    ...recipe,
    highs: recipe.highs!.map((run, i) =>
      i === index ? { ...run, stops: { ...run.stops, cuts: [at] } } : run,
    ),
  });

  /**
   * Runs `recipe` (the stop forced), then replays the recipe that run
   * recorded: the same solution and the same recipe, and HiGHS run `index`
   * was stopped at callback `at`.
   */
  async function cutThenReplay(
    algorithm: AlgorithmKey,
    seed: number,
    recipe: ReplayRecipe,
    index: number,
    at: number,
  ) {
    const run = await solve(instance, {
      algorithm,
      seed,
      timeLimitMs: 600_000,
      replay: cutAt(recipe, index, at),
    });
    expect(run.stats.not_replayable_because).toBeUndefined();
    const recorded = run.stats.replay as ReplayRecipe;
    expect(recorded.milp).toBeUndefined();
    expect(recorded.highs![index]!.stops.cuts).toEqual([at]);
    const replay = await solve(instance, {
      algorithm,
      seed,
      timeLimitMs: 600_000,
      replay: recorded,
    });
    expect(replay.assignments).toEqual(run.assignments);
    expect(replay.objective.total).toBe(run.objective.total);
    expect(replay.stats.replay).toEqual(recorded);
    return run;
  }

  it('milp: HiGHS stopped half-way through its proof, replayed from its recipe: the same solution', async () => {
    const proved = await proof();
    expect(proved.status).toBe('optimal');
    const callbacks = proved.stats.highs_callbacks as number;
    // Precondition: the proof took HiGHS more than one callback, so half-way is inside it.
    expect(callbacks).toBeGreaterThan(1);
    const run = await cutThenReplay(
      'milp',
      9,
      proved.stats.replay as ReplayRecipe,
      0,
      Math.ceil(callbacks / 2),
    );
    expect(run.status).not.toBe('optimal');
  });

  it('predict_then_optimize: its MILP stopped half-way (HiGHS, not a fallback), replayed from its recipe: the same solution', async () => {
    // Capped, so that its teacher, MILP and polish end on counts (its recipe carries the cap).
    const full = await solve(instance, {
      algorithm: 'predict_then_optimize',
      seed: 9,
      timeLimitMs: 600_000,
      maxIterations: 300,
    });
    const recipe = full.stats.replay as ReplayRecipe;
    const callbacks = full.stats.milp_highs_callbacks as number | null;
    // Precondition: its MILP ran on HiGHS (no fallback), over more than one callback.
    expect(recipe.highs).toHaveLength(1);
    expect(callbacks).toBeGreaterThan(1);
    await cutThenReplay('predict_then_optimize', 9, recipe, 0, Math.ceil(callbacks! / 2));
  });

  it('milp by date windows: the last window stopped half-way, replayed from its recipe: the same solution', async () => {
    const options = { algorithm: 'milp' as const, seed: 9, timeLimitMs: 600_000 };
    const full = await runDirect(instance, byWindows(3), options);
    const recipe = full.outcome.replay!;
    // The whole model's LP bound (two runs), then each window of each pass.
    expect(recipe.highs!.length).toBeGreaterThan(2);
    const windows = full.outcome.stats!.windows as { highs_callbacks: number | null }[];
    const last = windows.at(-1)!.highs_callbacks!;
    expect(last).toBeGreaterThan(1);
    const index = recipe.highs!.length - 1;
    const at = Math.ceil(last / 2);
    const run = await runDirect(instance, byWindows(3), {
      ...options,
      replay: cutAt(recipe, index, at),
    });
    expect(run.outcome.notReplayableBecause).toBeUndefined();
    const recorded = run.outcome.replay!;
    expect(recorded.highs![index]!.stops.cuts).toEqual([at]);
    const replay = await runDirect(instance, byWindows(3), { ...options, replay: recorded });
    expect(replay.assignments).toEqual(run.assignments);
    expect(replay.evaluated.total).toBe(run.evaluated.total);
    expect(replay.outcome.replay).toEqual(recorded);
  });

  it("milp's proof replays with HiGHS's recorded options, not the replay's seed", async () => {
    const run = await proof();
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
