import { haversineMiles } from '@meridian/domain';
import { MinCostFlow } from './min-cost-flow';
import type { KitCoverJob, KitOrigin } from './types';

/** A job placed on the map and the calendar (day numbers, inclusive). */
export interface PlacedJob {
  readonly job: KitCoverJob;
  readonly lat: number;
  readonly lon: number;
  readonly start: number;
  readonly end: number;
}

/**
 * A stretch of one kit's route that the cover fills with free jobs: from
 * `from` (free jobs start strictly after day `after`) either to the pin `to`
 * (free jobs end strictly before its start, and the kit must get there) or,
 * when `to` is null, open-ended. A kit without pins is one open gap from its
 * location; a kit with pins has one gap before, between and after them.
 */
export interface Gap {
  readonly kitId: string;
  readonly from: KitOrigin;
  readonly after: number;
  readonly to: PlacedJob | null;
}

/** Whether a free job fits a gap: after its start, and ending before its pin (if any) starts. */
export function inWindow(gap: Gap, f: PlacedJob): boolean {
  return f.start > gap.after && (gap.to === null || f.end < gap.to.start);
}

/** Miles between two places. */
export const milesBetween = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineMiles(a.lat, a.lon, b.lat, b.lon);

/** What the flow made of one gap. */
export interface GapRoute {
  /** The free jobs on the path leaving the gap, in date order. */
  readonly jobs: PlacedJob[];
  /** Whether that path ends where the gap does (its own pin, or open for an open gap). */
  readonly isPaired: boolean;
  /** The gap whose pin the path reached (a closed gap's index), or null: it ended open. */
  readonly endsAt: number | null;
}

export interface GapFlowResult {
  readonly routes: GapRoute[];
  /** Free jobs covered and miles of every gap's legs (pin arrivals included): the flow's optimum. */
  readonly covered: number;
  readonly miles: number;
}

/**
 * One min-cost flow for all gaps at once, on the time-ordered DAG of free
 * jobs: each gap sends one unit from its start; a closed gap's pin is a node
 * that must be reached (a reward larger than any coverage) and an open gap
 * may stop anywhere. Covering a job earns -M, M larger than any route's
 * miles, so the flow covers the most jobs, then takes the fewest miles.
 *
 * A single commodity cannot say which pin a unit must reach, so the flow is
 * a relaxation of the kit cover: every real cover is one of its solutions
 * (with the same jobs and miles), which makes its optimum a bound. When every
 * path ends where its own gap does (always without pins), the flow's optimum
 * is a real cover, and so an optimal one. `directOnly` lets closed gaps take
 * no free jobs (kits travel straight between their pins): always paired.
 */
export function solveGapFlow(
  free: readonly PlacedJob[],
  gaps: readonly Gap[],
  directOnly = false,
): GapFlowResult {
  const n = free.length;
  const S = 0;
  const T = 1;
  const gapNode = (g: number) => 2 + g;
  const base = 2 + gaps.length;
  const jobIn = (i: number) => base + 2 * i;
  const jobOut = (i: number) => base + 2 * i + 1;
  const closed = gaps.flatMap((g, k) => (g.to ? [k] : []));
  const endOf = new Map(closed.map((g, k) => [g, base + 2 * n + k]));
  const net = new MinCostFlow(base + 2 * n + closed.length);
  // Any route is at most (jobs + 1) legs of at most half the Earth's circumference.
  const M = (n + 2) * 12_500 + 1;
  // Reaching a pin outweighs covering every free job: real routes always reach their pins.
  const BIG = (n + 2) * M;
  const miles = milesBetween;

  gaps.forEach((gap, g) => {
    net.addArc(S, gapNode(g), 1, 0);
    if (gap.to === null) net.addArc(gapNode(g), T, 1, 0);
    else net.addArc(gapNode(g), endOf.get(g)!, 1, miles(gap.from, gap.to));
    if (gap.to !== null && directOnly) return;
    free.forEach((f, i) => {
      if (inWindow(gap, f)) net.addArc(gapNode(g), jobIn(i), 1, miles(gap.from, f));
    });
  });
  for (let i = 0; i < n; i++) {
    const a = free[i]!;
    net.addArc(jobIn(i), jobOut(i), 1, -M);
    net.addArc(jobOut(i), T, 1, 0);
    for (let j = i + 1; j < n; j++) {
      const b = free[j]!;
      if (a.end < b.start) net.addArc(jobOut(i), jobIn(j), 1, miles(a, b));
    }
    if (directOnly) continue;
    for (const g of closed) {
      const gap = gaps[g]!;
      if (inWindow(gap, a)) net.addArc(jobOut(i), endOf.get(g)!, 1, miles(a, gap.to!));
    }
  }
  for (const node of endOf.values()) net.addArc(node, T, 1, -BIG);
  const topo = [S, ...gaps.map((_, g) => gapNode(g))];
  for (let i = 0; i < n; i++) topo.push(jobIn(i), jobOut(i));
  topo.push(...endOf.values(), T);
  net.minimiseCost(S, T, topo);

  // Follow each gap's unit: at most one used arc leaves any node.
  let covered = 0;
  let total = 0;
  const routes = gaps.map((gap, g): GapRoute => {
    const jobs: PlacedJob[] = [];
    let node = gapNode(g);
    for (;;) {
      const arc = net.usedArcsFrom(node).next();
      // A gap whose unit was not sent: an idle kit is fine, a pin nobody reaches is not.
      if (arc.done) return { jobs, isPaired: node === gapNode(g) && gap.to === null, endsAt: null };
      total += net.arcCost(arc.value);
      const head = net.arcHead(arc.value);
      if (head === T) return { jobs, isPaired: gap.to === null, endsAt: null };
      if (head >= base + 2 * n) {
        const h = closed[head - base - 2 * n]!;
        return { jobs, isPaired: h === g, endsAt: h };
      }
      const i = (head - base) >> 1;
      jobs.push(free[i]!);
      covered++;
      node = jobOut(i);
    }
  });
  return { routes, covered, miles: total };
}
