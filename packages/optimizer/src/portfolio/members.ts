import type { AlgorithmKey } from '@meridian/domain';
import type { Algorithm } from '../core/context';
import { ils } from '../local-search/ils';

/**
 * The members: iterated local search on the portfolio's own thread (it starts
 * at once, while the worker thread loads) and ALNS on a worker thread. Two,
 * one per core of the 2-core machines we measure on: on 2026-11-24 at 1,000 x
 * 80 (10 s, seeds 1 to 6) this pair ended 0.69 to 0.99% from the optimum,
 * where three members (ils + mcmc_sa + alns, ils + alns + alns, alns + ils +
 * alns) ended 0.9 to 1.3%: a third busy thread slows the two that find most.
 */
export const IN_THREAD_MEMBER: { readonly key: AlgorithmKey; readonly run: Algorithm } = {
  key: 'ils',
  run: ils,
};
export const THREAD_MEMBERS: readonly AlgorithmKey[] = ['alns'];
/** Every member's key, the in-thread one first (the order of stats.members). */
export const PORTFOLIO_MEMBERS: readonly AlgorithmKey[] = [IN_THREAD_MEMBER.key, ...THREAD_MEMBERS];

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
  /** Epochs it ran. */
  segments: number;
  /**
   * How often it started an epoch from an incumbent another member found,
   * better than anything it held: the sharing at work.
   */
  adoptions: number;
  /** Its main-loop iterations summed over its epochs (null if its method counts none). */
  iterations: number | null;
  error?: string;
}
