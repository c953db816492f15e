import { dayNumber } from '@meridian/domain';
import { holdStraightAndResolve, repairRoutes, routesValue } from './chain';
import { milesBetween, solveGapFlow } from './gap-flow';
import { relabelByCuts } from './relabel';
import type { Gap, PlacedJob } from './gap-flow';
import type {
  KitCoverAssignment,
  KitCoverIssue,
  KitCoverJob,
  KitCoverKit,
  KitCoverResult,
  KitOrigin,
} from './types';

export type * from './types';

/**
 * Ways to a real cover when the flow's paths go astray (tests name one to
 * check it on its own): the flow's routes relabelled (relabel.ts); the paired
 * stretches kept and the rest rebuilt (repair); the flow solved again with
 * astray stretches held straight (hold-straight); pinned kits straight
 * between their pins (straight). Only 'relabel' can fail.
 */
export type Completion = 'relabel' | 'repair' | 'hold-straight' | 'straight';

/** A kit that travels, with its pins in date order and the gaps of its route. */
interface KitRoute {
  readonly kit: KitCoverKit;
  readonly home: KitOrigin;
  readonly pins: readonly PlacedJob[];
  /** Indices into the gap list: before the first pin, between pins, after the last (open). */
  readonly gaps: readonly number[];
}

/**
 * Minimum-cost kit path cover (docs/optimization.md, kit assignment): most jobs
 * covered first, then fewest kit miles. A kit goes from its location to its
 * first job, then job to job in date order (i before j only if i ends
 * strictly before j starts). Pinned kits stay on their pinned jobs and also
 * take free jobs before, between and after them: each stretch between two
 * stops is a gap that must end at the next pin (gap-flow.ts). One min-cost
 * flow over all gaps is exact whenever each of its paths ends at its own
 * gap's pin, as it always does without pins (status 'optimal'). Otherwise
 * its optimum is a lower bound (`bound`), and the cover is the best of real
 * ones built from it (relabel.ts: the flow's own routes with kits swapping
 * route tails until each holds its own pins; chain.ts), status 'feasible'.
 */
export function assignKitsPathCover(
  jobs: readonly KitCoverJob[],
  kits: readonly KitCoverKit[],
  completions?: readonly Completion[],
): KitCoverResult {
  const started = performance.now();
  const uncovered: KitCoverIssue[] = [];
  const conflicts: KitCoverIssue[] = [];
  const assignments: KitCoverAssignment[] = [];
  const { pinnedByKit, free } = placeJobs(jobs, kits, uncovered);
  const { gaps, travelling, fixedMiles } = kitGaps(kits, pinnedByKit, conflicts, assignments);
  free.sort(byDate);
  const relaxed = solveGapFlow(free, gaps);
  const isExact = relaxed.routes.every((r) => r.isPaired);
  const routes = isExact
    ? relaxed.routes.map((r) => r.jobs)
    : bestRealCover(free, gaps, relaxed, travelling, completions);
  assignRoutes(travelling, routes, assignments);
  const covered = new Set(assignments.map((a) => a.job_id));
  for (const f of free)
    if (!covered.has(f.job.id)) uncovered.push({ job_id: f.job.id, reason: 'no_kit_free' });

  const pinCount = assignments.length - routes.reduce((n, r) => n + r.length, 0);
  const bound = { covered: pinCount + relaxed.covered, miles: fixedMiles + relaxed.miles };
  const totalMiles = assignments.reduce((sum, a) => sum + a.miles, 0);
  const order = new Map(jobs.map((j, i) => [j.id, i]));
  assignments.sort((a, b) => (order.get(a.job_id) ?? 0) - (order.get(b.job_id) ?? 0));
  return {
    status: isExact ? 'optimal' : 'feasible',
    assignments,
    total_miles: totalMiles,
    covered: assignments.length,
    bound,
    uncovered,
    conflicts,
    notes: isExact ? [] : [notProvenNote(bound, assignments.length)],
    elapsed_ms: performance.now() - started,
  };
}

/**
 * Each job with coordinates placed in time, free or under its pinned kit; a
 * job without coordinates, or pinned to a kit that does not exist, is
 * uncovered.
 */
function placeJobs(
  jobs: readonly KitCoverJob[],
  kits: readonly KitCoverKit[],
  uncovered: KitCoverIssue[],
): { pinnedByKit: Map<string, PlacedJob[]>; free: PlacedJob[] } {
  const kitById = new Map(kits.map((k) => [k.id, k]));
  const pinnedByKit = new Map<string, PlacedJob[]>();
  const free: PlacedJob[] = [];
  for (const job of jobs) {
    if (job.lat == null || job.lon == null) {
      uncovered.push({ job_id: job.id, reason: 'no_coordinates' });
      continue;
    }
    const entry = {
      job,
      lat: job.lat,
      lon: job.lon,
      start: dayNumber(job.start),
      end: dayNumber(job.end),
    };
    const pin = job.kit_id ?? null;
    if (pin == null) free.push(entry);
    else if (!kitById.has(pin)) uncovered.push({ job_id: job.id, reason: 'pinned_kit_unknown' });
    else pinnedByKit.set(pin, [...(pinnedByKit.get(pin) ?? []), entry]);
  }
  return { pinnedByKit, free };
}

/**
 * The gaps of every kit that travels (before, between and after its pins);
 * a kit in maintenance keeps its pins, each a conflict, and takes nothing
 * else (`fixedMiles` are its miles).
 */
