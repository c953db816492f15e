import { assignmentVector } from '../core/assignment-vector';
import { AlgorithmContext } from '../core/context';
import type { AlgorithmThread } from '../core/context';
import { SolutionState } from '../core/solution';
import { IN_THREAD_MEMBER, PORTFOLIO_MEMBERS } from './members';
import type { MemberRecord } from './members';

/** Rounds under an iteration cap: each member runs half its cap per round. */
const ROUNDS = 2;

/**
 * The portfolio under an iteration cap (tests): every member runs each round
 * from the same incumbent with its own seed and its share of the cap, and is
 * waited for; the round's best (ties to the earlier member) is the next
 * incumbent. Nothing depends on timing, so a seed repeats.
 */
export async function runRounds(
  ctx: AlgorithmContext,
  pending: Promise<AlgorithmThread[]>,
  records: MemberRecord[],
  cap: number,
): Promise<Record<string, unknown>> {
  const workers = await pending;
  await Promise.all(
    workers.map((w, k) =>
      w.ready.catch((error: unknown) => {
        records[k + 1]!.error = error instanceof Error ? error.message : String(error);
      }),
    ),
  );
  let rounds = 0;
  // The member whose find is the incumbent (-1: the start), and the best each member held.
  let finder = -1;
  const held = records.map(() => Infinity);
  const incumbents: { found_by: string; total: number }[] = [];
  for (let round = 0; round < ROUNDS && !ctx.shouldStop(); round++) {
    // Each member starts the round from the incumbent: an adoption when another member found it
    // and it beats what this member held.
    records.forEach((record, i) => {
      if (finder >= 0 && finder !== i && ctx.best.total < held[i]! - 1e-9) record.adoptions++;
    });
    const options = (i: number) => ({
      algorithm: PORTFOLIO_MEMBERS[i]!,
      timeLimitMs: ctx.options.timeLimitMs,
      seed: (ctx.options.seed + 1009 * round + 17 * i) >>> 0,
      weights: ctx.compiled.weights,
      maxIterations: Math.ceil(cap / ROUNDS),
      initial: ctx.best.assign.slice(),
    });
    const count = (i: number, stats: Record<string, unknown> | undefined) => {
      if (typeof stats?.iterations === 'number')
        records[i]!.iterations = (records[i]!.iterations ?? 0) + stats.iterations;
    };
    const inThread = (async () => {
      const sub = new AlgorithmContext(ctx.instance, ctx.compiled, options(0), ctx.signal);
      count(0, (await IN_THREAD_MEMBER.run(sub)).stats);
      return sub.best;
    })();
    const onThreads = workers.map(async (worker, k) => {
      if (records[k + 1]!.error) throw new Error(records[k + 1]!.error);
      const result = await worker.run(options(k + 1), { signal: ctx.signal });
      count(k + 1, result.stats);
      const state = new SolutionState(ctx.compiled);
      state.loadAssignment(assignmentVector(ctx.compiled, result.assignments));
      return state;
    });
    const settled = await Promise.allSettled([inThread, ...onThreads]);
    rounds++;
    settled.forEach((outcome, i) => {
      const record = records[i]!;
      if (outcome.status === 'rejected') {
        record.error ??= outcome.reason instanceof Error ? outcome.reason.message : 'failed';
        return;
      }
      record.started_ms ??= 0;
      record.segments++;
      const total = outcome.value.total;
      held[i] = Math.min(held[i]!, total);
      record.best = Math.min(record.best ?? Infinity, total);
      if (total < ctx.best.total - 1e-9)
        record.found_best = Math.min(record.found_best ?? Infinity, total);
      if (ctx.offer(outcome.value, PORTFOLIO_MEMBERS[i])) {
        record.improvements++;
        finder = i;
      }
    });
    incumbents.push({
      found_by: finder >= 0 ? PORTFOLIO_MEMBERS[finder]! : 'start',
      total: ctx.best.total,
    });
    ctx.report(`portfolio round ${round + 1} of ${ROUNDS}`, (round + 1) / ROUNDS, true);
  }
  return { mode: `${rounds} rounds under an iteration cap`, incumbent_after_round: incumbents };
}
