import { rangesOverlap } from './dates';
import type { IsoDate, PhysicistRole } from './entities';

/**
 * The availability rules of manual assignment, in one place for the server
 * (which judges, against rows it has locked) and the browser (which shows the
 * same reason on a dropdown option before anyone picks it). Dates are
 * inclusive whole days: two ranges clash when they share at least one day.
 */

/** Inclusive YYYY-MM-DD days of a job. */
export interface DayRange {
  start: IsoDate;
  end: IsoDate;
}

/** Another job that holds a person or kit on overlapping days. */
export interface ClashingJob {
  id: number;
  customer: string;
  start: IsoDate;
  end: IsoDate;
}

/** A leave record as far as the rules need it. */
export interface LeaveDays {
  physicist_name: string;
  start_date: IsoDate;
  end_date: IsoDate;
}

/** The id columns of a job's slots. */
export type SlotIdField = 'assigned_lead_id' | 'assigned_data_acq_id' | 'assigned_kit_id';

/** A job as far as the clash rule needs it (undated jobs hold nobody on any day). */
export type SlotHolder = {
  id: number;
  customer: string;
  start: IsoDate | null;
  end: IsoDate | null;
} & {
  [field in SlotIdField]: number | null;
};

/** A physicist works either slot, so both count when looking for their other jobs. */
export const PERSON_SLOTS: readonly SlotIdField[] = ['assigned_lead_id', 'assigned_data_acq_id'];
/** A kit has one slot. */
export const KIT_SLOTS: readonly SlotIdField[] = ['assigned_kit_id'];

/** 'Ann Lee is unavailable on 2026-03-01 to 2026-03-05, ...' (the leave that clashes). */
export const unavailableText = (name: string, leave: readonly LeaveDays[]): string =>
  `${name} is unavailable on ${leave.map((r) => `${r.start_date} to ${r.end_date}`).join(', ')}`;

/** 'Ann Lee is already on job 7 (Acme, 2026-03-02 to 2026-03-03)'. */
export const alreadyOnJobText = (name: string, clash: ClashingJob): string =>
  `${name} is already on job ${clash.id} (${clash.customer}, ${clash.start} to ${clash.end})`;

/** 'Kit A is already out on job 7 (Acme, 2026-03-02 to 2026-03-03)'. */
export const kitOutText = (kitName: string, clash: ClashingJob): string =>
  `${kitName} is already out on job ${clash.id} (${clash.customer}, ${clash.start} to ${clash.end})`;

const ROLE_WORDS: Record<PhysicistRole, string> = { lead: 'lead', dataacq: 'data-acquisition' };

/** 'Ann Lee is a data-acquisition physicist and cannot take the lead slot'. */
export const wrongRoleText = (name: string, role: PhysicistRole, slotRole: PhysicistRole): string =>
  `${name} is a ${ROLE_WORDS[role]} physicist and cannot take the ${ROLE_WORDS[slotRole]} slot`;

/** Manual assignment refuses a kit in maintenance whatever the job's dates. */
export const kitMaintenanceText = (kitName: string): string =>
  `${kitName} is out for maintenance and cannot be assigned`;

/** The leave records of `name` (case-insensitive, as the server matches) sharing a day with `days`, earliest first. */
export function leaveOverlapping<T extends LeaveDays>(
  name: string,
  days: DayRange,
  leave: readonly T[],
): T[] {
  const wanted = name.toLowerCase();
  return leave
    .filter(
      (record) =>
        record.physicist_name.toLowerCase() === wanted &&
        rangesOverlap(record.start_date, record.end_date, days.start, days.end),
    )
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

/**
 * The earliest-starting job other than `job` that holds `holderId` in one of
 * `slots` on a day of `job` (ties by id), or undefined.
 */
export function firstClash(
  jobs: readonly SlotHolder[],
  slots: readonly SlotIdField[],
  holderId: number,
  job: { id: number } & DayRange,
): ClashingJob | undefined {
  let found: ClashingJob | undefined;
  for (const other of jobs) {
    if (other.id === job.id || other.start === null || other.end === null) continue;
    if (!slots.some((slot) => other[slot] === holderId)) continue;
    if (!rangesOverlap(other.start, other.end, job.start, job.end)) continue;
    if (
      found === undefined ||
      other.start < found.start ||
      (other.start === found.start && other.id < found.id)
    ) {
      found = { id: other.id, customer: other.customer, start: other.start, end: other.end };
    }
  }
  return found;
}

/** Why a physicist cannot work `job`: leave on its days, else another job of theirs; null when free. */
export function physicistRefusal(
  person: { id: number; name: string },
  job: { id: number } & DayRange,
  jobs: readonly SlotHolder[],
  leave: readonly LeaveDays[],
): string | null {
  const away = leaveOverlapping(person.name, job, leave);
  if (away.length > 0) return unavailableText(person.name, away);
  const clash = firstClash(jobs, PERSON_SLOTS, person.id, job);
  return clash ? alreadyOnJobText(person.name, clash) : null;
}

/** Why a kit cannot go to `job`: maintenance, else another job holding it; null when free. */
export function kitRefusal(
  kit: { id: number; name: string; is_out_for_maintenance: boolean },
  job: { id: number } & DayRange,
  jobs: readonly SlotHolder[],
): string | null {
  if (kit.is_out_for_maintenance) return kitMaintenanceText(kit.name);
  const clash = firstClash(jobs, KIT_SLOTS, kit.id, job);
  return clash ? kitOutText(kit.name, clash) : null;
}
