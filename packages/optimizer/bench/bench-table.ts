import { UNASSIGNED_PENALTY } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import type { Iterations } from './bench-stats';

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
  /** Whether F equals evaluateObjective's recomputation from the assignments. */
  evaluatorAgrees?: boolean;
  /** Peak RSS of the run's own process (every thread of the run), MB. */
  peakRssMb?: number;
  iterations?: Iterations | null;
  /** For a learned key: ILS from heuristic's solution for the key's polish time. */
  ilsSamePolish?: { total: number; polishMs: number; derived: boolean };
}

export const BENCH_HEADER =
  '| instance | algorithm | status | F | U | gap | ref | bound | time (s) | peak RSS (MB) | iterations | violations | F = evaluator | ILS, same polish time, from heuristic |';

const COLUMNS = BENCH_HEADER.split('|').length - 2;

/** A size's optimum proven outside this run (bench/reference-optima.ts). */
export interface KnownOptimum {
  readonly value: number;
  /** Who proved it, for the ref column: e.g. "milp, 2700 s". */
  readonly by: string;
}

/**
 * The reference of one size: the F an exact method proved optimal (status
 * optimal), else an optimum recorded for this very instance, else the best
 * proven lower bound when it bounds more than coverage, else the best F
 * found. `name` says which, and by which method.
 */
export function benchReference(
  group: readonly BenchRow[],
  known?: KnownOptimum,
): { value: number; name: string } {
  // 1e6 per empty slot would swamp every gap: gaps are shares of the reference without it.
  const proven = group.filter((r) => r.status === 'optimal' && Number.isFinite(r.total));
  if (proven.length > 0) {
    const best = proven.reduce((a, b) => (b.total < a.total ? b : a));
    return { value: best.total, name: `optimum (${best.algorithm})` };
  }
  if (known) return { value: known.value, name: `optimum (recorded: ${known.by})` };
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
export function benchTable(
  all: readonly BenchRow[],
  known: Readonly<Record<string, KnownOptimum>> = {},
): string {
  const lines = [BENCH_HEADER, '|' + '---|'.repeat(COLUMNS)];
  for (const size of [...new Set(all.map((r) => r.size))]) {
    const group = all.filter((r) => r.size === size);
    const ref = benchReference(group, known[size]);
    const base = rest(ref.value);
    for (const r of group) {
      const gapOf = (total: number) =>
        Number.isFinite(total) && Number.isFinite(ref.value)
          ? `${((100 * (total - ref.value)) / Math.max(1e-9, base)).toFixed(2)}%`
          : '-';
      const ils = r.ilsSamePolish;
      const status = `${r.status}${r.error ? ` (${r.error.slice(0, 60)})` : ''}`;
      const cells = [
        size,
        r.algorithm,
        status,
        fmt(r.total, 1),
        fmt(r.unassigned, 0),
        gapOf(r.total),
        ref.name,
        r.bound !== undefined ? fmt(r.bound, 1) : '-',
        fmt(r.ms / 1000, 2),
        r.peakRssMb !== undefined ? fmt(r.peakRssMb, 0) : '-',
        r.iterations ? `${r.iterations.count} ${r.iterations.what}` : '-',
        fmt(r.violations, 0),
        r.evaluatorAgrees === undefined ? '-' : r.evaluatorAgrees ? 'yes' : 'NO',
        ils
          ? `${fmt(ils.total, 1)} (${gapOf(ils.total)}) in ${fmt(ils.polishMs / 1000, 2)} s${ils.derived ? ' (derived)' : ''}`
          : '',
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n') + '\n';
}

function fmt(x: number, digits: number): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-';
}
