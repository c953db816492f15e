import type { KitExplanation, SlotExplanation } from '@meridian/contracts';

/**
 * The words of an explanation: F's numbers as a physicist reads them (miles,
 * balance, repeat visits, the change of F), never the raw field names.
 */

type Alternative = SlotExplanation['alternatives'][number];
type Assigned = NonNullable<SlotExplanation['assigned']>;
type Refusal = SlotExplanation['refused'][number];

const MINUS = '\u2212';

/** '+42', '−3.5', '0': a change with its sign, to `digits` decimals. */
export function signed(value: number, digits = 0): string {
  const rounded = Number(value.toFixed(digits));
  if (rounded === 0) return '0';
  const text = Math.abs(rounded).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${rounded > 0 ? '+' : MINUS}${text}`;
}

/** '+1 repeat visit', '−2 repeat visits'. */
const repeats = (n: number) => `${signed(n)} repeat visit${Math.abs(n) === 1 ? '' : 's'}`;

/** F's change beyond the coverage term (filling an empty slot is worth 1,000,000 on its own). */
export const beyondCoverage = (alt: Alternative): number =>
  alt.delta_total - alt.delta_terms.coverage;

/**
 * One alternative in a line: 'Emma Garcia, +42 mi, +0.8 on balance, F +0.37'.
 * Miles and balance are the changes if they took the slot instead of the
 * holder; for an empty slot, the miles are theirs and F leaves out the
 * 1,000,000 that filling any empty slot is worth.
 */
export function alternativeLine(alt: Alternative): string {
  const fills = alt.delta.unassigned < 0;
  const parts = [
    alt.name,
    fills
      ? `${Math.round(alt.delta.distance_miles).toLocaleString('en-US')} mi from home`
      : `${signed(alt.delta.distance_miles)} mi`,
    `${signed(alt.delta.balance, 1)} on balance`,
  ];
  if (alt.delta.rotation !== 0) parts.push(repeats(alt.delta.rotation));
  const avoided = avoidedLine(alt.name, alt.delta.avoided_days, alt.delta_terms.preference);
  if (avoided !== null) parts.push(avoided);
  parts.push(
    fills
      ? `F ${signed(beyondCoverage(alt), 2)} besides filling the slot`
      : `F ${signed(alt.delta_total, 2)}`,
  );
  return parts.join(', ');
}

const days = (n: number) => (n === 1 ? 'a day' : `${n} days`);

/**
 * The preference term in words, with its exact change of F': 'on a day Alice
 * asked to avoid: +1.00' when the change puts someone on avoided days,
 * '2 fewer days on someone's avoided days: −2.00' when it spares the holder
 * theirs; null when it changes no avoided day.
 */
export function avoidedLine(name: string, avoidedDays: number, preference: number): string | null {
  if (avoidedDays === 0) return null;
  if (avoidedDays > 0)
    return `on ${days(avoidedDays)} ${name} asked to avoid: ${signed(preference, 2)}`;
  const fewer = -avoidedDays;
  return `${fewer} fewer day${fewer === 1 ? '' : 's'} on someone's avoided days: ${signed(preference, 2)}`;
}

/** The headline of a slot: who would be next, or why there is nobody. */
export function nextBestLine(slot: SlotExplanation): string {
  const best = slot.alternatives[0];
  if (best === undefined) {
    return slot.assigned === null
      ? 'Nobody of this role is free on these days.'
      : 'Nobody else of this role is free on these days.';
  }
  return `Next best: ${alternativeLine(best)}`;
}

/** What the holder costs in F, in words: miles, balance, rotation and avoided days as they add to F. */
export function assignedLine(assigned: Assigned): string {
  const miles =
    assigned.miles === null
      ? 'no miles can be measured'
      : `${Math.round(assigned.miles).toLocaleString('en-US')} mi from home (adds ${assigned.proximity.toFixed(2)} to F)`;
  const balance =
    assigned.balance <= 0
      ? `brings them closer to their fair share (${signed(assigned.balance, 2)} on F)`
      : `takes them past their fair share (${signed(assigned.balance, 2)} on F)`;
  const rotation = assigned.rotation_repeat
    ? `a repeat visit to this customer (${signed(assigned.rotation, 2)} on F)`
    : 'not a repeat visit';
  const avoided =
    assigned.avoided_days > 0
      ? `; ${avoidedLine(assigned.name, assigned.avoided_days, assigned.preference)}`
      : '';
  return `${assigned.name}: ${miles}; this job ${balance}; ${rotation}${avoided}. In all ${signed(assigned.total, 2)} on F.`;
}

/** Refusals as shown: each leave or booking by name, the wrong role as one count. */
export function refusalLines(refused: readonly Refusal[]): string[] {
  const wrongRole = refused.filter((r) => r.kind === 'wrong_role');
  const lines = refused.filter((r) => r.kind !== 'wrong_role').map((r) => r.reason);
  if (wrongRole.length > 0) {
    const other = wrongRole[0]!.reason.includes('is a lead physicist')
      ? 'lead physicists'
      : 'data-acquisition physicists';
    lines.push(`${wrongRole.length} ${other} cannot take this slot (wrong role)`);
  }
  return lines;
}

type KitAssigned = NonNullable<KitExplanation['assigned']>;
type KitAlternative = KitExplanation['alternatives'][number];

const mi = (miles: number) => `${Math.round(miles).toLocaleString('en-US')} mi`;

/** 'Kit B: comes from job 12 (Acme, ends 2027-01-04), 80 mi; this job adds 35 mi to its route.' */
export function kitAssignedLine(kit: KitAssigned): string {
  if (kit.miles === null || kit.route_miles === null)
    return `${kit.name}: comes from ${kit.from}; no miles can be measured.`;
  return `${kit.name}: comes from ${kit.from}, ${mi(kit.miles)}; this job adds ${mi(kit.route_miles)} to its route.`;
}

/** 'Kit C, from its location (zip 10001), 120 mi, total kit miles +85'. */
export function kitAlternativeLine(alt: KitAlternative): string {
  return `${alt.name}, from ${alt.from}, ${mi(alt.miles)}, total kit miles ${signed(alt.delta_kit_miles)}`;
}

/** The kit slot's headline: the next best kit, or why there is none. */
export function kitNextBestLine(kit: KitExplanation): string {
  const best = kit.alternatives[0];
  if (best === undefined)
    return kit.assigned === null
      ? 'No kit is free on these days.'
      : 'No other kit is free on these days.';
  return `Next best: ${kitAlternativeLine(best)}`;
}
