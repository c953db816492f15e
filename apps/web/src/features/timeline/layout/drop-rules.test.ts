import { describe, expect, it } from 'vitest';
import {
  jobsByHolder,
  kitOptions,
  physicistOptions,
} from '../../../components/jobs-table/assign-options';
import { buildTimelineRows, type TargetRow, type TimelineBar } from './timeline-rows';
import { dropVerdict } from './drop-rules';
import { kits, people, record } from './timeline-fixtures';

const jobs = [
  record({
    id: 1,
    customer: 'Acme',
    start: '2026-03-02',
    end: '2026-03-03',
    assigned_lead_id: 1,
    assigned_kit_id: 7,
  }),
  record({ id: 2, customer: 'Busy', start: '2026-03-03', end: '2026-03-03', assigned_lead_id: 2 }),
];
const leave = [
  { id: 1, physicist_name: 'Bo Acq', start_date: '2026-03-01', end_date: '2026-03-02' },
];
const rows = buildTimelineRows({ jobs, physicists: people, kits, leave }, new Set());
const row = (key: string) => rows.find((r) => r.key === key) as TargetRow;
const bar = (key: string): TimelineBar => {
  const found = rows
    .flatMap((r) => (r.kind === 'section' ? [] : r.lanes.flat()))
    .find((b) => b.key === key);
  if (!found) throw new Error(key);
  return found;
};
const holders = jobsByHolder(jobs);
const optionsFor = (b: TimelineBar) =>
  new Map(
    (b.slot === 'kit'
      ? kitOptions(b.job, kits, holders.kits)
      : physicistOptions(
          b.job,
          people,
          b.slot === 'lead' ? 'lead' : 'dataacq',
          leave,
          holders.people,
          undefined,
        )
    ).map((option) => [option.id, option]),
  );

describe('dropVerdict', () => {
  const lead = bar('1:lead');
  const acq = bar('1:data_acq');
  const kit = bar('1:kit');

  it("refuses what the dropdown disables, with the domain's reason", () => {
    expect(dropVerdict(lead, row('person:2'), optionsFor(lead))).toEqual({
      kind: 'refused',
      reason: 'Amy Lead is already on job 2 (Busy, 2026-03-03 to 2026-03-03)',
    });
    expect(dropVerdict(acq, row('person:3'), optionsFor(acq))).toEqual({
      kind: 'refused',
      reason: 'Bo Acq is unavailable on 2026-03-01 to 2026-03-02',
    });
  });

  it('refuses the other role and the other kind of row', () => {
    expect(dropVerdict(lead, row('person:3'), optionsFor(lead))).toEqual({
      kind: 'refused',
      reason: 'Bo Acq is a data-acquisition physicist and cannot take the lead slot',
    });
    expect(dropVerdict(kit, row('person:1'), optionsFor(kit)).kind).toBe('refused');
    expect(dropVerdict(lead, row('kit:7'), optionsFor(lead)).kind).toBe('refused');
    expect(dropVerdict(lead, row('open:kit'), optionsFor(lead))).toEqual({
      kind: 'refused',
      reason: 'Only open kit slots go here',
    });
  });

  it('assigns a free holder, clears on the own open lane, and ignores the own row', () => {
    const free = record({ id: 3, start: '2026-03-10', end: '2026-03-10', assigned_lead_id: 1 });
    const freeRows = buildTimelineRows(
      { jobs: [free], physicists: people, kits, leave },
      new Set(),
    );
    const freeBar = freeRows
      .flatMap((r) => (r.kind === 'section' ? [] : r.lanes.flat()))
      .find((b) => b.key === '3:lead')!;
    const target = freeRows.find((r) => r.key === 'person:2') as TargetRow;
    expect(dropVerdict(freeBar, target, optionsFor(freeBar))).toEqual({
      kind: 'assign',
      holderId: 2,
    });
    expect(dropVerdict(lead, row('open:lead'), optionsFor(lead))).toEqual({
      kind: 'assign',
      holderId: null,
    });
    expect(dropVerdict(lead, row('person:1'), optionsFor(lead))).toEqual({ kind: 'same' });
    expect(dropVerdict(acq, row('open:data_acq'), optionsFor(acq))).toEqual({ kind: 'same' });
  });
});
