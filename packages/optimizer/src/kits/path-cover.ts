import { dayNumber, haversineMiles } from '@meridian/domain';
import { MinCostFlow } from './min-cost-flow';
import type {
  KitCoverAssignment,
  KitCoverIssue,
  KitCoverJob,
  KitCoverKit,
  KitCoverResult,
  KitOrigin,
} from './types';

export type * from './types';

interface FreeJob {
  readonly job: KitCoverJob;
  readonly lat: number;
  readonly lon: number;
  readonly start: number;
  readonly end: number;
}

/** A place a kit can start a free route from: its home, or its last pinned job. */
interface RouteSource {
  readonly kitId: string;
  readonly origin: KitOrigin;
  /** Jobs must start strictly after this day. */
  readonly freeAfter: number;
}

/**
 * Minimum-cost kit path cover (OPTIMIZATION.md, kit assignment): most jobs
 * covered first, then fewest kit miles, solved exactly as a min-cost flow on
 * the time-ordered DAG. A kit goes from its location to its first job, then
 * job to job in date order (i before j only if i ends strictly before j starts).
 * Pinned kits stay; a kit with pins keeps its route through them and is free
 * after its last pin (reported as status 'restricted', since interleaving free
 * jobs between pins would need one flow commodity per kit).
 */
export function assignKitsPathCover(
  jobs: readonly KitCoverJob[],
  kits: readonly KitCoverKit[],
): KitCoverResult {
  const started = performance.now();
  const kitById = new Map(kits.map((k) => [k.id, k]));
  const uncovered: KitCoverIssue[] = [];
  const conflicts: KitCoverIssue[] = [];
  const notes: string[] = [];
  const assignments: KitCoverAssignment[] = [];
  const pinnedByKit = new Map<string, FreeJob[]>();
  const free: FreeJob[] = [];

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
    if (pin == null) {
      free.push(entry);
    } else if (!kitById.has(pin)) {
      uncovered.push({ job_id: job.id, reason: 'pinned_kit_unknown' });
    } else {
      pinnedByKit.set(pin, [...(pinnedByKit.get(pin) ?? []), entry]);
    }
  }

  const sources: RouteSource[] = [];
  for (const kit of kits) {
    const home: KitOrigin = {
      kind: 'kit',
      id: kit.id,
      zip: kit.zip ?? null,
      lat: kit.lat,
      lon: kit.lon,
    };
    const pins = (pinnedByKit.get(kit.id) ?? []).sort(byDate);
    if (pins.length === 0) {
      if (!kit.is_out_for_maintenance)
        sources.push({ kitId: kit.id, origin: home, freeAfter: -Infinity });
      continue;
    }
    // Pinned assignments stay even when they break a rule; the rule break is reported.
    let at = home;
    let lastEnd = -Infinity;
    for (const pin of pins) {
      if (kit.is_out_for_maintenance)
        conflicts.push({ job_id: pin.job.id, reason: 'pinned_kit_in_maintenance' });
      else if (pin.start <= lastEnd)
        conflicts.push({ job_id: pin.job.id, reason: 'pinned_kit_overlap' });
      assignments.push(assignment(pin.job, kit.id, at, pin.lat, pin.lon, true));
      at = jobOrigin(pin);
      lastEnd = Math.max(lastEnd, pin.end);
    }
    if (!kit.is_out_for_maintenance)
      sources.push({ kitId: kit.id, origin: at, freeAfter: lastEnd });
  }

  free.sort(byDate);
  const routes = solveFlow(free, sources);
  for (const [s, route] of routes) {
    const source = sources[s];
    if (!source) continue;
    let at = source.origin;
    for (const f of route) {
      assignments.push(assignment(f.job, source.kitId, at, f.lat, f.lon, false));
      at = jobOrigin(f);
    }
  }
  const covered = new Set(assignments.map((a) => a.job_id));
  for (const f of free)
    if (!covered.has(f.job.id)) uncovered.push({ job_id: f.job.id, reason: 'no_kit_free' });

  const restricted = pinnedByKit.size > 0;
  if (restricted) {
    notes.push(
      'Kits with pinned jobs travel straight between their pins and take free jobs only after their last pin; ' +
        'the cover is optimal within that restriction.',
    );
  }
  const order = new Map(jobs.map((j, i) => [j.id, i]));
  assignments.sort((a, b) => (order.get(a.job_id) ?? 0) - (order.get(b.job_id) ?? 0));
  return {
    status: restricted ? 'restricted' : 'optimal',
    assignments,
    total_miles: assignments.reduce((sum, a) => sum + a.miles, 0),
    covered: assignments.length,
    uncovered,
    conflicts,
    notes,
    elapsed_ms: performance.now() - started,
  };
}

