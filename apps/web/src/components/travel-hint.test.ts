import { describe, expect, it } from 'vitest';
import { travelHint } from '@meridian/domain';

// TravelDistance labels every distance with travelHint; its bands meet at 200 and 450 miles.
describe('travel hint bands', () => {
  it('is car under 200 miles', () => {
    expect(travelHint(0)).toBe('car');
    expect(travelHint(199.9)).toBe('car');
  });

  it('is car or plane from 200 to 450 miles, both edges included', () => {
    expect(travelHint(200)).toBe('car or plane');
    expect(travelHint(320)).toBe('car or plane');
    expect(travelHint(450)).toBe('car or plane');
  });

  it('is plane over 450 miles', () => {
    expect(travelHint(450.1)).toBe('plane');
    expect(travelHint(2_500)).toBe('plane');
  });
});
