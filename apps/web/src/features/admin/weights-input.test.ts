import { describe, expect, it } from 'vitest';
import { toWeight, weightProblem } from './weights-input';

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

describe('weightProblem', () => {
  it('accepts 0 to 1000, what the server accepts', () => {
    expect(weightProblem('0')).toBeNull();
    expect(weightProblem('0.35')).toBeNull();
    expect(weightProblem('1000')).toBeNull();
    expect(weightProblem('')).toBeNull();
  });
  it('names the limit above 1000 and below 0', () => {
    expect(weightProblem('1000.05')).toBe('Must be at most 1000.');
    expect(weightProblem('1e308')).toBe('Must be at most 1000.');
    expect(weightProblem('-0.05')).toBe('Must be 0 or more.');
  });
});
