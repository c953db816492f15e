import { describe, expect, it } from 'vitest';
import { rowAt, visibleDays, visibleRows } from './virtual-window';

// Rows of 10, 20, 30, 40 px: tops 0, 10, 30, 60; total 100.
const offsets = [0, 10, 30, 60, 100];

describe('rowAt', () => {
  it('finds the row under a y', () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 9.5)).toBe(0);
    expect(rowAt(offsets, 10)).toBe(1);
    expect(rowAt(offsets, 59)).toBe(2);
    expect(rowAt(offsets, 99)).toBe(3);
  });

  it('answers -1 outside the rows', () => {
    expect(rowAt(offsets, -1)).toBe(-1);
    expect(rowAt(offsets, 100)).toBe(-1);
    expect(rowAt([0], 0)).toBe(-1);
  });
});

describe('visibleRows', () => {
  // 100 rows of 30 px.
  const even = Array.from({ length: 101 }, (_, i) => i * 30);

  it('renders the rows in view plus a chunk each side, snapped to chunks', () => {
    // View 0..300 shows rows 0-10; chunk 10: rows 0-29.
    expect(visibleRows(even, 0, 300, 10)).toEqual({ first: 0, last: 29 });
    // View 1500..1800 shows rows 50-60: chunks 5-6, plus one each side: rows 40-79.
    expect(visibleRows(even, 1500, 300, 10)).toEqual({ first: 40, last: 79 });
  });

  it('gives the same range for small scrolls inside a chunk', () => {
    expect(visibleRows(even, 1510, 300, 10)).toEqual(visibleRows(even, 1590, 250, 10));
  });

  it('always covers the rows in view and stays inside the list', () => {
    for (let top = 0; top <= 3000; top += 37) {
      const range = visibleRows(even, top, 400, 8);
      expect(range.first).toBeLessThanOrEqual(Math.floor(top / 30));
      expect(range.last).toBeGreaterThanOrEqual(Math.min(99, Math.floor((top + 400) / 30)));
      expect(range.first).toBeGreaterThanOrEqual(0);
      expect(range.last).toBeLessThanOrEqual(99);
    }
  });

  it('is empty without rows', () => {
    expect(visibleRows([0], 0, 300, 10)).toEqual({ first: 0, last: -1 });
  });
});

describe('visibleDays', () => {
  const scale = { firstDay: 1000, dayCount: 365, dayWidth: 20 };

  it('renders the days in view plus a chunk each side, as day numbers', () => {
    // View 400..800 px is days 20-40 (indices); chunks of 14: 14-41 plus one each side: 0-55.
    expect(visibleDays(scale, 400, 400, 14)).toEqual({ first: 1000, last: 1055 });
  });

  it('gives the same range for small scrolls inside a chunk', () => {
    expect(visibleDays(scale, 600, 400, 14)).toEqual(visibleDays(scale, 570, 400, 14));
  });

  it('always covers the days in view and stays inside the scale', () => {
    for (let left = 0; left <= 7300; left += 123) {
      const range = visibleDays(scale, left, 500, 10);
      expect(range.first).toBeLessThanOrEqual(1000 + Math.floor(left / 20));
      expect(range.last).toBeGreaterThanOrEqual(
        Math.min(1364, 1000 + Math.floor((left + 500) / 20)),
      );
      expect(range.first).toBeGreaterThanOrEqual(1000);
      expect(range.last).toBeLessThanOrEqual(1364);
    }
  });
});
