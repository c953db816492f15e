import {
  kitRefusal,
  physicistRefusal,
  type Job,
  type Kit,
  type Physicist,
  type PhysicistRole,
  type Unavailability,
} from '@meridian/domain';
import { milesBetweenZips, type ZipIndex } from './zip-distance';

/** One choice of a manual-assignment dropdown. */
export interface AssignOption {
  id: number;
  label: string;
  /** Why the server would refuse this choice for this job, or null when it is free. */
  refusal: string | null;
  /** Physicists: haversine miles from their home zip to the job's zip, when both are known. */
  miles: number | null;
}

/** The job's days, or null when it has none (the server then refuses every choice itself). */
const daysOf = (job: Job) =>
  job.start === null || job.end === null ? null : { id: job.id, start: job.start, end: job.end };

/**
 * Jobs by the physicist or kit they hold, so that opening one dropdown checks
 * each candidate against their own few jobs instead of the whole list.
 */
export function jobsByHolder(jobs: readonly Job[]): {
  people: ReadonlyMap<number, Job[]>;
  kits: ReadonlyMap<number, Job[]>;
} {
  const people = new Map<number, Job[]>();
  const kits = new Map<number, Job[]>();
  const add = (map: Map<number, Job[]>, id: number | null, job: Job) => {
    if (id === null) return;
    const list = map.get(id);
    if (list) list.push(job);
    else map.set(id, [job]);
  };
  for (const job of jobs) {
    add(people, job.assigned_lead_id, job);
    // One job holding a person in both slots is listed once.
    if (job.assigned_data_acq_id !== job.assigned_lead_id)
      add(people, job.assigned_data_acq_id, job);
    add(kits, job.assigned_kit_id, job);
  }
  return { people, kits };
}

/**
 * The physicists of one role for a job's dropdown, each with the reason the
 * server would refuse them (leave on those dates, another job on overlapping
 * days: the domain's rule, the one the server applies) and their distance.
 */
export function physicistOptions(
  job: Job,
  physicists: readonly Physicist[],
  role: PhysicistRole,
  leave: readonly Unavailability[],
  byPerson: ReadonlyMap<number, Job[]>,
  zips: ZipIndex | undefined,
): AssignOption[] {
  const days = daysOf(job);
  return physicists
    .filter((person) => person.role === role)
    .map((person) => ({
      id: person.id,
      label: person.name,
      refusal: days && physicistRefusal(person, days, byPerson.get(person.id) ?? [], leave),
      miles: milesBetweenZips(zips, person.home_zip, job.zip_code),
    }));
}

/** The kits for a job's dropdown, each with why it would be refused (maintenance, out elsewhere). */
export function kitOptions(
  job: Job,
  kits: readonly Kit[],
  byKit: ReadonlyMap<number, Job[]>,
): AssignOption[] {
  const days = daysOf(job);
  return kits.map((kit) => ({
    id: kit.id,
    label: kit.name,
    refusal: days && kitRefusal(kit, days, byKit.get(kit.id) ?? []),
    miles: null,
  }));
}
