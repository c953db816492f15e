import { describe, expect, it } from 'vitest';
import { countOpenSlots, openSlotsText, type JobHolders } from '../src';

const job = (lead: [number | null, string | null], acq: [number | null, string | null]) =>
  ({
    assigned_lead_id: lead[0],
    assigned_lead: lead[1],
    assigned_data_acq_id: acq[0],
    assigned_data_acq: acq[1],
  }) satisfies JobHolders;

describe('open slots', () => {
  it('counts a slot open when it has neither a linked physician nor a name', () => {
    const jobs = [
      job([1, 'Ann'], [2, 'Bo']), // full
      job([null, null], [2, 'Bo']), // lead open
      job([null, null], [null, '  ']), // both open (a blank name is nobody)
      job([null, 'Unmatched Name'], [3, null]), // a name alone holds the slot
    ];
    expect(countOpenSlots(jobs)).toEqual({ open_slots: 3, jobs_with_open_slots: 2, jobs: 4 });
  });

  it('says the count in one set of words', () => {
    expect(openSlotsText({ open_slots: 12, jobs_with_open_slots: 9, jobs: 600 })).toBe(
      '12 open slots on 9 of 600 jobs',
    );
    expect(openSlotsText({ open_slots: 1, jobs_with_open_slots: 1, jobs: 1 })).toBe(
      '1 open slot on 1 of 1 job',
    );
    expect(openSlotsText({ open_slots: 0, jobs_with_open_slots: 0, jobs: 1200 })).toBe(
      'No open slots: all 1,200 jobs have a lead and a data-acq physicist',
    );
    expect(openSlotsText({ open_slots: 0, jobs_with_open_slots: 0, jobs: 0 })).toBe('No jobs yet');
  });
});
