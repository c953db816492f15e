/** Something that occupies an inclusive run of days. */
export interface DaySpan {
  startDay: number;
  endDay: number;
}

/**
 * Packs spans into lanes so that no two spans of one lane share a day
 * (greedy by start day: each span goes to the first lane that is free by
 * then, which uses the fewest lanes for interval graphs). Each lane comes out
 * sorted by start day, which the visible-window search relies on.
 */
export function packLanes<T extends DaySpan>(spans: readonly T[]): T[][] {
  const sorted = [...spans].sort((a, b) => a.startDay - b.startDay || a.endDay - b.endDay);
  const lanes: T[][] = [];
  const laneEnds: number[] = [];
  for (const span of sorted) {
    let lane = laneEnds.findIndex((end) => end < span.startDay);
    if (lane === -1) {
      lane = lanes.length;
      lanes.push([]);
      laneEnds.push(span.endDay);
    }
    lanes[lane]!.push(span);
    laneEnds[lane] = span.endDay;
  }
  return lanes;
}

/**
 * The spans of one lane (sorted, non-overlapping) that share a day with
 * firstDay..lastDay, found by binary search: the unassigned lane of a year
 * holds thousands of bars, the screen a few dozen.
 */
export function spansInWindow<T extends DaySpan>(
  lane: readonly T[],
  firstDay: number,
  lastDay: number,
): T[] {
  // In a lane of disjoint sorted spans the end days are sorted too.
  let low = 0;
  let high = lane.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (lane[mid]!.endDay < firstDay) low = mid + 1;
    else high = mid;
  }
  const found: T[] = [];
  for (let i = low; i < lane.length && lane[i]!.startDay <= lastDay; i++) found.push(lane[i]!);
  return found;
}
