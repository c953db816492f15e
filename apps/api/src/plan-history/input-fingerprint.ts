import { createHash } from 'node:crypto';
import type { Instance } from '@meridian/domain';

const byId = <T extends { id: string }>(a: T, b: T) =>
  a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** JSON with object keys in sorted order, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The input fingerprint of a plan revision: sha256 (hex) of everything the
 * optimiser reads (dated jobs with their places, dates and pinned slots, the
 * placed roster with its leave and preferences, the kits, the weights) as canonical JSON,
 * lists sorted by id and leave by date, so the order rows come back in does
 * not matter but any change to an input does.
 */
export function inputFingerprint(instance: Instance): string {
  const canonical = {
    weights: instance.weights,
    jobs: [...instance.jobs].sort(byId),
    physicists: [...instance.physicists].sort(byId).map((p) => ({
      ...p,
      unavailable: [...p.unavailable].sort((a, b) =>
        a.start === b.start ? (a.end < b.end ? -1 : 1) : a.start < b.start ? -1 : 1,
      ),
      // Sets in meaning: sorted, so the order they were stated in does not matter.
      avoid_dates: p.avoid_dates && [...p.avoid_dates].sort(),
      avoid_weekdays: p.avoid_weekdays && [...p.avoid_weekdays].sort((a, b) => a - b),
    })),
    kits: [...(instance.kits ?? [])].sort(byId),
  };
  return createHash('sha256').update(canonicalJson(canonical)).digest('hex');
}
