import type { ScheduleEntry } from '@meridian/contracts';

/** What a user was told about one slot: the fields whose change they should hear of. */
export interface NoticedSlot {
  customer: string;
  location: string;
  zip_code: string;
  start: string | null;
  end: string | null;
  partner: string | null;
  kit: string | null;
}

/** A user's schedule as last told: slot key (`<job id>:<slot>`) -> fields. */
export type ScheduleSnapshot = Record<string, NoticedSlot>;

/** At most this many changes are spelled out; the rest are counted. */
const LISTED = 5;
const SLOT_LABEL = { lead: 'lead', data_acq: 'data acquisition' } as const;

const keyOf = (entry: Pick<ScheduleEntry, 'job_id' | 'slot'>) => `${entry.job_id}:${entry.slot}`;

/** The snapshot of a schedule, as stored after a notice. */
export function snapshotOf(entries: readonly ScheduleEntry[]): ScheduleSnapshot {
  const snapshot: ScheduleSnapshot = {};
  for (const e of entries) {
    // eslint-disable-next-line meridian/string-key-injection -- keys are "<job id>:<slot>", built by keyOf or read back from a snapshot keyOf built
    snapshot[keyOf(e)] = {
      customer: e.customer,
      location: e.location,
      zip_code: e.zip_code,
      start: e.start,
      end: e.end,
      partner: e.partner,
      kit: e.kit,
    };
  }
  return snapshot;
}

/** Reads a stored snapshot back; anything unreadable counts as "never told". */
export function readSnapshot(value: unknown): ScheduleSnapshot {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ScheduleSnapshot)
    : {};
}

/** The slots of one job in a snapshot (its lead and data-acquisition keys). */
export function jobSlots(snapshot: ScheduleSnapshot, jobId: number): ScheduleSnapshot {
  const prefix = `${jobId}:`;
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => key.startsWith(prefix)));
}

/** A snapshot whose slots of one job are replaced by `slots` (the rest as they were). */
export function withJobSlots(
  snapshot: ScheduleSnapshot,
  jobId: number,
  slots: ScheduleSnapshot,
): ScheduleSnapshot {
  const prefix = `${jobId}:`;
  const others = Object.entries(snapshot).filter(([key]) => !key.startsWith(prefix));
  return { ...Object.fromEntries(others), ...slots };
}

const dates = (s: Pick<NoticedSlot, 'start' | 'end'>) =>
  s.start === null ? 'no dates yet' : s.start === s.end ? s.start : `${s.start} to ${s.end}`;
const nameOf = (s: NoticedSlot, jobId: string) => s.customer.trim() || `Job ${jobId}`;
const orNobody = (name: string | null) => name ?? 'nobody';

/** How one slot differs between the old and new snapshot, or null when it does not. */
function describeChange(key: string, before: NoticedSlot, after: NoticedSlot): string | null {
  const [jobId = '', slot = 'lead'] = key.split(':');
  const parts: string[] = [];
  if (before.start !== after.start || before.end !== after.end) {
    parts.push(`dates ${dates(before)} -> ${dates(after)}`);
  }
  if (before.location !== after.location || before.zip_code !== after.zip_code) {
    parts.push(`place now ${[after.location, after.zip_code].filter(Boolean).join(' ')}`);
  }
  if (before.customer !== after.customer) parts.push(`customer now ${after.customer}`);
  if (before.partner !== after.partner) {
    parts.push(`partner ${orNobody(before.partner)} -> ${orNobody(after.partner)}`);
  }
  if (before.kit !== after.kit) parts.push(`kit ${orNobody(before.kit)} -> ${orNobody(after.kit)}`);
  if (parts.length === 0) return null;
  const label = SLOT_LABEL[slot as keyof typeof SLOT_LABEL] ?? slot;
  return `Changed: ${nameOf(before, jobId)} (${label}): ${parts.join(', ')}`;
}

/**
 * The message telling a user how their schedule changed since `before`, or
 * null when nothing they were told about changed. New and removed slots and
 * changed fields (dates, place, customer, partner, kit) are named, the first
 * few spelled out and the rest counted.
 */
export function describeScheduleChanges(
  before: ScheduleSnapshot,
  after: ScheduleSnapshot,
  title = 'Your schedule changed',
): string | null {
  const lines: string[] = [];
  for (const [key, slot] of Object.entries(after)) {
    // eslint-disable-next-line meridian/string-key-injection -- keys are "<job id>:<slot>", built by keyOf or read back from a snapshot keyOf built
    const old = before[key];
    const [jobId = '', slotName = 'lead'] = key.split(':');
    const label = SLOT_LABEL[slotName as keyof typeof SLOT_LABEL] ?? slotName;
    if (old === undefined) lines.push(`New: ${nameOf(slot, jobId)} (${label}), ${dates(slot)}`);
    else {
      const change = describeChange(key, old, slot);
      if (change !== null) lines.push(change);
    }
  }
  for (const [key, slot] of Object.entries(before)) {
    // eslint-disable-next-line meridian/string-key-injection -- keys are "<job id>:<slot>", built by keyOf or read back from a snapshot keyOf built
    if (after[key] !== undefined) continue;
    const [jobId = '', slotName = 'lead'] = key.split(':');
    const label = SLOT_LABEL[slotName as keyof typeof SLOT_LABEL] ?? slotName;
    lines.push(`Removed: ${nameOf(slot, jobId)} (${label}), ${dates(slot)}`);
  }
  if (lines.length === 0) return null;
  const shown = lines.slice(0, LISTED).join('; ');
  const more = lines.length > LISTED ? `; and ${lines.length - LISTED} more` : '';
  const count = lines.length === 1 ? '1 change' : `${lines.length} changes`;
  return `${title} (${count}): ${shown}${more}.`;
}
