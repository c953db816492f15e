import { describe, expect, it } from 'vitest';
import { jobPhase, todayIn } from '../src';

describe('the planning window', () => {
  it('puts a job in the past before today, published through the date, draft after', () => {
    const window = { today: '2026-11-28', published_through: '2026-12-12' };
    expect(jobPhase('2026-11-27', window)).toBe('past');
    expect(jobPhase('2026-11-28', window)).toBe('published');
    expect(jobPhase('2026-12-12', window)).toBe('published');
    expect(jobPhase('2026-12-13', window)).toBe('draft');
    expect(jobPhase(null, window)).toBe('draft');
    expect(jobPhase('2026-12-01', { today: '2026-11-28', published_through: null })).toBe('draft');
  });

  it("reads today in the organisation's time zone, not the server's", () => {
    // 03:30 UTC on the 29th is still the evening of the 28th in Chicago (UTC-6 in November).
    const now = new Date('2026-11-29T03:30:00Z');
    expect(todayIn('America/Chicago', now)).toBe('2026-11-28');
    expect(todayIn('UTC', now)).toBe('2026-11-29');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-28T15:30:00Z'))).toBe('2026-11-29');
    expect(() => todayIn('Mars/Olympus', now)).toThrow(RangeError);
    // Formatters are kept per zone: a refused zone is refused again, and each zone keeps its own.
    expect(() => todayIn('Mars/Olympus', now)).toThrow(RangeError);
    expect(todayIn('America/Chicago', now)).toBe('2026-11-28');
    expect(todayIn('UTC', now)).toBe('2026-11-29');
  });
});
