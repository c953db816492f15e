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
 * Epochs of a run. Two, as the restarts of the portfolio that exchanged
 * solutions at any moment were (each restart begins ALNS's cooling again, and
 * at 1,000 jobs four left it short of its cold phase).
 */
const EPOCHS = 2;

/** The members of one run: the one on the portfolio's thread and those on worker threads, and its epochs. */
export interface PortfolioMix {
  readonly inThread: { readonly key: AlgorithmKey; readonly run: Algorithm };
  readonly threads: readonly AlgorithmKey[];
  readonly epochs: number;
}

/**
 * The members of a run. ILS + ALNS stays: on 2026-11-27 (load 18 to 25),
 * paired runs at 400 x 40 (10 s) and 1,000 x 80 (20 s), seeds 1 to 3, of
 * ALNS + ALNS, ALNS + ALNS in one epoch and ALNS + mcmc_sa were within the
 * noise of this pair (each better on some seeds, worse on others, by up to
 * 7 of F), and none was better everywhere.
 *
 * With the exact member (`withExact`) ILS runs alone in one epoch: milp by
 * role keeps three threads busy (its ALNS warm start and two HiGHS roles),
 * so a second search thread would only slow the proof on two cores, and with
 * nothing to exchange an epoch's end would only restart ILS's schedule.
 */
export function portfolioMix(withExact = false): PortfolioMix {
  return withExact
    ? { inThread: IN_THREAD_MEMBER, threads: [], epochs: 1 }
    : { inThread: IN_THREAD_MEMBER, threads: THREAD_MEMBERS, epochs: EPOCHS };
}

/** Every member's key, the in-thread one first. */
export function mixKeys(mix: PortfolioMix): AlgorithmKey[] {
  return [mix.inThread.key, ...mix.threads];
}

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
  /**
   * How often its find was adopted as the portfolio's shared best: the
   * incumbent every member starts the next epoch from (or the result).
   */
  adopted_as_best: number;
  /** Epochs it ran. */
  segments: number;
  /**
   * How often it started an epoch from an incumbent another member found,
   * better than anything it held: the sharing at work.
   */
  adoptions: number;
  /** Its main-loop iterations summed over its epochs (null if its method counts none). */
  iterations: number | null;
  /** The exact member only: whether it proved its solution optimal. */
  proved?: boolean;
  /** The exact member only: when its run ended, in ms since the run's start. */
  ended_ms?: number;
  error?: string;
}
