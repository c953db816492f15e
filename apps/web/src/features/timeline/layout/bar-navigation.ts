import { spansInWindow } from './lanes';
import type { TimelineBar, TimelineRow } from './timeline-rows';

/**
 * One line of the keyboard's path through the timeline, top to bottom: a
 * section heading (its fold button is the stop) or one lane of bars. Lanes
 * without a bar are not lines: Up and Down pass over them.
 */
export interface NavLine {
  rowIndex: number;
  laneIndex: number;
  /** The section row's key when the line is a heading, else null. */
  sectionKey: string | null;
  bars: readonly TimelineBar[];
}

/** The timeline's stops: the lines, and where each stop key (a bar's key or a heading's row key) is. */
export interface NavIndex {
  lines: readonly NavLine[];
  where: ReadonlyMap<string, { line: number; index: number }>;
}

/** The keys that move between stops. */
export type NavKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export const NAV_KEYS: ReadonlySet<string> = new Set<NavKey>([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** The stops of a timeline's rows, in reading order. */
export function navIndex(rows: readonly TimelineRow[]): NavIndex {
  const lines: NavLine[] = [];
  const where = new Map<string, { line: number; index: number }>();
  rows.forEach((row, rowIndex) => {
    if (row.kind === 'section') {
      where.set(row.key, { line: lines.length, index: 0 });
      lines.push({ rowIndex, laneIndex: 0, sectionKey: row.key, bars: [] });
      return;
    }
    row.lanes.forEach((bars, laneIndex) => {
      if (bars.length === 0) return;
      bars.forEach((bar, index) => where.set(bar.key, { line: lines.length, index }));
      lines.push({ rowIndex, laneIndex, sectionKey: null, bars });
    });
  });
  return { lines, where };
}

/** The key of the stop on a line nearest to `day` (a heading's own key, or the lane's nearest bar). */
function stopNear(line: NavLine, day: number): string {
  if (line.sectionKey !== null) return line.sectionKey;
  const bars = line.bars;
  // The lane is sorted and disjoint: the first bar ending on or after `day`, or the one before it.
  let low = 0;
  let high = bars.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (bars[mid]!.endDay < day) low = mid + 1;
    else high = mid;
  }
  const after = bars[low];
  const before = bars[low - 1];
  if (!after) return before!.key;
  if (!before) return after.key;
  const gapAfter = Math.max(0, after.startDay - day);
  return day - before.endDay <= gapAfter ? before.key : after.key;
}

/**
 * Where a key press moves the focus from stop `from`: Left and Right along its
 * lane, Home and End to the lane's first and last bar, Up and Down to the
 * nearest line above or below (the bar nearest to `day` there: the bar the
 * move starts from, or the day in view). Null when there is nowhere to go.
 */
export function moveStop(nav: NavIndex, from: string, key: NavKey, day: number): string | null {
  const at = nav.where.get(from);
  if (!at) return null;
  const line = nav.lines[at.line]!;
  switch (key) {
    case 'ArrowLeft':
      return line.bars[at.index - 1]?.key ?? null;
    case 'ArrowRight':
      return line.bars[at.index + 1]?.key ?? null;
    case 'Home':
      return line.bars[0]?.key ?? null;
    case 'End':
      return line.bars[line.bars.length - 1]?.key ?? null;
    case 'ArrowUp':
    case 'ArrowDown': {
      const next = nav.lines[at.line + (key === 'ArrowUp' ? -1 : 1)];
      return next ? stopNear(next, day) : null;
    }
  }
}

/** What the grid shows: the rows wholly in view and the days wholly in view (inclusive). */
export interface NavView {
  firstRow: number;
  lastRow: number;
  firstDay: number;
  lastDay: number;
}

/** Whether a stop is wholly in view, so that focusing it scrolls nothing. */
export function isStopInView(nav: NavIndex, key: string, view: NavView): boolean {
  const at = nav.where.get(key);
  if (!at) return false;
  const line = nav.lines[at.line]!;
  if (line.rowIndex < view.firstRow || line.rowIndex > view.lastRow) return false;
  if (line.sectionKey !== null) return true;
  const bar = line.bars[at.index]!;
  return bar.startDay >= view.firstDay && bar.endDay <= view.lastDay;
}

/**
 * The timeline's one Tab stop for a view: the first bar wholly in view, top
 * to bottom, else the first bar partly in view, else the first heading in
 * view, else null.
 */
export function stopInView(nav: NavIndex, view: NavView): string | null {
  let partly: string | null = null;
  let heading: string | null = null;
  for (const line of nav.lines) {
    if (line.rowIndex < view.firstRow) continue;
    if (line.rowIndex > view.lastRow) break;
    if (line.sectionKey !== null) {
      heading ??= line.sectionKey;
      continue;
    }
    const shown = spansInWindow(line.bars, view.firstDay, view.lastDay);
    const whole = shown.find((bar) => bar.startDay >= view.firstDay && bar.endDay <= view.lastDay);
    if (whole) return whole.key;
    partly ??= shown[0]?.key ?? null;
  }
  return partly ?? heading;
}
