import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packLanes, spansInWindow } from './lanes';

const span = (startDay: number, endDay: number, id = `${startDay}-${endDay}`) => ({
  id,
  startDay,
  endDay,
});

describe('packLanes', () => {
  it('keeps disjoint spans in one lane, in day order', () => {
    const lanes = packLanes([span(10, 12), span(1, 3), span(4, 4)]);
    expect(lanes.map((lane) => lane.map((s) => s.id))).toEqual([['1-3', '4-4', '10-12']]);
  });

  it('opens a lane only for an overlap and reuses the first free one', () => {
    const lanes = packLanes([span(1, 5), span(3, 4), span(5, 6), span(6, 9)]);
    // 1-5 and 3-4 overlap; 5-6 shares day 5 with 1-5 but 3-4 is done by then.
    expect(lanes.map((lane) => lane.map((s) => s.id))).toEqual([
      ['1-5', '6-9'],
      ['3-4', '5-6'],
    ]);
  });

  it('never puts two spans sharing a day in one lane, and uses as many lanes as the busiest day needs', () => {
    const spans = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 6 })),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(spans, (pairs) => {
        const input = pairs.map(([start, length], i) => span(start, start + length, String(i)));
        const lanes = packLanes(input);
        expect(lanes.flat()).toHaveLength(input.length);
        for (const lane of lanes) {
          for (let i = 1; i < lane.length; i++)
            expect(lane[i]!.startDay).toBeGreaterThan(lane[i - 1]!.endDay);
        }
        let busiest = 0;
        for (let day = 0; day <= 66; day++) {
          const load = input.filter((s) => s.startDay <= day && day <= s.endDay).length;
          busiest = Math.max(busiest, load);
        }
        expect(lanes).toHaveLength(busiest);
      }),
    );
  });
});

describe('spansInWindow', () => {
  const lane = [span(1, 2), span(4, 8), span(10, 10), span(12, 20), span(30, 31)];

  it('finds the spans that share a day with the window', () => {
    expect(spansInWindow(lane, 8, 12).map((s) => s.id)).toEqual(['4-8', '10-10', '12-20']);
    expect(spansInWindow(lane, 21, 29)).toEqual([]);
    expect(spansInWindow(lane, 0, 100)).toHaveLength(5);
    expect(spansInWindow([], 0, 100)).toEqual([]);
  });

  it('agrees with a plain filter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 40 }),
        fc.integer({ min: 0, max: 20 }),
        (from, len) => {
          const expected = lane.filter((s) => s.endDay >= from && s.startDay <= from + len);
          expect(spansInWindow(lane, from, from + len)).toEqual(expected);
        },
      ),
    );
  });
});
