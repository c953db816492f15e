import { UNASSIGNED_PENALTY } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';

/** One run of the bench. */
export interface BenchRow {
  size: string;
  algorithm: AlgorithmKey;
  status: string;
  total: number;
  unassigned: number;
  miles: number;
  balance: number;
  rotation: number;
  bound?: number;
  ms: number;
  violations: number;
  error?: string;
}

export const BENCH_HEADER =
  '| instance | algorithm | status | F | U | miles | B | R | gap | ref | bound | time (s) | violations |';

/**
 * The reference of one size: the F an exact method proved optimal (status
 * optimal), else the best proven lower bound when it bounds more than
 * coverage, else the best F found. `name` says which, and by which method.
 */
export function benchReference(group: readonly BenchRow[]): { value: number; name: string } {
  // 1e6 per empty slot would swamp every gap: gaps are shares of the reference without it.
  const proven = group.filter((r) => r.status === 'optimal' && Number.isFinite(r.total));
  if (proven.length > 0) {
    const best = proven.reduce((a, b) => (b.total < a.total ? b : a));
    return { value: best.total, name: `optimum (${best.algorithm})` };
  }
  // A bound that proves coverage only (nothing on the rest) gives no scale for a gap.
  const bounded = group.filter((r) => r.bound !== undefined && rest(r.bound) > 1e-9);
  if (bounded.length > 0) {
    const best = bounded.reduce((a, b) => (b.bound! > a.bound! ? b : a));
    return { value: best.bound!, name: `bound (${best.algorithm})` };
  }
  const found = group.filter((r) => Number.isFinite(r.total));
  if (found.length === 0) return { value: NaN, name: '-' };
  const best = found.reduce((a, b) => (b.total < a.total ? b : a));
  return { value: best.total, name: `best known (${best.algorithm})` };
}

/** The non-coverage part of an F or a bound. */
function rest(f: number): number {
  return f - UNASSIGNED_PENALTY * Math.floor(f / UNASSIGNED_PENALTY);
}

/**
 * The bench's markdown table: every column of docs/optimization.md's table,
 * so that the docs can be pasted from one run. The gap is `(F - ref) / (ref
 * without its coverage term)`.
 */
export function benchTable(all: readonly BenchRow[]): string {
  const lines = [BENCH_HEADER, '|' + '---|'.repeat(13)];
  for (const size of [...new Set(all.map((r) => r.size))]) {
    const group = all.filter((r) => r.size === size);
    const ref = benchReference(group);
    const base = rest(ref.value);
    for (const r of group) {
      const gap =
        Number.isFinite(r.total) && Number.isFinite(ref.value)
          ? `${((100 * (r.total - ref.value)) / Math.max(1e-9, base)).toFixed(2)}%`
          : '-';
      const status = `${r.status}${r.error ? ` (${r.error.slice(0, 60)})` : ''}`;
      const cells = [
        size,
        r.algorithm,
        status,
        fmt(r.total, 1),
        fmt(r.unassigned, 0),
        fmt(r.miles, 0),
        fmt(r.balance, 1),
        fmt(r.rotation, 0),
        gap,
        ref.name,
        r.bound !== undefined ? fmt(r.bound, 1) : '-',
        (r.ms / 1000).toFixed(2),
        fmt(r.violations, 0),
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n') + '\n';
}

function fmt(x: number, digits: number): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-';
}
