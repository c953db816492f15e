import type { AlgorithmRunResult } from '@meridian/contracts';
import {
  catalogueIndex,
  fWords,
  labelOf,
  milesWords,
  secondsWords,
  slotsWords,
  spreadWords,
} from './run-figures';

/** A result that ran, with its F and time. */
type Ran = AlgorithmRunResult & { objective_total: number };

const ran = (result: AlgorithmRunResult): result is Ran =>
  result.error === null && result.objective_total !== null;

/** F in tenths, as shown: runs equal to the tenth reach the same F. */
const shownTenths = (f: number) => Math.round(f * 10);

/**
 * The results best first: by F (lower is better, equal when equal to the
 * tenth shown), then by time (the faster first), then in catalogue order;
 * those that could not run last, in catalogue order.
 */
export function rankResults(results: readonly AlgorithmRunResult[]): AlgorithmRunResult[] {
  const byCatalogue = (a: AlgorithmRunResult, b: AlgorithmRunResult) =>
    catalogueIndex(a.algorithm) - catalogueIndex(b.algorithm);
  const good = results
    .filter(ran)
    .sort(
      (a, b) =>
        shownTenths(a.objective_total) - shownTenths(b.objective_total) ||
        (a.elapsed_ms ?? Infinity) - (b.elapsed_ms ?? Infinity) ||
        byCatalogue(a, b),
    );
  const failed = results.filter((r) => !ran(r)).sort(byCatalogue);
  return [...good, ...failed];
}

/** The algorithm to use and why, in words. */
export interface Recommendation {
  algorithm: AlgorithmRunResult['algorithm'];
  /** Its plan in plain figures: slots, miles and each role's range of jobs. */
  plan: string;
  /** Why this one: the lowest F, how it was chosen among equals, its gap to the next. */
  why: string;
  /** Every algorithm that reached the same lowest F, the recommended one first. */
  tied: AlgorithmRunResult['algorithm'][];
}

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/** The best of the ranked results (rankResults) and why, with F's gaps as shown; null when none ran. */
export function recommend(ranked: readonly AlgorithmRunResult[]): Recommendation | null {
  const good = ranked.filter(ran);
  const best = good[0];
  if (best === undefined) return null;
  const tied = good.filter(
    (r) => shownTenths(r.objective_total) === shownTenths(best.objective_total),
  );
  const next = good[tied.length];
  const f = fWords(best.objective_total);
  const lead = best.workload_stats?.lead;
  const acq = best.workload_stats?.data_acq;
  const plan = `${slotsWords(best)} slots filled, ${milesWords(best.total_distance)}; jobs a person: lead ${spreadWords(lead)}, data acq ${spreadWords(acq)}.`;
  const sentences: string[] = [];
  if (tied.length > 1) {
    const time = best.elapsed_ms === null ? '' : ` (${secondsWords(best.elapsed_ms)})`;
    sentences.push(
      `${tied.length} algorithms reach the same lowest F, ${f}: ${list(tied.map((r) => labelOf(r.algorithm)))}. ${labelOf(best.algorithm)} took the least time of them${time}.`,
    );
  } else if (good.length === 1) {
    sentences.push(`It is the only algorithm that ran; its F is ${f}.`);
  } else {
    sentences.push(`It has the lowest F, ${f}.`);
  }
  if (next !== undefined) {
    sentences.push(
      `The next best, ${labelOf(next.algorithm)}, has an F ${fWords((shownTenths(next.objective_total) - shownTenths(best.objective_total)) / 10)} higher.`,
    );
  }
  if (best.status === 'optimal')
    sentences.push('It proved its plan optimal: no plan has a lower F.');
  return {
    algorithm: best.algorithm,
    plan,
    why: sentences.join(' '),
    tied: tied.map((r) => r.algorithm),
  };
}
