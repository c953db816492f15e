import type { CompiledInstance } from '../core/compile';

/** Jobs by start date, then end date, then input order. */
export function jobsInDateOrder(c: CompiledInstance): number[] {
  return Array.from({ length: c.jobCount }, (_, j) => j).sort(
    (a, b) => c.jobFirstDay[a]! - c.jobFirstDay[b]! || c.jobLastDay[a]! - c.jobLastDay[b]! || a - b,
  );
}
