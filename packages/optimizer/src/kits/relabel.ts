import { milesBetween } from './gap-flow';
import type { Gap, GapRoute, PlacedJob } from './gap-flow';

/** A stop on a route: a free job, or a pin of the kit `pinOf`. */
interface Stop {
  readonly job: PlacedJob;
  readonly pinOf: string | null;
}

const byDate = (a: PlacedJob, b: PlacedJob) =>
  a.start - b.start || a.end - b.end || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);

/**
 * A real cover from the flow's own routes, when they send some kit to another
 * kit's pin. Chained through the pins they reach, the flow's paths form one
 * route per kit, from its location, time-feasible, covering the flow's jobs:
 * only which kit holds which pin is wrong. Taking the earliest wrong pin p (on
 * kit a's route, pinned to kit b), the two routes swap their tails at a day
 * tau: b takes a's route from tau on (p with it), a takes b's. Any tau that no
 * stop of either route spans keeps both routes in date order; tau lies after
 * the pins already in place and no later than p, and is the one that adds the
 * fewest miles (only the legs across tau change). Repeated until every pin is
 * on its kit. The jobs covered are the flow's, the most any cover has; only
 * the legs across the cuts can add miles. Null when no such day exists.
 *
 * `kitGaps`: each travelling kit's gaps in order (first from its location).
 */
export function relabelByCuts(
  gaps: readonly Gap[],
  routes: readonly GapRoute[],
  kitGaps: readonly (readonly number[])[],
): PlacedJob[][] | null {
  const next = new Map<number, number>();
  for (const own of kitGaps) own.forEach((g, k) => k + 1 < own.length && next.set(g, own[k + 1]!));
  const kitOf = kitGaps.map((own) => gaps[own[0]!]!.kitId);
  const home = kitGaps.map((own) => gaps[own[0]!]!.from);
  const lineOf = new Map(kitOf.map((kit, i) => [kit, i]));
  const lines: Stop[][] = kitGaps.map((own) => {
    const stops: Stop[] = [];
    for (let g: number | undefined = own[0]; g !== undefined;) {
      const route = routes[g]!;
      stops.push(...route.jobs.map((job) => ({ job, pinOf: null })));
      if (route.endsAt === null) break;
      const pin = gaps[route.endsAt]!;
      stops.push({ job: pin.to!, pinOf: pin.kitId });
      g = next.get(route.endsAt);
    }
    return stops;
  });
  const pinCount = gaps.filter((g) => g.to !== null).length;
  if (lines.flat().filter((s) => s.pinOf !== null).length !== pinCount) return null;

  for (let round = 0; round <= 2 * pinCount; round++) {
    // The earliest pin on another kit's route.
    let a = -1;
    let wrong: Stop | undefined;
    for (let i = 0; i < lines.length; i++) {
      for (const s of lines[i]!) {
        if (s.pinOf === null || s.pinOf === kitOf[i]) continue;
        if (!wrong || byDate(s.job, wrong.job) < 0) [a, wrong] = [i, s];
      }
    }
    if (!wrong) return split(gaps, kitGaps, lines);
    const p = wrong.job;
    const b = lineOf.get(wrong.pinOf!)!;
    const [T, U] = [lines[a]!, lines[b]!];
    // Pins before p stay where they are: tau comes after them on both routes.
    const placedEnd = (stops: Stop[]) =>
      Math.max(
        -Infinity,
        ...stops.filter((s) => s.pinOf && byDate(s.job, p) < 0).map((s) => s.job.end),
      );
    const from = Math.max(
      placedEnd(T),
      placedEnd(U),
      Math.min(...[...T, ...U].map((s) => s.job.start)) - 1,
    );
    let best: { tau: number; added: number } | null = null;
    for (let tau = from + 1; tau <= p.start; tau++) {
      const added = cutCost(T, U, home[a]!, home[b]!, tau);
      if (added !== null && (!best || added < best.added - 1e-9)) best = { tau, added };
    }
    if (!best) return null;
    const { tau } = best;
    lines[b] = [...U.filter((s) => s.job.end < tau), ...T.filter((s) => s.job.start >= tau)];
    lines[a] = [...T.filter((s) => s.job.end < tau), ...U.filter((s) => s.job.start >= tau)];
  }
  return null;
}

/** Miles added by swapping the tails of T and U at day tau, or null if a stop spans tau. */
function cutCost(
  T: readonly Stop[],
  U: readonly Stop[],
  homeT: { lat: number; lon: number },
  homeU: { lat: number; lon: number },
  tau: number,
): number | null {
  const spans = (s: Stop) => s.job.start < tau && tau <= s.job.end;
  if (T.some(spans) || U.some(spans)) return null;
  const last = (stops: readonly Stop[], start: { lat: number; lon: number }) =>
    stops.filter((s) => s.job.end < tau).at(-1)?.job ?? start;
  const first = (stops: readonly Stop[]) => stops.find((s) => s.job.start >= tau)?.job;
  const leg = (x: { lat: number; lon: number }, y: PlacedJob | undefined) =>
    y ? milesBetween(x, y) : 0;
  const [pT, nT, pU, nU] = [last(T, homeT), first(T), last(U, homeU), first(U)];
  return leg(pU, nT) + leg(pT, nU) - leg(pT, nT) - leg(pU, nU);
}

/** Each kit's route cut at its pins into its gaps' free jobs; null if a route's pins are not its own in order. */
function split(
  gaps: readonly Gap[],
  kitGaps: readonly (readonly number[])[],
  lines: readonly Stop[][],
): PlacedJob[][] | null {
  const result: PlacedJob[][] = gaps.map(() => []);
  for (let i = 0; i < kitGaps.length; i++) {
    const own = kitGaps[i]!;
    let k = 0;
    for (const stop of lines[i]!) {
      if (stop.pinOf === null) result[own[k]!]!.push(stop.job);
      else if (gaps[own[k]!]!.to === stop.job) k++;
      else return null;
    }
    if (k !== own.length - 1) return null;
  }
  return result;
}