/**
 * Builds the flow network and returns, per source index, its ordered route.
 * Covering a job earns -M, with M larger than any route's total miles, so the
 * flow covers the most jobs first and only then minimises miles.
 */
function solveFlow(
  free: readonly FreeJob[],
  sources: readonly RouteSource[],
): Map<number, FreeJob[]> {
  const S = 0;
  const T = 1;
  const base = 2 + sources.length;
  const net = new MinCostFlow(base + 2 * free.length);
  // Any route is at most (jobs + 1) legs of at most half the Earth's circumference.
  const M = (free.length + 2) * 12_500 + 1;
  for (let s = 0; s < sources.length; s++) {
    const src = sources[s];
    if (!src) continue;
    net.addArc(S, 2 + s, 1, 0);
    net.addArc(2 + s, T, 1, 0);
    for (let i = 0; i < free.length; i++) {
      const f = free[i];
      if (f && f.start > src.freeAfter) {
        net.addArc(
          2 + s,
          base + 2 * i,
          1,
          haversineMiles(src.origin.lat, src.origin.lon, f.lat, f.lon),
        );
      }
    }
  }
  for (let i = 0; i < free.length; i++) {
    const a = free[i];
    if (!a) continue;
    net.addArc(base + 2 * i, base + 2 * i + 1, 1, -M);
    net.addArc(base + 2 * i + 1, T, 1, 0);
    for (let j = i + 1; j < free.length; j++) {
      const b = free[j];
      if (b && a.end < b.start) {
        net.addArc(base + 2 * i + 1, base + 2 * j, 1, haversineMiles(a.lat, a.lon, b.lat, b.lon));
      }
    }
  }
  const topo = [S, ...sources.map((_, s) => 2 + s)];
  for (let i = 0; i < free.length; i++) topo.push(base + 2 * i, base + 2 * i + 1);
  topo.push(T);
  net.minimiseCost(S, T, topo);

  const routes = new Map<number, FreeJob[]>();
  for (let s = 0; s < sources.length; s++) {
    const route: FreeJob[] = [];
    let node = 2 + s;
    for (;;) {
      const arc = net.usedArcsFrom(node).next();
      if (arc.done) break;
      const head = net.arcHead(arc.value);
      if (head < base) break;
      const i = (head - base) >> 1;
      const f = free[i];
      if (!f) break;
      route.push(f);
      node = base + 2 * i + 1;
    }
    if (route.length > 0) routes.set(s, route);
  }
  return routes;
}

function byDate(a: FreeJob, b: FreeJob): number {
  return (
    a.start - b.start || a.end - b.end || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0)
  );
}

function jobOrigin(f: FreeJob): KitOrigin {
  return { kind: 'job', id: f.job.id, zip: f.job.zip ?? null, lat: f.lat, lon: f.lon };
}

function assignment(
  job: KitCoverJob,
  kitId: string,
  from: KitOrigin,
  lat: number,
  lon: number,
  pinned: boolean,
): KitCoverAssignment {
  return {
    job_id: job.id,
    kit_id: kitId,
    kit_location: from.zip,
    from,
    miles: haversineMiles(from.lat, from.lon, lat, lon),
    pinned,
  };
}
