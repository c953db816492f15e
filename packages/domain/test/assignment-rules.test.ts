import { describe, expect, it } from 'vitest';
import {
  firstClash,
  kitRefusal,
  leaveOverlapping,
  physicistRefusal,
  PERSON_SLOTS,
  wrongRoleText,
  type SlotHolder,
} from '../src';

const holder = (
  id: number,
  start: string | null,
  end: string | null,
  slots: Partial<Pick<SlotHolder, 'assigned_lead_id' | 'assigned_data_acq_id' | 'assigned_kit_id'>>,
): SlotHolder => ({
  id,
  customer: `Customer ${id}`,
  start,
  end,
  assigned_lead_id: null,
  assigned_data_acq_id: null,
  assigned_kit_id: null,
  ...slots,
});

const job = { id: 1, start: '2026-03-10', end: '2026-03-12' };

describe('leaveOverlapping', () => {
  const leave = [
    { physicist_name: 'Ann Lee', start_date: '2026-03-13', end_date: '2026-03-20' },
    { physicist_name: 'ann lee', start_date: '2026-03-12', end_date: '2026-03-12' },
    { physicist_name: 'Ann Lee', start_date: '2026-03-01', end_date: '2026-03-10' },
    { physicist_name: 'Bo Park', start_date: '2026-03-10', end_date: '2026-03-12' },
  ];

  it('matches the name case-insensitively and days inclusively, earliest first', () => {
    const found = leaveOverlapping('ANN LEE', job, leave);
    expect(found.map((r) => r.start_date)).toEqual(['2026-03-01', '2026-03-12']);
  });

  it('finds nothing on the day after a job ends', () => {
    expect(leaveOverlapping('Ann Lee', { start: '2026-03-11', end: '2026-03-11' }, leave)).toEqual(
      [],
    );
  });
});

describe('firstClash', () => {
  it('shares an end day, ignores the job itself, undated jobs and other holders', () => {
    const jobs = [
      holder(1, '2026-03-10', '2026-03-12', { assigned_lead_id: 5 }),
      holder(2, null, null, { assigned_lead_id: 5 }),
      holder(3, '2026-03-12', '2026-03-14', { assigned_lead_id: 6 }),
      holder(4, '2026-03-13', '2026-03-14', { assigned_lead_id: 5 }),
      holder(5, '2026-03-12', '2026-03-15', { assigned_data_acq_id: 5 }),
    ];
    expect(firstClash(jobs, PERSON_SLOTS, 5, job)).toEqual({
      id: 5,
      customer: 'Customer 5',
      start: '2026-03-12',
      end: '2026-03-15',
    });
    expect(firstClash(jobs, ['assigned_lead_id'], 5, job)).toBeUndefined();
  });

  it('answers the earliest-starting clash, ties by id', () => {
    const jobs = [
      holder(9, '2026-03-11', '2026-03-11', { assigned_kit_id: 2 }),
      holder(8, '2026-03-11', '2026-03-13', { assigned_kit_id: 2 }),
      holder(7, '2026-03-12', '2026-03-12', { assigned_kit_id: 2 }),
    ];
    expect(firstClash(jobs, ['assigned_kit_id'], 2, job)?.id).toBe(8);
  });
});

describe('physicistRefusal and kitRefusal', () => {
  const person = { id: 5, name: 'Ann Lee' };
  const jobs = [holder(2, '2026-03-09', '2026-03-10', { assigned_data_acq_id: 5 })];

  it('names the leave first, with its dates', () => {
    const leave = [{ physicist_name: 'Ann Lee', start_date: '2026-03-12', end_date: '2026-03-13' }];
    expect(physicistRefusal(person, job, jobs, leave)).toBe(
      'Ann Lee is unavailable on 2026-03-12 to 2026-03-13',
    );
  });

  it('then the other job with its customer and dates, and null when free', () => {
    expect(physicistRefusal(person, job, jobs, [])).toBe(
      'Ann Lee is already on job 2 (Customer 2, 2026-03-09 to 2026-03-10)',
    );
    expect(
      physicistRefusal(person, { id: 3, start: '2026-03-11', end: '2026-03-11' }, jobs, []),
    ).toBe(null);
  });

  it('refuses a kit in maintenance, then a kit out on overlapping days', () => {
    const kit = { id: 2, name: 'Kit B', is_out_for_maintenance: false };
    const kitJobs = [holder(4, '2026-03-12', '2026-03-20', { assigned_kit_id: 2 })];
    expect(kitRefusal({ ...kit, is_out_for_maintenance: true }, job, [])).toBe(
      'Kit B is out for maintenance and cannot be assigned',
    );
    expect(kitRefusal(kit, job, kitJobs)).toBe(
      'Kit B is already out on job 4 (Customer 4, 2026-03-12 to 2026-03-20)',
    );
    expect(kitRefusal(kit, { ...job, id: 4 }, kitJobs)).toBe(null);
  });
});

describe('wrongRoleText', () => {
  it("names the person's role and the slot's in the server's words", () => {
    expect(wrongRoleText('Bo Acq', 'dataacq', 'lead')).toBe(
      'Bo Acq is a data-acquisition physicist and cannot take the lead slot',
    );
    expect(wrongRoleText('Ann Lee', 'lead', 'dataacq')).toBe(
      'Ann Lee is a lead physicist and cannot take the data-acquisition slot',
    );
  });
});
