import { availableParallelism } from 'node:os';
import type { AlgorithmKey } from '@meridian/domain';

/** The shortest time an algorithm gets in a comparison, however small the schedule. */
const MIN_BUDGET_MS = 500;
/**
 * Time per job: 600 jobs (the demo schedule) get 3 s, the default limit. At
 * 2.4 s, beside a second algorithm on a loaded machine, the learned methods
 * had too little time to train and fell back to the greedy plan (docs/performance.md).
 */
const BUDGET_MS_PER_JOB = 5;

/**
 * Each algorithm's time in a comparison, suited to the schedule's size: 5 ms a
 * job, at least 0.5 s, never above the configured per-algorithm limit
 * (COMPARE_TIME_LIMIT_SECONDS). An algorithm that proves optimality or ends on
 * its own (a greedy pass) stops before it.
 */
export const comparisonBudgetMs = (jobs: number, limitMs: number): number =>
  Math.min(limitMs, Math.max(MIN_BUDGET_MS, jobs * BUDGET_MS_PER_JOB));

/**
 * Algorithms that keep more than one core busy and so run alone, never beside
 * another: the portfolio's members each take a thread
 * (packages/optimizer/src/portfolio/portfolio.ts), and milp solves each role
 * on a HiGHS thread of its own (packages/optimizer/src/exact/milp-role-threads.ts).
 * Beside another algorithm on 2 cores they would get less than their time and
 * compare worse than they are.
 */
export const RUNS_ALONE: ReadonlySet<AlgorithmKey> = new Set(['portfolio', 'milp']);

/**
 * How many single-threaded algorithms of a comparison run at once: one per
 * core, at most 2, so that a comparison on a larger server leaves the other
 * cores to other users' tasks (MAX_ACTIVE_TASKS counts a task as one solver).
 */
export const COMPARISON_LANES = Math.max(1, Math.min(2, availableParallelism()));

/**
 * Runs `run` on every item, at most `lanes` at a time, each `alone` item by
 * itself once the others are done. Items start in the order given; the promise
 * ends when every run has ended (a run's rejection is its own to catch).
 */
export async function runInLanes<T>(
  items: readonly T[],
  lanes: number,
  alone: (item: T) => boolean,
  run: (item: T) => Promise<void>,
): Promise<void> {
  const shared = items.filter((item) => !alone(item));
  let next = 0;
  const lane = async () => {
    while (next < shared.length) await run(shared[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, shared.length)) }, lane));
  for (const item of items.filter(alone)) await run(item);
}

/** Expected seconds of a comparison: the alone ones in turn, the rest `lanes` at a time. */
export function plannedSeconds(
  algorithms: readonly AlgorithmKey[],
  budgetMs: number,
  lanes: number,
): number {
  const alone = algorithms.filter((a) => RUNS_ALONE.has(a)).length;
  const shared = algorithms.length - alone;
  return ((alone + Math.ceil(shared / Math.max(1, lanes))) * budgetMs) / 1000;
}
