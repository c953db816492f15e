import {
  frozenIn,
  jobPhase,
  type Instance,
  type InstanceJob,
  type InstancePhysicist,
  type PlanScope,
  type PlanWindow,
  type Weights,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PlanWindowReader } from './schedule.service';
import type {
  InstanceRepository,
  PlacedKit,
  PlacedPhysicist,
  PlanningJob,
} from '../repositories/instance.repository';

/** The instance plus what the server needs to write a result back and report it. */
export interface BuiltInstance {
  instance: Instance;
  /** Dated jobs in the instance, by id (string, as in the instance). */
  jobs: Map<string, PlanningJob>;
  physicists: Map<string, PlacedPhysicist>;
  kits: Map<string, PlacedKit>;
  /** Jobs left out: no dates yet (they cannot be scheduled at all). */
  undatedJobs: number;
  /** Jobs in the instance without coordinates (rule 6: reported, never assigned). */
  jobsWithoutCoordinates: number;
  /** Physicists left out because their home zip is not in the zip table. */
  unplacedPhysicists: string[];
  /** The change counters of the tables it was read from, read before them (InstanceRepository.versions). */
  readAt: string;
  /** What it was built with, so `current` can build it again alike. */
  options: BuildOptions;
  /** The window, scope and current plan it was built in: what a replay must read again. */
  planning: RunPlanning;
  /** Jobs kept exactly as they are (past, or published outside the scope), by id. */
  frozen: ReadonlySet<string>;
}

/**
 * Where a run starts (docs/optimization.md, "Planning over time"): the
 * planning window, what it may change, and each job's lead and data-acq
 * before it ([job id, lead, data-acq], jobs with either filled). Recorded
 * with a run so its replay reads the same start whatever was written since.
 */
export interface RunPlanning {
  window: PlanWindow;
  scope: PlanScope;
  current: [string, string | null, string | null][];
}

/** How an instance is read. */
export interface BuildOptions {
  /** Leaves out the leave this run recorded (an applied what-if's absence): a replay reads the data it started from. */
  leaveNotRecordedBy?: number;
  /** What the run may change: draft jobs only (the default), or published ones too. */
  scope?: PlanScope;
  /** A recorded start (a replay): its window, scope and plan instead of today's. */
  planning?: RunPlanning;
}

/**
 * A physicist's preferences as instance fields: only the non-empty ones, so
 * the instance (and its input fingerprint) of someone who stated none is
 * exactly what it was before preferences existed.
 */
const avoided = (
  stated: { avoid_dates: string[]; avoid_weekdays: number[] } | undefined,
): Pick<InstancePhysicist, 'avoid_dates' | 'avoid_weekdays'> => ({
  ...(stated?.avoid_dates.length ? { avoid_dates: stated.avoid_dates } : {}),
  ...(stated?.avoid_weekdays.length ? { avoid_weekdays: stated.avoid_weekdays } : {}),
});

const pin = (pinned: boolean, id: number | null): string | null =>
  pinned && id !== null ? String(id) : null;

/** The plan as it stands: each job's linked lead and data-acq, where the instance holds them. */
function currentPlan(
  jobs: readonly PlanningJob[],
  placed: ReadonlySet<string>,
): RunPlanning['current'] {
  const held = (id: number | null) => (id !== null && placed.has(String(id)) ? String(id) : null);
  return jobs
    .map((j): [string, string | null, string | null] => [
      String(j.id),
      held(j.assigned_lead_id),
      held(j.assigned_data_acq_id),
    ])
    .filter(([, lead, acq]) => lead !== null || acq !== null);
}

/**
 * Turns the stored jobs, roster (with each physicist's preferences), leave, kits and weights into the optimizer's
 * Instance (packages/domain model/instance.ts). Pinned slots go in as fixed;
 * the plan as it stands goes in as each job's current slots, so a run keeps
 * it wherever a change would not pay; past jobs, and published ones unless
 * the run's scope is `published`, go in frozen (facts the run keeps). Zips
 * resolve through the zip_data table, so every process (API or worker) sees
 * the same places.
 */
export class InstanceBuilder {
  constructor(
    private readonly repository: InstanceRepository,
    private readonly readWindow: PlanWindowReader,
  ) {}

