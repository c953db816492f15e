import type { JobRecord } from '@meridian/contracts';
import { dayNumber, type Kit, type Physicist, type Unavailability } from '@meridian/domain';
import { packLanes, type DaySpan } from './lanes';

/** A job's slot: the lead, the data-acquisition physicist or the kit. */
export type Slot = 'lead' | 'data_acq' | 'kit';

export const SLOTS: readonly Slot[] = ['lead', 'data_acq', 'kit'];

/** One bar: one slot of one dated job, on the row of whoever holds it. */
export interface TimelineBar extends DaySpan {
  /** `${jobId}:${slot}`, unique on the page. */
  key: string;
  job: JobRecord;
  slot: Slot;
  /** The physicist or kit id the bar sits with, or null in the unassigned lane. */
  holderId: number | null;
  isPinned: boolean;
  /** A reassignment of this slot is waiting for the server. */
  isPending: boolean;
}

/** The groups of rows, top to bottom. */
export type SectionId = 'unassigned' | 'lead' | 'dataacq' | 'kits';

export const SECTION_LABELS: Record<SectionId, string> = {
  unassigned: 'Unassigned',
  lead: 'Lead physicists',
  dataacq: 'Data acquisition physicists',
  kits: 'Kits',
};

interface RowBase {
  /** Stable across renders: 'section:lead', 'person:12', 'kit:3', 'open:lead'. */
  key: string;
  section: SectionId;
}

/** A bar-holding row: its bars packed into lanes (one lane unless bars overlap). */
interface LaneRow extends RowBase {
  lanes: TimelineBar[][];
}

export type TimelineRow =
  | (RowBase & { kind: 'section'; label: string; count: number; isCollapsed: boolean })
  | (LaneRow & { kind: 'open'; slot: Slot; label: string })
  | (LaneRow & { kind: 'person'; person: Physicist; leave: DaySpan[] })
  | (LaneRow & { kind: 'kit'; kit: Kit });

/** A row that bars can be dropped on. */
export type TargetRow = Exclude<TimelineRow, { kind: 'section' }>;

/** Where a pending reassignment puts a slot until the server answers (null: unassigned). */
export type PendingMoves = ReadonlyMap<string, number | null>;

export const barKey = (jobId: number, slot: Slot): string => `${jobId}:${slot}`;

const ID_FIELD = {
  lead: 'assigned_lead_id',
  data_acq: 'assigned_data_acq_id',
  kit: 'assigned_kit_id',
} as const;

const PINNED_FIELD = {
  lead: 'lead_pinned',
  data_acq: 'data_acq_pinned',
  kit: 'kit_pinned',
} as const;

/** The id a job's slot holds. */
export const slotHolder = (job: JobRecord, slot: Slot): number | null => job[ID_FIELD[slot]];

/** What the rows are built from. */
export interface TimelineData {
  jobs: readonly JobRecord[];
  physicists: readonly Physicist[];
  kits: readonly Kit[];
  leave: readonly Unavailability[];
}

const OPEN_LABELS: Record<Slot, string> = {
  lead: 'Lead open',
  data_acq: 'Data acq open',
  kit: 'Kit open',
};

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * The rows of the timeline: the unassigned slots (one row per slot kind),
 * then lead physicists, data-acquisition physicists and kits, each sorted by
 * name under a section heading. Undated jobs have no place on a calendar and
 * are left out (the page counts them). A slot holding an id that is not on
 * the roster (a stale list) counts as open. `pending` moves slots to where a
 * reassignment in flight will put them.
 */
