import { describe, expect, it } from 'vitest';
import { localIsoDate, weekOf } from './map-dates';

describe('weekOf', () => {
  it('runs Monday to Sunday', () => {
    expect(weekOf('2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' }); // a Wednesday
    expect(weekOf('2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-08' }); // a Monday
    expect(weekOf('2026-03-08')).toEqual({ from: '2026-03-02', to: '2026-03-08' }); // a Sunday
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});

describe('localIsoDate', () => {
  it('writes the local calendar date with zero padding', () => {
    expect(localIsoDate(new Date(2026, 2, 4, 23, 30))).toBe('2026-03-04');
  });
});
