import type { PhysicistBreakdown } from '@meridian/contracts';

/** A sortable column of the per-physicist breakdown. */
export type BreakdownKey =
  'name' | 'role' | 'jobs' | 'target' | 'gap' | 'miles' | 'rotation_repeats';

/** Jobs minus fair share: positive is over, negative under. */
export const shareGap = (row: PhysicistBreakdown): number => row.jobs - row.target;

const valueOf = (row: PhysicistBreakdown, key: BreakdownKey): string | number =>
  key === 'gap' ? shareGap(row) : row[key];

/** The rows sorted by one column (ties by name), without changing the input. */
export function sortBreakdown(
  rows: readonly PhysicistBreakdown[],
  key: BreakdownKey,
  direction: 'asc' | 'desc',
): PhysicistBreakdown[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, key);
    const y = valueOf(b, key);
    const order =
      typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
    return sign * order || a.name.localeCompare(b.name);
  });
}
