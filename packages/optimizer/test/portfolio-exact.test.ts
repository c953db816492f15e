import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import type { AlgorithmThread } from '../src/core/context';
import type { ReplayRecipe } from '../src/core/contract';
import { runExactMember } from '../src/portfolio/exact-member';
import type { MemberRecord } from '../src/portfolio/members';
import { solve } from '../src/runtime/solve';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

describe('portfolio with its exact member', () => {
  const instance = randomInstance(8, 30, 8, 2);

  it("returns status optimal on the exact member's proof, with the proven optimum", async () => {
    // 60 slots: milp (the exact member) proves this in about a second once its threads are up
    // (their loading took 4 to 5 s under load 23 on 2 cores). The limit is 600 s, beyond the
    // test's timeout: only the proof can end the epochs and the run in time.
    const result = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 2,
    });
    const members = result.stats.members as MemberRecord[];
    // Beside the exact member only the in-thread search runs: milp by role keeps three threads busy.
    expect(members.map((m) => [m.algorithm, m.thread])).toEqual([
      ['ils', 'portfolio'],
      ['milp', 'worker'],
    ]);
    const exact = members.find((m) => m.algorithm === 'milp');
    expect(exact).toBeDefined();
    expect(exact!.proved).toBe(true);
    expect(result.status).toBe('optimal');
    expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
    // The optimum, proven by milp run on its own (another run of the exact solver, not this one).
    const alone = await solve(instance, { algorithm: 'milp', timeLimitMs: 600_000, seed: 5 });
    expect(alone.status).toBe('optimal');
    expect(result.objective.total).toBeCloseTo(alone.objective.total, 4);
    // The evaluator from the raw instance against the F the portfolio kept by its own deltas
    // (result.objective is the evaluator's own answer, so it would be no check).
    expect(evaluateObjective(instance, result.assignments).total).toBeCloseTo(
      result.stats.incremental_objective as number,
      6,
    );
    // The proof ended the epochs early (the run returned long before its limit). The run still
    // replays: its recipe keeps the exact member's own, and a replay of a proof reruns that
    // member alone.
    expect(result.stats.replayable).toBe(true);
    const recipe = result.stats.replay as ReplayRecipe;
    expect(recipe.exact?.proved).toBe(true);
    const replayed = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 60_000,
      seed: 2,
      replay: recipe,
    });
    expect(replayed.status).toBe('optimal');
    expect(replayed.objective.total).toBe(result.objective.total);
    expect(replayed.stats.mode).toMatch(/exact member alone/);
  });

  it('a timed run with the exact member replays to the same F, proof or not', async () => {
    // 160 open slots in 5 s: inside the exact member's gate; whether milp starts in time and
    // whether it proves depend on the machine's load, and either way the run must replay (epochs
    // and member from their recipes; a member that never started is recorded as such).
    const larger = randomInstance(11, 80, 24, 0);
    const result = await solveInProcess(larger, {
      algorithm: 'portfolio',
      timeLimitMs: 5_000,
      seed: 4,
    });
    const members = result.stats.members as MemberRecord[];
    expect(members.some((m) => m.algorithm === 'milp')).toBe(true);
    expect(result.stats.not_replayable_because ?? null).toBeNull();
    const recipe = result.stats.replay as ReplayRecipe;
    expect(recipe.exact).toBeDefined();
    const replayed = await solveInProcess(larger, {
      algorithm: 'portfolio',
      timeLimitMs: 120_000,
      seed: 4,
      replay: recipe,
    });
    expect(replayed.objective.total).toBe(result.objective.total);
    expect(replayed.status === 'optimal').toBe(result.status === 'optimal');
  });

  it('a member whose thread was ready only after the budget ran nothing, and replays as not started', async () => {
    const ctx = new AlgorithmContext(instance, compileInstance(instance), {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 2,
    });
    let runs = 0;
    const thread = {
      ready: Promise.resolve(),
      isReady: true,
      run: () => {
        runs++;
        return Promise.reject(new Error('a member past its budget must not run'));
      },
      close: () => Promise.resolve(),
    } as unknown as AlgorithmThread;
    const record = { algorithm: 'milp', thread: 'worker' } as MemberRecord;
    const spent = ctx.elapsedMs - 1;
    const late = await runExactMember(ctx, thread, spent, record, () => {});
    expect(late).toMatchObject({ started: false, blocker: null, state: null, proved: false });
    // Its replay does not run it either, whatever budget the replay has.
    const again = await runExactMember(ctx, thread, 600_000, record, () => {}, {
      proved: false,
      recipe: null,
      started: false,
    });
    expect(again.started).toBe(false);
    expect(runs).toBe(0);
  });

  it('without a proof it is never optimal: under an iteration cap there is no exact member', async () => {
    const result = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 2,
      maxIterations: 200,
    });
    const members = result.stats.members as MemberRecord[];
    expect(members.some((m) => m.algorithm === 'milp')).toBe(false);
    expect(result.status).not.toBe('optimal');
    expect(result.stats.replayable).toBe(true);
  });
});
