import type { TimelineRow } from './timeline-rows';

/** Height of the two-tier date header (months over days) above the rows. */
export const HEADER_HEIGHT = 52;
/** Height of one lane of bars. */
export const LANE_HEIGHT = 30;
/** Space above and below the lanes of a row. */
export const ROW_PADDING = 4;
/** Height of a section heading row. */
export const SECTION_ROW_HEIGHT = 32;

/** A row's height: its lanes (at least one, so an idle person still has a row) plus padding. */
export function rowHeight(row: TimelineRow): number {
  if (row.kind === 'section') return SECTION_ROW_HEIGHT;
  return Math.max(1, row.lanes.length) * LANE_HEIGHT + 2 * ROW_PADDING;
}

/** Top edge of every row, plus the total height as the last entry (length rows + 1). */
export function rowOffsets(rows: readonly TimelineRow[]): number[] {
  const offsets = new Array<number>(rows.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < rows.length; i++) offsets[i + 1] = offsets[i]! + rowHeight(rows[i]!);
  return offsets;
}

/** The index of the row under y (binary search), or -1 outside the rows. */
export function rowAt(offsets: readonly number[], y: number): number {
  const count = offsets.length - 1;
  if (count <= 0 || y < 0 || y >= offsets[count]!) return -1;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** An inclusive index range; empty when last < first. */
export interface IndexRange {
  first: number;
  last: number;
}

/**
 * The rows to render for a scroll position: those in view, widened to whole
 * chunks of `chunkRows` rows with one spare chunk each side. As with the days
 * below, a scroll inside a chunk yields the same range, so nothing re-renders.
 */
export function visibleRows(
  offsets: readonly number[],
  scrollTop: number,
  viewHeight: number,
  chunkRows: number,
): IndexRange {
  const count = offsets.length - 1;
  if (count <= 0) return { first: 0, last: -1 };
  const total = offsets[count]!;
  const top = rowAt(offsets, Math.min(Math.max(0, scrollTop), total - 1));
  const bottom = rowAt(offsets, Math.min(Math.max(0, scrollTop + viewHeight), total - 1));
  const first = Math.max(0, (Math.floor(top / chunkRows) - 1) * chunkRows);
  const last = Math.min(count - 1, (Math.floor(bottom / chunkRows) + 2) * chunkRows - 1);
  return { first, last };
}

/**
 * The days to render for a horizontal scroll position, widened to whole
 * chunks of `chunkDays` with one spare chunk each side. Snapping means a
 * scroll inside a chunk yields the same range, so rows need not re-render on
 * every scroll event, only when the window crosses a chunk boundary.
 */
export function visibleDays(
  scale: { firstDay: number; dayCount: number; dayWidth: number },
  scrollLeft: number,
  viewWidth: number,
  chunkDays: number,
): IndexRange {
  const firstIndex = Math.floor(Math.max(0, scrollLeft) / scale.dayWidth);
  const lastIndex = Math.ceil((Math.max(0, scrollLeft) + viewWidth) / scale.dayWidth);
  const firstChunk = Math.floor(firstIndex / chunkDays) - 1;
  const lastChunk = Math.floor(lastIndex / chunkDays) + 1;
  const first = Math.max(0, firstChunk * chunkDays);
  const last = Math.min(scale.dayCount - 1, (lastChunk + 1) * chunkDays - 1);
  return { first: scale.firstDay + first, last: scale.firstDay + last };
}
