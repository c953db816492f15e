import {
  alreadyOnJobText,
  kitOutText,
  unavailableText,
  type Kit,
  type Physicist,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { DB } from '../db/schema';
import { addDays } from '../io/date-input';
import type { JobsRepository } from '../repositories/jobs.repository';

/** Inclusive YYYY-MM-DD days. */
export interface DayRange {
  start: string;
  end: string;
}

/**
 * The days of `next` that `before` did not cover (none, one or two ranges).
 * A job whose dates change can only run into leave or another booking on
 * those days; a clash on days it already had was there before the edit.
 */
export function addedDays(
  before: { start: string | null; end: string | null },
  next: DayRange,
): DayRange[] {
  if (before.start === null || before.end === null) return [next];
  const added: DayRange[] = [];
  if (next.start < before.start) {
    const end = next.end < before.start ? next.end : addDays(before.start, -1);
    added.push({ start: next.start, end });
  }
  if (next.end > before.end) {
    const start = next.start > before.end ? next.start : addDays(before.end, 1);
    added.push({ start, end: next.end });
  }
  return added;
}

/**
 * The availability rules shared by manual assignment and job edits: a
 * physicist is free when they have no leave and no other job on those days; a
 * kit when no other job holds it. Each answers why not, or null, in the words
 * of @meridian/domain's assignment-rules, which the browser uses to show the
 * same reason on a dropdown option before anyone picks it.
 */
export class AssignmentChecks {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly leave: AvailabilityRepository,
  ) {}

  /** Why `person` cannot work job `jobId` on `days`: leave, or another job of theirs; null if free. */
  async personBusy(
    person: Physicist,
    jobId: number,
    days: DayRange,
    trx: Kysely<DB>,
  ): Promise<string | null> {
    const away = await this.leave.overlapping(person.name, days.start, days.end, trx);
    if (away.length > 0) return unavailableText(person.name, away);
    const clash = await this.jobs.clash(
      ['assigned_lead_id', 'assigned_data_acq_id'],
      person.id,
      { id: jobId, ...days },
      trx,
    );
    return clash ? alreadyOnJobText(person.name, clash) : null;
  }

  /** Why `kit` cannot go to job `jobId` on `days` (another job holds it); null if free. */
  async kitBusy(kit: Kit, jobId: number, days: DayRange, trx: Kysely<DB>): Promise<string | null> {
    const clash = await this.jobs.clash(['assigned_kit_id'], kit.id, { id: jobId, ...days }, trx);
    return clash ? kitOutText(kit.name, clash) : null;
  }
}
