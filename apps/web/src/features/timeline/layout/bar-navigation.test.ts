import { describe, expect, it } from 'vitest';
import { isStopInView, moveStop, navIndex, stopInView } from './bar-navigation';
import { people, record } from './timeline-fixtures';
import type { TimelineBar, TimelineRow } from './timeline-rows';

const bar = (id: number, startDay: number, endDay: number): TimelineBar => ({
  key: `${id}:lead`,
  job: record({ id }),
  slot: 'lead',
  holderId: 1,
  isPinned: false,
  isPending: false,
  startDay,
  endDay,
});

// A heading, a person with two lanes, an idle person (no line), a person with one bar.
const rows: TimelineRow[] = [
  {
    kind: 'section',
    key: 'section:lead',
    section: 'lead',
    label: 'Leads',
    count: 3,
    isCollapsed: false,
  },
  {
    kind: 'person',
    key: 'person:1',
    section: 'lead',
    person: people[0]!,
    leave: [],
    lanes: [[bar(1, 10, 11), bar(2, 20, 22), bar(3, 40, 40)], [bar(4, 21, 25)]],
  },
  { kind: 'person', key: 'person:2', section: 'lead', person: people[1]!, leave: [], lanes: [] },
  {
    kind: 'person',
    key: 'person:3',
    section: 'lead',
    person: people[2]!,
    leave: [],
    lanes: [[bar(5, 12, 13), bar(6, 38, 39)]],
  },
];
const nav = navIndex(rows);

describe('moveStop', () => {
  it('moves along a lane with Left, Right, Home and End, and stops at its ends', () => {
    expect(moveStop(nav, '2:lead', 'ArrowRight', 20)).toBe('3:lead');
    expect(moveStop(nav, '2:lead', 'ArrowLeft', 20)).toBe('1:lead');
    expect(moveStop(nav, '3:lead', 'ArrowRight', 40)).toBeNull();
    expect(moveStop(nav, '1:lead', 'ArrowLeft', 10)).toBeNull();
    expect(moveStop(nav, '2:lead', 'Home', 20)).toBe('1:lead');
    expect(moveStop(nav, '2:lead', 'End', 20)).toBe('3:lead');
  });

  it('moves between lanes to the bar nearest the day, over rows without bars', () => {
    expect(moveStop(nav, '2:lead', 'ArrowDown', 20)).toBe('4:lead');
    expect(moveStop(nav, '4:lead', 'ArrowDown', 21)).toBe('5:lead');
    expect(moveStop(nav, '4:lead', 'ArrowUp', 21)).toBe('2:lead');
    expect(moveStop(nav, '6:lead', 'ArrowUp', 38)).toBe('4:lead');
    expect(moveStop(nav, '5:lead', 'ArrowDown', 12)).toBeNull();
  });

  it('takes the heading as a stop of its own, with no Left or Right', () => {
    expect(moveStop(nav, '1:lead', 'ArrowUp', 10)).toBe('section:lead');
    expect(moveStop(nav, 'section:lead', 'ArrowDown', 39)).toBe('3:lead');
    expect(moveStop(nav, 'section:lead', 'ArrowRight', 39)).toBeNull();
    expect(moveStop(nav, 'section:lead', 'ArrowUp', 39)).toBeNull();
  });

  it('answers null for a stop it does not know', () => {
    expect(moveStop(nav, '99:lead', 'ArrowRight', 0)).toBeNull();
  });
});

describe('the Tab stop in view', () => {
  it('is the first bar wholly in view, top to bottom', () => {
    const view = { firstRow: 0, lastRow: 3, firstDay: 21, lastDay: 41 };
    expect(stopInView(nav, view)).toBe('3:lead');
    expect(isStopInView(nav, '3:lead', view)).toBe(true);
    expect(isStopInView(nav, '2:lead', view)).toBe(false);
  });

  it('falls back to a bar partly in view, then to a heading', () => {
    expect(stopInView(nav, { firstRow: 0, lastRow: 1, firstDay: 22, lastDay: 30 })).toBe('2:lead');
    expect(stopInView(nav, { firstRow: 0, lastRow: 3, firstDay: 50, lastDay: 60 })).toBe(
      'section:lead',
    );
    expect(stopInView(nav, { firstRow: 2, lastRow: 2, firstDay: 0, lastDay: 60 })).toBeNull();
  });

  it('leaves out rows outside the view', () => {
    const view = { firstRow: 3, lastRow: 3, firstDay: 0, lastDay: 60 };
    expect(stopInView(nav, view)).toBe('5:lead');
    expect(isStopInView(nav, '1:lead', view)).toBe(false);
    expect(isStopInView(nav, 'section:lead', view)).toBe(false);
  });
});
