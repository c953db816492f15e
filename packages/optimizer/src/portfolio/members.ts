import type { AlgorithmKey } from '@meridian/domain';

/**
 * The members: the first runs on the portfolio's own thread, the others on one
 * worker thread each. Three, not more: on a 2-core machine every extra busy
 * thread slows the others (tabu search, the weakest of the four local searches
 * at 1,000 jobs, was dropped for that reason). ALNS twice, with seeds of their
 * own: with its exact slice repair it is the strongest method at 400 and 1,000
 * jobs, and on 2026-11-24 (seed 1, 10 s) this set ended at F - 1e6 U = 1744.4
 * at 1,000 x 80 against 1748.6 for ils + alns + alns and 1745.3 for two ALNS
 * alone; simulated annealing keeps a differently built search in the mix.
 */
export const PORTFOLIO_MEMBERS: readonly AlgorithmKey[] = ['alns', 'mcmc_sa', 'alns'];

/**
 * Time kept back from the run's deadline (which already keeps back the final
 * re-check) for what comes after the members stop: the thread members finish
 * their step, re-check and post their best, and the threads close. Measured
 * at 1,000 jobs: 0.1 s after the stop under load 9 on 2 cores.
 */
export function portfolioMargin(timeLimitMs: number): number {
  return Math.min(1_500, Math.max(200, 0.05 * timeLimitMs));
}

/** What one member did, in the portfolio's stats. */
export interface MemberRecord {
  readonly algorithm: AlgorithmKey;
  readonly thread: 'portfolio' | 'worker';
  /** When it started searching, in ms since the run's start; null if it never did. */
  started_ms: number | null;
  /** F of the best solution it held at the end (its own find or an incumbent it restarted from). */
  best: number | null;
  /** F of its best own find, better than anything it was handed; null if it found none. */
  found_best: number | null;
  /** How often its find became the portfolio's best (shared with the other members at once). */
  improvements: number;
  /** Restarts from the incumbent (shared run) or rounds (iteration cap) it ran. */
  segments: number;
  error?: string;
}
