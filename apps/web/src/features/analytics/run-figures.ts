import { SOLVE_STATUS_WORDS, type AlgorithmRunResult } from '@meridian/contracts';
import { ALGORITHMS } from '@meridian/domain';

/** An algorithm's label in the catalogue (its key when unknown). */
export const labelOf = (key: string): string => ALGORITHMS.find((a) => a.key === key)?.label ?? key;

/** Where an algorithm sits in the catalogue: the order of results that did not run. */
export const catalogueIndex = (key: string): number => {
  const i = ALGORITHMS.findIndex((a) => a.key === key);
  return i === -1 ? ALGORITHMS.length : i;
};

type RoleStats = NonNullable<AlgorithmRunResult['workload_stats']>['lead'];

/** One role's jobs a person in words: the range and the spread (σ, standard deviation), e.g. "8 to 12 (σ 1.3)". */
export const spreadWords = (stats: RoleStats | undefined): string =>
  stats === undefined ? '—' : `${stats.min} to ${stats.max} (σ ${stats.std.toFixed(1)})`;

/** Filled slots of all, e.g. "625 of 1,200". */
export const slotsWords = (result: AlgorithmRunResult): string =>
  result.filled_slots === null || result.total_slots === null
    ? '—'
    : `${result.filled_slots.toLocaleString('en-US')} of ${result.total_slots.toLocaleString('en-US')}`;

/** Whole miles with separators, e.g. "105,831 mi". */
export const milesWords = (miles: number | null): string =>
  miles === null ? '—' : `${Math.round(miles).toLocaleString('en-US')} mi`;

/** F as the screen shows it: one decimal, with separators. Runs equal at this precision tie. */
export const fWords = (f: number): string =>
  f.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Seconds to one decimal, e.g. "2.4 s". */
export const secondsWords = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** How the run ended and its time, e.g. "Used its full time, 2.4 s"; the error when it failed. */
export function outcomeWords(result: AlgorithmRunResult): string {
  if (result.error !== null) return result.error;
  if (result.status === null) return result.summary ?? 'Done';
  const words = SOLVE_STATUS_WORDS[result.status];
  const sentence = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return result.elapsed_ms === null ? sentence : `${sentence}, ${secondsWords(result.elapsed_ms)}`;
}