  /** Reads the stored data into an instance with `weights`. */
  async build(
    db: Kysely<DB>,
    weights: Weights,
    options: BuildOptions = {},
  ): Promise<BuiltInstance> {
    // Read first: a write that lands among the reads below moves it past this reading.
    const readAt = await this.repository.versions(db);
    const [jobs, physicists, kits, leave, preferences] = [
      await this.repository.jobs(db),
      await this.repository.physicists(db),
      await this.repository.kits(db),
      await this.repository.leave(db, options.leaveNotRecordedBy),
      await this.repository.preferences(db),
    ];
    const stated = new Map(preferences.map((p) => [p.physicist_id, p]));
    const placed = physicists.filter((p) => p.lat !== null && p.lon !== null);
    const byName = new Map<string, InstancePhysicist>();
    const instancePhysicists: InstancePhysicist[] = placed.map((p) => {
      const entry: InstancePhysicist = {
        id: String(p.id),
        name: p.name,
        role: p.role,
        lat: p.lat!,
        lon: p.lon!,
        unavailable: [],
        ...avoided(stated.get(p.id)),
      };
      byName.set(p.name.trim().toLowerCase(), entry);
      return entry;
    });
    for (const record of leave) {
      byName
        .get(record.physicist_name.trim().toLowerCase())
        ?.unavailable.push({ start: record.start, end: record.end });
    }
    const dated = jobs.filter(
      (j): j is PlanningJob & { start: string; end: string } => j.start !== null && j.end !== null,
    );
    const planning: RunPlanning = options.planning ?? {
      window: await this.readWindow(db),
      scope: options.scope ?? 'draft',
      current: currentPlan(dated, new Set(placed.map((p) => String(p.id)))),
    };
    const current = new Map(planning.current.map(([id, lead, acq]) => [id, { lead, acq }]));
    const frozen = new Set<string>();
    const placedKits = kits.filter((k) => k.lat !== null && k.lon !== null);
    const placedKitIds = new Set(placedKits.map((k) => String(k.id)));
    const instanceJobs: InstanceJob[] = dated.map((j) => {
      const id = String(j.id);
      const isFrozen = frozenIn(jobPhase(j.start, planning.window), planning.scope);
      if (isFrozen) frozen.add(id);
      const now = current.get(id) ?? { lead: null, acq: null };
      // A frozen job is a fact: every slot stays as it is (domain model/instance.ts).
      const kit =
        j.assigned_kit_id !== null && placedKitIds.has(String(j.assigned_kit_id))
          ? String(j.assigned_kit_id)
          : null;
      return {
        id,
        customer: j.customer,
        lat: j.lat,
        lon: j.lon,
        start: j.start,
        end: j.end,
        lead_id: isFrozen ? now.lead : pin(j.lead_pinned, j.assigned_lead_id),
        data_acq_id: isFrozen ? now.acq : pin(j.data_acq_pinned, j.assigned_data_acq_id),
        kit_id: isFrozen ? kit : pin(j.kit_pinned, j.assigned_kit_id),
        current_lead_id: now.lead,
        current_data_acq_id: now.acq,
        ...(isFrozen ? { frozen: true } : {}),
      };
    });
    return {
      instance: {
        weights,
        physicists: instancePhysicists,
        jobs: instanceJobs,
        kits: placedKits.map((k) => ({
          id: String(k.id),
          name: k.name,
          lat: k.lat!,
          lon: k.lon!,
          is_out_for_maintenance: k.is_out_for_maintenance,
        })),
      },
      jobs: new Map(dated.map((j) => [String(j.id), j])),
      physicists: new Map(placed.map((p) => [String(p.id), p])),
      kits: new Map(placedKits.map((k) => [String(k.id), k])),
      undatedJobs: jobs.length - dated.length,
      jobsWithoutCoordinates: dated.filter((j) => j.lat === null || j.lon === null).length,
      unplacedPhysicists: physicists
        .filter((p) => p.lat === null || p.lon === null)
        .map((p) => p.name),
      readAt,
      options,
      planning,
      frozen,
    };
  }

  /**
   * The instance as `db` holds it now: `built` itself when none of the tables
   * it was read from has been written since (their change counters are as
   * they were), else read again with the same weights and options. A run's
   * apply calls it inside its transaction, after its locks, so the result is
   * checked against the data it writes beside without reading it all twice.
   */
  async current(db: Kysely<DB>, built: BuiltInstance): Promise<BuiltInstance> {
    if ((await this.repository.versions(db)) === built.readAt) return built;
    return this.build(db, built.instance.weights, {
      ...built.options,
      scope: built.planning.scope,
    });
  }
}
