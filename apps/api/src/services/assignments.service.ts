import type { JobRecord, ManualAssignmentRequest, PinsRequest } from '@meridian/contracts';
import {
  assignmentSummary,
  composeReason,
  haversineMiles,
  jobPhase,
  kitMaintenanceText,
  parseReason,
  type Physicist,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { JobsRepository, StoredJob } from '../repositories/jobs.repository';
import type { KitsRepository } from '../repositories/kits.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import { coordsOfZip, type LatLon } from '../io/zip-rules';
import { addedDays, type AssignmentChecks, type DayRange } from './assignment-checks';
import { withPhases } from './job-phases';
import type { PlanWindowReader } from './schedule.service';

const ROLE_OF_SLOT = { lead: 'lead', data_acq: 'dataacq' } as const;
const ROLE_LABEL = { lead: 'lead', dataacq: 'data-acquisition' } as const;
const SLOT_WORDS = { lead: 'lead', data_acq: 'data-acquisition physicist', kit: 'kit' } as const;

type DatedJob = StoredJob & { start: string; end: string };

/** A job that can take an assignment: it exists, has dates and a usable zip. */
function assignable(job: StoredJob | undefined, jobId: number): DatedJob & { site: LatLon } {
  if (job === undefined) throw notFound(`Job ${jobId} not found`);
  if (job.start === null || job.end === null) {
    throw badRequest(`Job ${jobId} has no dates yet; set its start and end before assigning`);
  }
  const site = coordsOfZip(job.zip_code);
  // Rule 6 of the model: a job without a place cannot be assigned (the optimiser would refuse it).
  if (site === null) {
    throw badRequest(
      `Job ${jobId} has no usable zip code ('${job.zip_code}'); fix it before assigning`,
    );
  }
  return { ...job, start: job.start, end: job.end, site };
}

/**
 * Tells the people whose published jobs a plan write changed, in the write's
 * transaction; answers what wakes their streams once it committed
 * (plan-window/plan-change-notices.ts).
 */
export interface PublishedChangeTeller {
  tell(trx: Kysely<DB>): Promise<() => Promise<void>>;
}

/**
 * Writes a correction of a past job's record with `write`, recorded as a run
 * with `reason`, and `headline` when the changed slots cannot say what it did.
 */
export type CorrectionWriter = (
  trx: Kysely<DB>,
  createdBy: number,
  reason: string,
  write: () => Promise<void>,
  headline?: string,
) => Promise<void>;

/** Records corrections of past jobs (plan-history/past-corrections.ts). */
export interface PastCorrectionRecorder {
  /** Reads what a correction needs before its transaction opens. */
  prepare(): Promise<CorrectionWriter>;
}

/** Manual assignment of physicists and kits: every hard rule checked, the slot pinned. */
export class AssignmentsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobsRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly kits: KitsRepository,
    private readonly checks: AssignmentChecks,
    private readonly window: PlanWindowReader,
    private readonly changes: PublishedChangeTeller,
    private readonly corrections: PastCorrectionRecorder,
  ) {}

  /**
   * How to write an edit of job `jobId`: null for a job not yet past; for a
   * past one (a record corrected) a writer that records it as a run with its
   * reason, and 400 without a reason: the past is kept as it happened. An
   * edit that gives the job a start before today (`newStart`) is a
   * correction of the past too. `field` names the request's reason field in
   * the refusal.
   */
  async correctionOf(
    jobId: number,
    reason: string | undefined,
    userId: number,
    {
      newStart = null,
      field = 'reason',
      headline,
    }: { newStart?: string | null; field?: string; headline?: string } = {},
  ): Promise<((trx: Kysely<DB>, write: () => Promise<void>) => Promise<void>) | null> {
    const stored = await this.jobs.findStored(jobId);
    if (stored === undefined) return null;
    const window = await this.window();
    const pastNow = jobPhase(stored.start, window) === 'past';
    if (!pastNow && jobPhase(newStart, window) !== 'past') return null;
    if (reason === undefined) {
      throw badRequest(
        pastNow
          ? `Job ${jobId} started on ${stored.start}, before today (${window.today}): the past is kept as it happened, so correcting its record needs a reason (${field})`
          : `The new start ${newStart} of job ${jobId} is before today (${window.today}): recording a job in the past is a correction and needs a reason (${field})`,
      );
    }
    const writer = await this.corrections.prepare();
    return (trx, write) => writer(trx, userId, reason, write, headline);
  }

  /** The job as answered: its record with its phase in the planning window. */
  private async answer(jobId: number): Promise<JobRecord> {
    return withPhases([(await this.jobs.find(jobId))!], await this.window())[0]!;
  }

  /** Sets or clears (physicist_id null) a lead or data_acq slot and answers the updated job. */
  async assignPhysicist(request: ManualAssignmentRequest, userId: number): Promise<JobRecord> {
    const { job_id: jobId, role: slot, physicist_id: personId } = request;
    const correction = await this.correctionOf(jobId, request.reason, userId);
    const wake = await this.db.transaction().execute(async (trx) => {
      const stored = await this.jobs.findStored(jobId, trx);
      if (stored === undefined) throw notFound(`Job ${jobId} not found`);
      if (personId !== null) {
        const job = assignable(stored, jobId);
        // The row lock serialises assignments of one person, so two cannot double-book them.
        const person = await this.physicists.find(personId, trx);
        if (person === undefined) throw notFound(`Physicist ${personId} not found`);
        await this.checkPhysicist(person, slot, job, trx);
      }
      const reason = await this.reasonWith(stored, slot, personId, trx);
      const write = () => this.jobs.setSlot(jobId, slot, personId, reason, trx);
      await (correction ? correction(trx, write) : write());
      return this.changes.tell(trx);
    });
    await wake();
    return this.answer(jobId);
  }

  /** The job's reason text once `personId` holds `slot` (its summary part re-measured). */
  async reasonWith(
    stored: StoredJob,
    slot: 'lead' | 'data_acq',
    personId: number | null,
    trx: Kysely<DB>,
  ): Promise<string> {
    const lead = slot === 'lead' ? personId : stored.assigned_lead_id;
    const acq = slot === 'data_acq' ? personId : stored.assigned_data_acq_id;
    const summary = await this.assignmentText(stored.zip_code, lead, acq, trx);
    return composeReason({ ...parseReason(stored.reason), summary });
  }

  /** Sets or clears (kit_id null) a job's kit and answers the updated job. */
  async assignKit(
    jobId: number,
    kitId: number | null,
    userId: number,
    correctionReason?: string,
  ): Promise<JobRecord> {
    const correction = await this.correctionOf(jobId, correctionReason, userId);
    const wake = await this.db.transaction().execute(async (trx) => {
      const stored = await this.jobs.findStored(jobId, trx);
      if (stored === undefined) throw notFound(`Job ${jobId} not found`);
      if (kitId !== null) {
        await this.checkKit(kitId, assignable(stored, jobId), trx);
      }
      const write = () => this.jobs.setSlot(jobId, 'kit', kitId, null, trx);
      await (correction ? correction(trx, write) : write());
      return this.changes.tell(trx);
    });
    await wake();
    return this.answer(jobId);
  }

  /**
   * Locks or unlocks each slot (PUT /assignments/{job_id}/pins). A locked slot
   * is kept by every optimiser, so locking one that is not locked yet checks
   * its holder against the manual-assignment rules first, as assigning by
   * hand would (leave or another booking may have arrived since a run filled
   * it). An empty slot cannot be locked: there is nothing to keep.
   */
  async setPins(jobId: number, pins: PinsRequest): Promise<JobRecord> {
    await this.db.transaction().execute(async (trx) => {
      const stored = await this.jobs.findStored(jobId, trx);
      if (stored === undefined) throw notFound(`Job ${jobId} not found`);
      const current = (await this.jobs.find(jobId, trx))!;
      const holders = {
        lead: stored.assigned_lead_id,
        data_acq: stored.assigned_data_acq_id,
        kit: stored.assigned_kit_id,
      };
      for (const slot of ['lead', 'data_acq', 'kit'] as const) {
        if (!pins[slot] || current[`${slot}_pinned`]) continue;
        const id = holders[slot];
        if (id === null) {
          throw conflict(`Job ${jobId} has no ${SLOT_WORDS[slot]} to lock; assign one first`);
        }
        const job = assignable(stored, jobId);
        if (slot === 'kit') await this.checkKit(id, job, trx);
        else {
          const person = await this.physicists.find(id, trx);
          if (person === undefined) throw notFound(`Physicist ${id} not found`);
          await this.checkPhysicist(person, slot, job, trx);
        }
      }
      const unchanged =
        pins.lead === current.lead_pinned &&
        pins.data_acq === current.data_acq_pinned &&
        pins.kit === current.kit_pinned;
      if (!unchanged) await this.jobs.setPins(jobId, pins, trx);
    });
    return this.answer(jobId);
  }

  /**
   * Refuses (409, nothing changed) a date edit that would leave a job's lead,
   * data-acquisition physicist or kit unable to do it: leave or another job
   * on the days the job gains, or a kit in maintenance on a job that now
   * starts after today. Refusing rather than emptying the slot is deliberate:
   * PUT /jobs/{id} answers only the job, so a cleared slot would go unnoticed
   * in a date edit, and most of these slots were pinned on purpose by hand.
   * The detail names who and what is in the way; the user clears the slot
   * (or fixes the other job or the leave) and edits again. Only the added
   * days are checked, so a clash that was there before never blocks an edit.
   * Call inside the transaction that holds the job's row lock.
   */
  async checkNewDates(
    stored: StoredJob,
    next: { start: string | null; end: string | null },
    trx: Kysely<DB>,
  ): Promise<void> {
    // An undated job holds nobody on any day; unchanged dates change nothing.
    if (next.start === null || next.end === null) return;
    if (next.start === stored.start && next.end === stored.end) return;
    const dates: DayRange = { start: next.start, end: next.end };
    const added = addedDays(stored, dates);
    const refuse = (why: string, slot: string) =>
      conflict(
        `Job ${stored.id} cannot move to ${dates.start} to ${dates.end}: ${why}. Clear ${slot} first or choose other dates; nothing was changed`,
      );
    const people = [
      { id: stored.assigned_lead_id, label: 'lead', slot: 'the lead' },
      {
        id: stored.assigned_data_acq_id,
        label: 'data-acquisition physicist',
        slot: 'the data-acquisition slot',
      },
    ];
    for (const { id, label, slot } of people) {
      if (id === null) continue;
      // Row-locked like a manual assignment, so the two cannot double-book this person.
      const person = await this.physicists.find(id, trx);
      if (person === undefined) continue;
      for (const days of added) {
        const busy = await this.checks.personBusy(person, stored.id, days, trx);
        if (busy !== null) throw refuse(`its ${label} ${busy}`, slot);
      }
    }
    if (stored.assigned_kit_id === null) return;
    const kit = await this.kits.find(stored.assigned_kit_id, trx);
    if (kit === undefined) return;
    // Same rule as PUT /kits/{id}: a kit in maintenance stays only on jobs already under way.
    if (kit.is_out_for_maintenance && dates.start > (await this.window(trx)).today) {
      throw refuse(
        `its kit ${kit.name} is out for maintenance and cannot go to a job starting after today`,
        'its kit',
      );
    }
    for (const days of added) {
      const busy = await this.checks.kitBusy(kit, stored.id, days, trx);
      if (busy !== null) throw refuse(`its kit ${busy}`, 'its kit');
    }
  }

  /**
   * The summary part of a job's reason once its zip changes: its physicists
   * re-measured from the new site, or empty when it has none (a candidate
   * list for the old site is stale; Find Best Candidates writes a new one).
   */
  summaryForNewZip(stored: StoredJob, zip: string, trx: Kysely<DB>): Promise<string> {
    const { assigned_lead_id: lead, assigned_data_acq_id: acq } = stored;
    if (lead === null && acq === null) return Promise.resolve('');
    return this.assignmentText(zip, lead, acq, trx);
  }

  /** The kit exists, is not in maintenance and no other job holds it on these days. */
  private async checkKit(kitId: number, job: DatedJob, trx: Kysely<DB>): Promise<void> {
    const kit = await this.kits.find(kitId, trx);
    if (kit === undefined) throw notFound(`Kit ${kitId} not found`);
    if (kit.is_out_for_maintenance) throw conflict(kitMaintenanceText(kit.name));
    const busy = await this.checks.kitBusy(kit, job.id, job, trx);
    if (busy !== null) throw conflict(`${busy}, which overlaps ${job.start} to ${job.end}`);
  }

  private async checkPhysicist(
    person: Physicist,
    slot: 'lead' | 'data_acq',
    job: DatedJob,
    trx: Kysely<DB>,
  ): Promise<void> {
    const needed = ROLE_OF_SLOT[slot];
    if (person.role !== needed) {
      throw badRequest(
        `${person.name} is a ${ROLE_LABEL[person.role]} physicist and cannot take the ${ROLE_LABEL[needed]} slot`,
      );
    }
    const busy = await this.checks.personBusy(person, job.id, job, trx);
    if (busy !== null) throw conflict(`${busy}, which overlaps ${job.start} to ${job.end}`);
  }

  /** 'Lead: name (N mi) | Acq: name (N mi)' for the slots as they will be. */
  private async assignmentText(
    zip: string,
    leadId: number | null,
    acqId: number | null,
    trx: Kysely<DB>,
  ): Promise<string> {
    const site = coordsOfZip(zip);
    const describe = async (id: number | null) => {
      if (id === null) return null;
      const person = await this.physicists.find(id, trx);
      if (person === undefined) return null;
      const home = coordsOfZip(person.home_zip);
      const miles =
        site && home ? haversineMiles(site.lat, site.lon, home.lat, home.lon) : Number.NaN;
      return { name: person.name, miles };
    };
    return assignmentSummary(await describe(leadId), await describe(acqId));
  }
}