function kitGaps(
  kits: readonly KitCoverKit[],
  pinnedByKit: ReadonlyMap<string, PlacedJob[]>,
  conflicts: KitCoverIssue[],
  assignments: KitCoverAssignment[],
): { gaps: Gap[]; travelling: KitRoute[]; fixedMiles: number } {
  const gaps: Gap[] = [];
  const travelling: KitRoute[] = [];
  let fixedMiles = 0;
  for (const kit of kits) {
    const home: KitOrigin = { kind: 'kit', id: kit.id, zip: kit.zip ?? null, ...at(kit) };
    const pins = (pinnedByKit.get(kit.id) ?? []).sort(byDate);
    // Pinned assignments stay even when they break a rule; the rule break is reported.
    if (kit.is_out_for_maintenance) {
      let from = home;
      for (const pin of pins) {
        conflicts.push({ job_id: pin.job.id, reason: 'pinned_kit_in_maintenance' });
        assignments.push(assignment(pin, kit.id, from, true));
        fixedMiles += milesBetween(from, pin);
        from = jobOrigin(pin);
      }
      continue;
    }
    const own: number[] = [];
    let from = home;
    let lastEnd = -Infinity;
    for (const pin of pins) {
      if (pin.start <= lastEnd)
        conflicts.push({ job_id: pin.job.id, reason: 'pinned_kit_overlap' });
      own.push(gaps.push({ kitId: kit.id, from, after: lastEnd, to: pin }) - 1);
      from = jobOrigin(pin);
      lastEnd = Math.max(lastEnd, pin.end);
    }
    own.push(gaps.push({ kitId: kit.id, from, after: lastEnd, to: null }) - 1);
    travelling.push({ kit, home, pins, gaps: own });
  }
  return { gaps, travelling, fixedMiles };
}

/**
 * The best real cover built from further flows when the flow's paths went
 * astray. Relabelling keeps the flow's jobs (the most any cover has) and
 * almost always its miles; against brute force on random pinned instances
 * the others were rarely better, so the costlier two (a flow per pinned
 * stretch, and every pinned kit straight between its pins as before) run
 * only when it fails.
 */
function bestRealCover(
  free: readonly PlacedJob[],
  gaps: readonly Gap[],
  relaxed: ReturnType<typeof solveGapFlow>,
  travelling: readonly KitRoute[],
  completions: readonly Completion[] | undefined,
): PlacedJob[][] {
  const build: Record<Completion, () => PlacedJob[][] | null> = {
    relabel: () =>
      relabelByCuts(
        gaps,
        relaxed.routes,
        travelling.map((t) => t.gaps),
      ),
    repair: () => repairRoutes(free, gaps, relaxed.routes),
    'hold-straight': () => holdStraightAndResolve(free, gaps),
    straight: () => solveGapFlow(free, gaps, true).routes.map((r) => r.jobs),
  };
  const candidates: PlacedJob[][][] = [];
  for (const way of completions ?? ['relabel', 'repair']) {
    const cover = build[way]();
    if (cover) candidates.push(cover);
  }
  if (!completions && candidates.length < 2)
    candidates.push(build['hold-straight']()!, build.straight()!);
  if (candidates.length === 0) candidates.push(build.straight()!);
  const score = candidates.map((r) => routesValue(gaps, r));
  const isBetter = (v: (typeof score)[number], w: (typeof score)[number]) =>
    v.covered > w.covered || (v.covered === w.covered && v.miles < w.miles - 1e-9);
  return candidates[score.reduce((b, v, i) => (isBetter(v, score[b]!) ? i : b), 0)]!;
}

/** Each travelling kit's route: the free jobs of each gap, then the pin that ends it. */
function assignRoutes(
  travelling: readonly KitRoute[],
  routes: readonly PlacedJob[][],
  assignments: KitCoverAssignment[],
): void {
  for (const { kit, home, pins, gaps: own } of travelling) {
    let from = home;
    own.forEach((g, k) => {
      for (const f of routes[g]!) {
        assignments.push(assignment(f, kit.id, from, false));
        from = jobOrigin(f);
      }
      const pin = pins[k];
      if (pin) {
        assignments.push(assignment(pin, kit.id, from, true));
        from = jobOrigin(pin);
      }
    });
  }
}

/** What a cover rebuilt from further flows says of itself: not proven, and the flow's bound. */
function notProvenNote(bound: { covered: number; miles: number }, covered: number): string {
  return (
    'Kits with pinned jobs take free jobs before, between and after their pins. The exact flow, which ' +
    "cannot tell kits apart, led some kit to another kit's pin, so the cover was rebuilt from further " +
    'flows and is not proven optimal: ' +
    `no cover has more than ${bound.covered} jobs` +
    (bound.covered === covered
      ? `, and one with ${bound.covered} has at least ${Math.round(bound.miles)} miles.`
      : '.')
  );
}

function at(place: { lat: number; lon: number }): { lat: number; lon: number } {
  return { lat: place.lat, lon: place.lon };
}

function byDate(a: PlacedJob, b: PlacedJob): number {
  return (
    a.start - b.start || a.end - b.end || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0)
  );
}

function jobOrigin(f: PlacedJob): KitOrigin {
  return { kind: 'job', id: f.job.id, zip: f.job.zip ?? null, lat: f.lat, lon: f.lon };
}

function assignment(
  f: PlacedJob,
  kitId: string,
  from: KitOrigin,
  pinned: boolean,
): KitCoverAssignment {
  return {
    job_id: f.job.id,
    kit_id: kitId,
    kit_location: from.zip,
    from,
    miles: milesBetween(from, f),
    pinned,
  };
}
