import { describe, expect, it } from 'vitest';
import type { Unavailability } from '@meridian/domain';
import { kits, people, record } from './timeline-fixtures';
import { buildTimelineRows, initiallyCollapsed, type TimelineRow } from './timeline-rows';

const leave: Unavailability[] = [
  { id: 1, physicist_name: 'amy lead', start_date: '2026-03-09', end_date: '2026-03-10' },
];

const summary = (rows: TimelineRow[]) =>
  rows.map((row) =>
    row.kind === 'section'
      ? `# ${row.label} (${row.count})`
      : `${row.key}: ${row.lanes.map((lane) => lane.map((bar) => bar.job.id).join(',')).join(' | ')}`,
  );

describe('buildTimelineRows', () => {
  const jobs = [
    record({
      id: 1,
      start: '2026-03-02',
      end: '2026-03-03',
      assigned_lead_id: 1,
      assigned_kit_id: 7,
    }),
    record({
      id: 2,
      start: '2026-03-03',
      end: '2026-03-04',
      assigned_lead_id: 1,
      assigned_data_acq_id: 3,
    }),
    record({ id: 3, start: '2026-03-05', end: '2026-03-05' }),
    record({ id: 4, start: null, end: null, assigned_lead_id: 2 }),
  ];

  it('groups unassigned slots, then leads, data acq and kits, each by name', () => {
    const rows = buildTimelineRows({ jobs, physicists: people, kits, leave }, new Set());
    expect(summary(rows)).toEqual([
      '# Unassigned (3)',
      'open:lead: 3',
      'open:data_acq: 1,3',
      'open:kit: 2,3',
      '# Lead physicists (2)',
      'person:2: ',
      // Zoe's two jobs share 2026-03-03 (an uploaded plan can), so they take two lanes.
      'person:1: 1 | 2',
      '# Data acquisition physicists (1)',
      'person:3: 2',
      '# Kits (1)',
      'kit:7: 1',
    ]);
  });

  it("gives a physicist's row their leave, matched by name like the server", () => {
    const rows = buildTimelineRows({ jobs, physicists: people, kits, leave }, new Set());
    const amy = rows.find((row) => row.key === 'person:2');
    expect(amy?.kind === 'person' && amy.leave).toEqual([{ startDay: 20521, endDay: 20522 }]);
  });

  it('keeps a collapsed section as its heading only', () => {
    const rows = buildTimelineRows(
      { jobs, physicists: people, kits, leave },
      new Set(['unassigned', 'dataacq'] as const),
    );
    expect(summary(rows)).toEqual([
      '# Unassigned (3)',
      '# Lead physicists (2)',
      'person:2: ',
      'person:1: 1 | 2',
      '# Data acquisition physicists (1)',
      '# Kits (1)',
      'kit:7: 1',
    ]);
  });

  it('shows the lock only on a pinned slot that holds someone', () => {
    const pinned = [record({ id: 5, assigned_lead_id: 1, lead_pinned: true, kit_pinned: true })];
    const rows = buildTimelineRows(
      { jobs: pinned, physicists: people, kits, leave: [] },
      new Set(),
    );
    const bars = rows.flatMap((row) => (row.kind === 'section' ? [] : row.lanes.flat()));
    expect(bars.map((bar) => `${bar.slot}:${bar.isPinned}`).sort()).toEqual([
      'data_acq:false',
      'kit:false',
      'lead:true',
    ]);
  });

  it('puts a slot whose holder is not on the roster in the open lane', () => {
    const stale = [
      record({ id: 6, assigned_lead_id: 99, assigned_data_acq_id: 3, assigned_kit_id: 7 }),
    ];
    const rows = buildTimelineRows({ jobs: stale, physicists: people, kits, leave: [] }, new Set());
    expect(summary(rows)).toContain('open:lead: 6');
    // The other open lanes stay, empty, as drop targets.
    expect(summary(rows)).toContain('open:data_acq: ');
    expect(summary(rows)).toContain('open:kit: ');
  });

  it('moves a slot with a pending reassignment, pinned and marked pending', () => {
    const pending = new Map([
      ['1:lead', 2],
      ['2:data_acq', null],
    ]);
    const rows = buildTimelineRows({ jobs, physicists: people, kits, leave }, new Set(), pending);
    expect(summary(rows)).toContain('person:2: 1');
    expect(summary(rows)).toContain('person:1: 2');
    expect(summary(rows)).toContain('open:data_acq: 1,3 | 2');
    const moved = rows.find((row) => row.key === 'person:2');
    const bar = moved?.kind === 'person' ? moved.lanes[0]?.[0] : undefined;
    expect(bar).toMatchObject({ isPending: true, isPinned: true, holderId: 2 });
  });
});

describe('initiallyCollapsed', () => {
  const overlapping = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      record({ id: 100 + i, start: '2026-03-02', end: '2026-03-06', assigned_lead_id: 1 }),
    );

  it('folds Unassigned when its open slots stack deeper than the limit', () => {
    // Each job leaves data acq and kit open: 4 overlapping jobs stack 4 lanes in each open row.
    const data = { jobs: overlapping(4), physicists: people, kits, leave };
    expect([...initiallyCollapsed(data)]).toEqual(['unassigned']);
  });

  it('leaves it open when the open slots fit (one lane per open row here)', () => {
    const data = { jobs: overlapping(1), physicists: people, kits, leave };
    expect(initiallyCollapsed(data).size).toBe(0);
  });
});
