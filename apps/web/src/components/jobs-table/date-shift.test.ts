import { describe, expect, it } from 'vitest';
import { shiftDates } from './date-shift';

// A three-day job, 2 to 4 March 2026.
const job = { start: '2026-03-02', end: '2026-03-04' };

describe('shiftDates', () => {
  it('moves the end with a start past it, keeping the length', () => {
    expect(shiftDates(job, 'start', '2026-03-10')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
    });
    // Across a month and a leap day.
    expect(shiftDates(job, 'start', '2028-02-28')).toEqual({
      start: '2028-02-28',
      end: '2028-03-01',
    });
  });

  it('moves the start back with an end before it, keeping the length', () => {
    expect(shiftDates(job, 'end', '2026-02-27')).toEqual({
      start: '2026-02-25',
      end: '2026-02-27',
    });
    expect(shiftDates(job, 'end', '2026-01-01')).toEqual({
      start: '2025-12-30',
      end: '2026-01-01',
    });
  });

  it('changes only the edited date while the range stays in order', () => {
    expect(shiftDates(job, 'start', '2026-03-04')).toEqual({
      start: '2026-03-04',
      end: '2026-03-04',
    });
    expect(shiftDates(job, 'start', '2026-02-20')).toEqual({
      start: '2026-02-20',
      end: '2026-03-04',
    });
    expect(shiftDates(job, 'end', '2026-03-02')).toEqual({
      start: '2026-03-02',
      end: '2026-03-02',
    });
    expect(shiftDates(job, 'end', '2026-03-09')).toEqual({
      start: '2026-03-02',
      end: '2026-03-09',
    });
  });

  it('keeps a one-day job one day long', () => {
    const oneDay = { start: '2026-03-02', end: '2026-03-02' };
    expect(shiftDates(oneDay, 'start', '2026-03-05')).toEqual({
      start: '2026-03-05',
      end: '2026-03-05',
    });
  });

  it('sets a missing date alone, and moves a lone end past a new start to it', () => {
    expect(shiftDates({ start: null, end: null }, 'start', '2026-03-05')).toEqual({
      start: '2026-03-05',
      end: null,
    });
    expect(shiftDates({ start: null, end: '2026-03-01' }, 'start', '2026-03-05')).toEqual({
      start: '2026-03-05',
      end: '2026-03-05',
    });
    expect(shiftDates({ start: '2026-03-05', end: null }, 'end', '2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-01',
    });
  });
});
