import { describe, expect, it } from 'vitest';
import { addRefusal, isChanged, readableDay, toggledWeekday, withDate } from './preferences-draft';

describe('the preferences draft', () => {
  it('reads a date as people do, whatever the time zone', () => {
    expect(readableDay('2026-03-02')).toBe('Mon 2 Mar 2026');
    expect(readableDay('2026-12-31')).toBe('Thu 31 Dec 2026');
  });

  it('adds a real date once, in order, and says why it will not', () => {
    expect(withDate(['2026-05-01', '2026-01-02'].sort(), '2026-03-03')).toEqual([
      '2026-01-02',
      '2026-03-03',
      '2026-05-01',
    ]);
    expect(addRefusal([], '')).toBe('Pick a date first');
    expect(addRefusal([], '2026-02-30')).toBe('Pick a date first');
    expect(addRefusal(['2026-03-02'], '2026-03-02')).toBe('Mon 2 Mar 2026 is already listed');
    const full = Array.from({ length: 366 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(addRefusal(full, '2026-03-02')).toBe('At most 366 dates');
    expect(addRefusal([], '2026-03-02')).toBeNull();
  });

  it('switches weekdays on and off in order, and tells a change from the saved set', () => {
    expect(toggledWeekday([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggledWeekday([1, 3, 5], 3)).toEqual([1, 5]);
    const saved = { avoid_dates: ['2026-03-02'], avoid_weekdays: [1] };
    expect(isChanged({ ...saved }, saved)).toBe(false);
    expect(isChanged({ ...saved, avoid_weekdays: [] }, saved)).toBe(true);
    expect(isChanged({ ...saved, avoid_dates: [] }, saved)).toBe(true);
  });
});
