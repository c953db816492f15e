import {
  isMissingZip,
  parseReason,
  type IsoDate,
  type Job,
  type Kit,
  type Physicist,
  type TravelHint,
} from '@meridian/domain';
import { parseCandidates } from '../../components/jobs-table/candidates';
import { assigneeMiles, type ZipIndex } from '../../components/jobs-table/zip-distance';
import type { Projector, ScreenPoint } from './us-projection';
import { travelBand } from './travel-band';

/** A job's site: every drawn job at one zip shares a marker. */
export interface SiteMarker extends ScreenPoint {
  zip: string;
  jobIds: number[];
}

export interface HomeMarker extends ScreenPoint {
  physicist: Physicist;
}

/** Where a kit is drawn: at its own zip, or at its current or latest job's site when that zip cannot be placed. */
export interface KitMarker extends ScreenPoint {
  kit: Kit;
  placedBy: 'kit zip' | 'job site';
}

/** One assignee's trip from home to a job's site. */
export interface TripLine {
  jobId: number;
  physicistId: number;
  from: ScreenPoint;
  to: ScreenPoint;
  miles: number;
  band: TravelHint;
}

/** One slot of a job as the details panel shows it. */
export interface SlotHolder {
  name: string | null;
  miles: number | null;
}

export interface MapJob {
  job: Job;
  site: ScreenPoint | null;
  lead: SlotHolder;
  dataAcq: SlotHolder;
}

export type UnplacedReason = 'no zip' | 'zip not in the zip table' | 'outside the map';

export interface MapModel {
  sites: SiteMarker[];
  homes: HomeMarker[];
  kits: KitMarker[];
  lines: TripLine[];
  /** Every drawn or listed job by id, for the details panel. */
  jobs: ReadonlyMap<number, MapJob>;
  unplacedJobs: { job: Job; reason: UnplacedReason }[];
  unplacedHomes: Physicist[];
  unplacedKits: Kit[];
}

export interface MapInput {
  /** The jobs to draw (already filtered). */
  jobs: readonly Job[];
  /** Every job, to find where a kit without a placeable zip last went. */
  allJobs: readonly Job[];
  physicists: readonly Physicist[];
  kits: readonly Kit[];
  zips: ZipIndex;
  project: Projector;
  /** The physicist filter: when not empty, only their homes and trips are drawn. */
  chosenPhysicistIds: readonly number[];
  today: IsoDate;
}

/** Projects each zip once; the same zip recurs across thousands of jobs. */
function zipPlacer(zips: ZipIndex, project: Projector) {
  const cache = new Map<string, ScreenPoint | UnplacedReason>();
  return (zip: string | null | undefined): ScreenPoint | UnplacedReason => {
    // 'n/a', 'none', '0' and the like mean no zip, as in the tables' red rows.
    if (isMissingZip(zip)) return 'no zip';
    const code = zip?.trim() ?? '';
    let placed = cache.get(code);
    if (placed === undefined) {
      const point = zips.get(code);
      placed = point
        ? (project(point.lon, point.lat) ?? 'outside the map')
        : 'zip not in the zip table';
      cache.set(code, placed);
    }
    return placed;
  };
}

const isPoint = (value: ScreenPoint | UnplacedReason): value is ScreenPoint =>
  typeof value !== 'string';

/** The job a kit is at today, else the latest one it went to; null when it has none. */
function currentOrLatestJob(kitId: number, jobs: readonly Job[], today: IsoDate): Job | null {
  let best: Job | null = null;
  for (const job of jobs) {
    if (job.assigned_kit_id !== kitId || job.start === null || job.start > today) continue;
    if ((job.end ?? job.start) >= today) return job;
    if (best === null || (best.start ?? '') < job.start) best = job;
  }
  return best;
}

type Place = ReturnType<typeof zipPlacer>;