export function buildTimelineRows(
  data: TimelineData,
  collapsed: ReadonlySet<SectionId>,
  pending: PendingMoves = new Map(),
): TimelineRow[] {
  const people = new Map(data.physicists.map((p) => [p.id, p]));
  const kits = new Map(data.kits.map((k) => [k.id, k]));
  const barsOf = new Map<string, TimelineBar[]>();
  const add = (rowKey: string, bar: TimelineBar) => {
    const list = barsOf.get(rowKey);
    if (list) list.push(bar);
    else barsOf.set(rowKey, [bar]);
  };
  for (const job of data.jobs) {
    if (job.start === null || job.end === null) continue;
    const startDay = dayNumber(job.start);
    const endDay = dayNumber(job.end);
    for (const slot of SLOTS) {
      const key = barKey(job.id, slot);
      const moved = pending.get(key);
      let holderId = moved === undefined ? slotHolder(job, slot) : moved;
      const known = slot === 'kit' ? kits.has(holderId ?? -1) : people.has(holderId ?? -1);
      if (!known) holderId = null;
      const isPending = moved !== undefined;
      // Manual assignment pins what it sets, so a pending move shows the lock it will get.
      const isPinned = holderId !== null && (isPending || job[PINNED_FIELD[slot]]);
      const bar: TimelineBar = { key, job, slot, holderId, isPinned, isPending, startDay, endDay };
      const rowKey =
        holderId === null ? `open:${slot}` : `${slot === 'kit' ? 'kit' : 'person'}:${holderId}`;
      add(rowKey, bar);
    }
  }
  const rows: TimelineRow[] = [];
  const section = (id: SectionId, count: number) => {
    const isCollapsed = collapsed.has(id);
    rows.push({
      kind: 'section',
      key: `section:${id}`,
      section: id,
      label: SECTION_LABELS[id],
      count,
      isCollapsed,
    });
    return !isCollapsed;
  };
  const lanesOf = (rowKey: string) => packLanes(barsOf.get(rowKey) ?? []);

  // The section counts open slots as every screen does (packages/domain/src/open-slots.ts):
  // lead and data-acq only; the kit lane says its own count.
  const openCount = (['lead', 'data_acq'] as const).reduce(
    (n, slot) => n + (barsOf.get(`open:${slot}`)?.length ?? 0),
    0,
  );
  // All three open lanes stay even when empty: they are where a drag unassigns a slot.
  if (section('unassigned', openCount)) {
    for (const slot of SLOTS) {
      const key = `open:${slot}`;
      rows.push({
        kind: 'open',
        key,
        section: 'unassigned',
        slot,
        label: OPEN_LABELS[slot],
        lanes: lanesOf(key),
      });
    }
  }
  const leaveByName = leaveSpansByName(data.leave);
  for (const role of ['lead', 'dataacq'] as const) {
    const group = data.physicists.filter((p) => p.role === role).sort(byName);
    if (!section(role, group.length)) continue;
    for (const person of group) {
      const key = `person:${person.id}`;
      const leave = leaveByName.get(person.name.toLowerCase()) ?? [];
      rows.push({ kind: 'person', key, section: role, person, leave, lanes: lanesOf(key) });
    }
  }
  if (section('kits', data.kits.length)) {
    for (const kit of [...data.kits].sort(byName)) {
      const key = `kit:${kit.id}`;
      rows.push({ kind: 'kit', key, section: 'kits', kit, lanes: lanesOf(key) });
    }
  }
  return rows;
}

/** Leave records as day spans by lower-cased name (the server matches names case-insensitively). */
function leaveSpansByName(leave: readonly Unavailability[]): Map<string, DaySpan[]> {
  const byName = new Map<string, DaySpan[]>();
  for (const record of leave) {
    const name = record.physicist_name.toLowerCase();
    const span = { startDay: dayNumber(record.start_date), endDay: dayNumber(record.end_date) };
    const list = byName.get(name);
    if (list) list.push(span);
    else byName.set(name, [span]);
  }
  return byName;
}

/**
 * Open-slot lanes the Unassigned section shows before the page starts with it
 * folded. A plan with no kits assigned yet stacks hundreds of "Kit open" bars,
 * which would push every physicist below the fold.
 */
export const MAX_OPEN_LANES_UNFOLDED = 6;

/** The sections the page starts with folded: Unassigned when its lanes would fill the view. */
export function initiallyCollapsed(data: TimelineData): ReadonlySet<SectionId> {
  const others = new Set<SectionId>(['lead', 'dataacq', 'kits']);
  const lanes = buildTimelineRows(data, others).reduce(
    (n, row) => n + (row.kind === 'open' ? Math.max(1, row.lanes.length) : 0),
    0,
  );
  return new Set<SectionId>(lanes > MAX_OPEN_LANES_UNFOLDED ? ['unassigned'] : []);
}
