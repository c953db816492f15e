import type { KitExplanation } from '@meridian/contracts';
import {
  firstClash,
  haversineMiles,
  KIT_SLOTS,
  kitMaintenanceText,
  kitOutText,
} from '@meridian/domain';
import type { PlacedKit, PlanningJob } from '../repositories/instance.repository';

/** How many free kits an explanation ranks. */
const KITS_SHOWN = 5;
const REFUSAL_ORDER = { maintenance: 0, another_job: 1, no_location: 2 } as const;

/** What decides the kit slot, as docs/optimization.md defines it (F leaves kits out). */
export const KIT_RULES =
  'Kits are not part of F, which counts only the lead and data-acq slots. ' +
  'The kit assignment decides them: it covers as many jobs as it can, then uses the fewest total kit miles, ' +
  'each kit travelling from its location to its first job and then from job to job in date order. ' +
  'A kit out for maintenance takes no job, and a kit takes no two overlapping jobs.';

type DatedJob = PlanningJob & { start: string; end: string };
interface Place {
  lat: number;
  lon: number;
}
type PlacedJob = DatedJob & Place;

const placed = <T extends { lat: number | null; lon: number | null }>(x: T): x is T & Place =>
  x.lat !== null && x.lon !== null;
const miles = (a: Place, b: Place) => haversineMiles(a.lat, a.lon, b.lat, b.lon);
/** Date order of a route; the id breaks ties so every reader orders a route the same way. */
const before = (a: DatedJob, b: DatedJob) =>
  a.start < b.start || (a.start === b.start && a.id < b.id);

/** The plan's kit routes: each placed kit's placed jobs in date order. */
function routes(jobs: readonly DatedJob[]): Map<number, PlacedJob[]> {
  const byKit = new Map<number, PlacedJob[]>();
  for (const job of jobs) {
    if (job.assigned_kit_id === null || !placed(job)) continue;
    byKit.set(job.assigned_kit_id, [...(byKit.get(job.assigned_kit_id) ?? []), job]);
  }
  for (const route of byKit.values()) route.sort((a, b) => (before(a, b) ? -1 : 1));
  return byKit;
}

/** Miles of one route: location to the first job, then job to job (no way back). */
function routeMiles(kit: PlacedKit & Place, route: readonly PlacedJob[]): number {
  let total = 0;
  let at: Place = kit;
  for (const job of route) {
    total += miles(at, job);
    at = job;
  }
  return total;
}

/**
 * What `job` costs on `kit`'s route (without the job, if it holds it): the
 * way there from the stop before, plus the way on to the next stop, minus the
 * direct way the route would take without it. The exact change of the total.
 */
function insertion(
  kit: PlacedKit & Place,
  route: readonly PlacedJob[],
  job: PlacedJob,
): { from: string; miles: number; added: number } {
  const others = route.filter((j) => j.id !== job.id);
  const prev = others.filter((j) => before(j, job)).at(-1);
  const next = others.find((j) => before(job, j));
  const from: Place = prev ?? kit;
  const there = miles(from, job);
  const added = there + (next ? miles(job, next) - miles(from, next) : 0);
  const label = prev
    ? `job ${prev.id} (${prev.customer}, ends ${prev.end})`
    : `its location (zip ${kit.current_location_zip})`;
  return { from: label, miles: there, added };
}

/**
 * The kit slot of `job` explained from the stored plan: the holder and the
 * miles its route spends on this job, the free kits ranked by the exact change
 * of total kit miles if one took the job instead, and the kits refused with
 * the manual-assignment rules' reasons.
 */
export function explainKit(
  job: DatedJob,
  jobs: readonly DatedJob[],
  kits: readonly PlacedKit[],
): KitExplanation {
  const byKit = routes(jobs);
  const total = kits
    .filter(placed)
    .reduce((sum, kit) => sum + routeMiles(kit, byKit.get(kit.id) ?? []), 0);
  const holder = kits.find((k) => k.id === job.assigned_kit_id);
  const site = placed(job) ? job : null;
  let note: string | null = null;
  let assigned: KitExplanation['assigned'] = null;
  let saved = 0;
  if (holder !== undefined) {
    const cost =
      site && placed(holder) ? insertion(holder, byKit.get(holder.id) ?? [], site) : null;
    saved = cost?.added ?? 0;
    assigned = {
      kit_id: holder.id,
      name: holder.name,
      from: cost?.from ?? `its location (zip ${holder.current_location_zip})`,
      miles: cost?.miles ?? null,
      route_miles: cost?.added ?? null,
    };
    if (!placed(holder))
      note = `${holder.name}'s location zip ${holder.current_location_zip} is not in the zip table, so its route has no miles`;
  }
  if (site === null)
    note = `Job ${job.id} has no usable zip code ('${job.zip_code}'), so the kit assignment leaves it without a kit and there are no miles to compare`;
  const refused: KitExplanation['refused'] = [];
  const alternatives: KitExplanation['alternatives'] = [];
  for (const kit of kits) {
    if (kit.id === job.assigned_kit_id) continue;
    const who = { kit_id: kit.id, name: kit.name };
    const clash = firstClash(jobs, KIT_SLOTS, kit.id, job);
    if (kit.is_out_for_maintenance)
      refused.push({ ...who, kind: 'maintenance', reason: kitMaintenanceText(kit.name) });
    else if (clash !== undefined)
      refused.push({ ...who, kind: 'another_job', reason: kitOutText(kit.name, clash) });
    else if (!placed(kit))
      refused.push({
        ...who,
        kind: 'no_location',
        reason: `${kit.name}'s location zip ${kit.current_location_zip} is not in the zip table, so the kit assignment cannot route it`,
      });
    else if (site !== null) {
      const cost = insertion(kit, byKit.get(kit.id) ?? [], site);
      alternatives.push({
        ...who,
        from: cost.from,
        miles: cost.miles,
        delta_kit_miles: cost.added - saved,
      });
    }
  }
  alternatives.sort(
    (a, b) => a.delta_kit_miles - b.delta_kit_miles || a.name.localeCompare(b.name),
  );
  refused.sort(
    (a, b) => REFUSAL_ORDER[a.kind] - REFUSAL_ORDER[b.kind] || a.name.localeCompare(b.name),
  );
  return {
    slot: 'kit',
    pinned: job.kit_pinned,
    decided_by: KIT_RULES,
    total_kit_miles: total,
    assigned,
    alternatives: alternatives.slice(0, KITS_SHOWN),
    more_feasible: Math.max(0, alternatives.length - KITS_SHOWN),
    refused,
    note,
  };
}