/** Job sites, trip lines and the details of each job. */
function placeJobs(input: MapInput, place: Place, drawsTripOf: (id: number) => boolean) {
  const roster = new Map(input.physicists.map((physicist) => [physicist.id, physicist]));
  const sitesByZip = new Map<string, SiteMarker>();
  const lines: TripLine[] = [];
  const jobs = new Map<number, MapJob>();
  const unplacedJobs: MapModel['unplacedJobs'] = [];

  for (const job of input.jobs) {
    const placed = place(job.zip_code);
    const site = isPoint(placed) ? placed : null;
    if (!isPoint(placed)) unplacedJobs.push({ job, reason: placed });
    else {
      const zip = job.zip_code.trim();
      const marker = sitesByZip.get(zip) ?? { zip, x: placed.x, y: placed.y, jobIds: [] };
      marker.jobIds.push(job.id);
      sitesByZip.set(zip, marker);
    }
    // Parsing the reason is the costly part, so only for jobs with someone assigned.
    const written =
      job.assigned_lead || job.assigned_data_acq
        ? parseCandidates(parseReason(job.reason).summary)
        : { lead: [], acq: [] };
    const slot = (name: string | null, id: number | null, side: 'lead' | 'acq'): SlotHolder => {
      if (name === null) return { name: null, miles: null };
      const person = id === null ? undefined : roster.get(id);
      const entry = written[side].find((candidate) => candidate.name === name);
      const miles = assigneeMiles(entry?.miles, input.zips, person?.home_zip, job.zip_code);
      const home = person && drawsTripOf(person.id) ? place(person.home_zip) : null;
      if (person && site && miles !== null && home && isPoint(home)) {
        const band = travelBand(miles);
        lines.push({ jobId: job.id, physicistId: person.id, from: home, to: site, miles, band });
      }
      return { name, miles };
    };
    jobs.set(job.id, {
      job,
      site,
      lead: slot(job.assigned_lead, job.assigned_lead_id, 'lead'),
      dataAcq: slot(job.assigned_data_acq, job.assigned_data_acq_id, 'acq'),
    });
  }
  return { sites: [...sitesByZip.values()], lines, jobs, unplacedJobs };
}

/** Kits at their own zip; one whose zip cannot be placed goes to its current or latest job's site. */
function placeKits(input: MapInput, place: Place) {
  const kits: KitMarker[] = [];
  const unplacedKits: Kit[] = [];
  for (const kit of input.kits) {
    const own = place(kit.current_location_zip);
    if (isPoint(own)) {
      kits.push({ kit, ...own, placedBy: 'kit zip' });
      continue;
    }
    const latest = currentOrLatestJob(kit.id, input.allJobs, input.today);
    const site = latest ? place(latest.zip_code) : 'no zip';
    if (isPoint(site)) kits.push({ kit, ...site, placedBy: 'job site' });
    else unplacedKits.push(kit);
  }
  return { kits, unplacedKits };
}

/**
 * Everything the map draws, in screen coordinates: job sites, homes, kits,
 * one line per assignee coloured by travel band, and the jobs, homes and
 * kits that cannot be placed (no zip, a zip the table lacks, or outside the
 * Albers USA insets). Miles are those the tables show: the distance written
 * in the job's reason, else home-to-site haversine miles. With physicists
 * chosen, only their homes and their trips are drawn.
 */
export function buildMapModel(input: MapInput): MapModel {
  const place = zipPlacer(input.zips, input.project);
  const chosen = new Set(input.chosenPhysicistIds);
  const drawsTripOf = (id: number) => chosen.size === 0 || chosen.has(id);
  const homes: HomeMarker[] = [];
  const unplacedHomes: Physicist[] = [];
  for (const physicist of input.physicists) {
    if (!drawsTripOf(physicist.id)) continue;
    const home = place(physicist.home_zip);
    if (isPoint(home)) homes.push({ physicist, ...home });
    else unplacedHomes.push(physicist);
  }
  return {
    ...placeJobs(input, place, drawsTripOf),
    ...placeKits(input, place),
    homes,
    unplacedHomes,
  };
}
