import { describe, expect, it } from 'vitest';
import { formatMmSs } from './format-duration';
import { percentDone } from './task-cache';

describe('formatMmSs', () => {
  it('pads minutes and seconds', () => {
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(7.4)).toBe('00:07');
    expect(formatMmSs(65)).toBe('01:05');
    expect(formatMmSs(3600)).toBe('60:00');
  });
  it('shows unknown times as --:--', () => {
    expect(formatMmSs(null)).toBe('--:--');
    expect(formatMmSs(Number.NaN)).toBe('--:--');
    expect(formatMmSs(-1)).toBe('--:--');
  });
});

describe('percentDone', () => {
  it('uses total when given, else reads progress as a fraction', () => {
    expect(percentDone({ progress: 3, total: 12 })).toBe(25);
    expect(percentDone({ progress: 0.5, total: 0 })).toBe(50);
    expect(percentDone({ progress: 20, total: 10 })).toBe(100);
    expect(percentDone({ progress: 40, total: 0 })).toBe(40);
  });
});
