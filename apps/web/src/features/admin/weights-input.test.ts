import { describe, expect, it } from 'vitest';
import { toWeight } from './weights-input';

describe('toWeight', () => {
  it('reads decimals', () => {
    expect(toWeight('0.35')).toBe(0.35);
    expect(toWeight('2')).toBe(2);
  });
  it('turns non-numbers into 0', () => {
    expect(toWeight('')).toBe(0);
    expect(toWeight('abc')).toBe(0);
    expect(toWeight('NaN')).toBe(0);
    expect(toWeight('Infinity')).toBe(0);
  });
});
