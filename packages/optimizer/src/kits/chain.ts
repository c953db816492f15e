import { inWindow, milesBetween, solveGapFlow } from './gap-flow';
import type { Gap, GapRoute, PlacedJob } from './gap-flow';

/** (jobs, miles) compared lexicographically: more jobs first, then fewer miles. */
const isBetter = (count: number, miles: number, bestCount: number, bestMiles: number) =>
  count > bestCount || (count === bestCount && miles < bestMiles - 1e-9);

/**
 * The best chain of `pool` jobs (date order) for one gap on its own: most
 * jobs, then fewest miles, the leg to the gap's pin included. Dynamic
 * programming over the time-ordered DAG, exact for the gap and the pool.
 */
export function bestChain(pool: readonly PlacedJob[], gap: Gap): PlacedJob[] {
  const cand = pool.filter((f) => inWindow(gap, f));
  const count: number[] = [];
  const miles: number[] = [];
  const prev: number[] = [];
  cand.forEach((f, i) => {
    count[i] = 1;
    miles[i] = milesBetween(gap.from, f);
    prev[i] = -1;
    for (let j = 0; j < i; j++) {
      const e = cand[j]!;
      if (e.end >= f.start) continue;
      const m = miles[j]! + milesBetween(e, f);
      if (isBetter(count[j]! + 1, m, count[i], miles[i])) {
        count[i] = count[j]! + 1;
        miles[i] = m;
        prev[i] = j;
      }
    }
  });
  const close = (f: PlacedJob | typeof gap.from) => (gap.to ? milesBetween(f, gap.to) : 0);
  let bestCount = 0;
  let bestMiles = close(gap.from);
  let last = -1;
  cand.forEach((f, i) => {
    const m = miles[i]! + close(f);
    if (isBetter(count[i]!, m, bestCount, bestMiles)) {
      bestCount = count[i]!;
      bestMiles = m;
      last = i;
    }
  });
  const chain: PlacedJob[] = [];
  for (let i = last; i >= 0; i = prev[i]!) chain.unshift(cand[i]!);
  return chain;
}

/**
 * A real cover when the flow's paths go astray (some end at another gap's
 * pin). The earliest closed gap whose path went astray is held straight (its
 * kit travels directly to its pin) and the flow is solved again for the other
 * gaps, until every path of the flow is its own gap's: at most one flow per
 * closed gap, each exact for what is left. The gaps held straight then take,
 * earliest first, their best chain of the jobs nobody covers.
 */
export function holdStraightAndResolve(
  free: readonly PlacedJob[],
  gaps: readonly Gap[],
): PlacedJob[][] {
  const result: PlacedJob[][] = gaps.map(() => []);
  const isHeld = gaps.map(() => false);
  for (;;) {
    const active = gaps.map((_, g) => g).filter((g) => !isHeld[g]);
    const flow = solveGapFlow(
      free,
      active.map((g) => gaps[g]!),
    );
    // A path ending at another gap's pin leaves that gap's own path astray: a closed one is always among them.
    const astray = active.filter((g, k) => !flow.routes[k]!.isPaired && gaps[g]!.to !== null);
    if (astray.length > 0) {
      isHeld[astray.sort((a, b) => Math.sign(gaps[a]!.after - gaps[b]!.after || 0))[0]!] = true;
      continue;
    }
    active.forEach((g, k) => (result[g] = flow.routes[k]!.jobs));
    const taken = new Set(result.flat());
    for (const g of gaps.map((_, g) => g).filter((g) => isHeld[g])) {
      result[g] = bestChain(
        free.filter((f) => !taken.has(f)),
        gaps[g]!,
      );
      for (const f of result[g]) taken.add(f);
    }
    return result;
  }
}

/**
 * A real cover from the flow's routes when some of them end at another gap's
 * pin. The closed gaps (a kit must reach its next pin) come first: a paired
 * route stays, each other one, earliest first, takes its best chain of the
 * free jobs still untaken. The open gaps (kits without pins, and pinned kits
 * after their last pin) then share the jobs left by a second exact flow:
 * with no pin to reach, every path of that flow is its own gap's.
 */
export function repairRoutes(
  free: readonly PlacedJob[],
  gaps: readonly Gap[],
  routes: readonly GapRoute[],
): PlacedJob[][] {
  const taken = new Set<PlacedJob>();
  const result: PlacedJob[][] = gaps.map(() => []);
  const closed = gaps.map((_, g) => g).filter((g) => gaps[g]!.to !== null);
  for (const g of closed.filter((g) => routes[g]!.isPaired)) {
    result[g] = routes[g]!.jobs;
    for (const f of result[g]) taken.add(f);
  }
  const unpaired = closed
    .filter((g) => !routes[g]!.isPaired)
    .sort((a, b) => Math.sign(gaps[a]!.after - gaps[b]!.after || 0));
  for (const g of unpaired) {
    result[g] = bestChain(
      free.filter((f) => !taken.has(f)),
      gaps[g]!,
    );
    for (const f of result[g]) taken.add(f);
  }
  const open = gaps.map((_, g) => g).filter((g) => gaps[g]!.to === null);
  const rest = solveGapFlow(
    free.filter((f) => !taken.has(f)),
    open.map((g) => gaps[g]!),
  );
  open.forEach((g, k) => (result[g] = rest.routes[k]!.jobs));
  return result;
}

/** Free jobs covered and miles of all gaps' legs for the given routes. */
export function routesValue(
  gaps: readonly Gap[],
  routes: readonly (readonly PlacedJob[])[],
): { covered: number; miles: number } {
  let covered = 0;
  let miles = 0;
  gaps.forEach((gap, g) => {
    let at: { lat: number; lon: number } = gap.from;
    for (const f of routes[g]!) {
      miles += milesBetween(at, f);
      at = f;
      covered++;
    }
    if (gap.to) miles += milesBetween(at, gap.to);
  });
  return { covered, miles };
}
