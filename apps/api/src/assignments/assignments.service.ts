import type { JobRecord, ManualAssignmentRequest } from '@meridian/contracts';
import {
  assignmentSummary,
  composeReason,
  haversineMiles,
  parseReason,
  type Physicist,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { AvailabilityRepository } from '../availability/availability.repository';
import type { DB } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { JobsRepository, StoredJob } from '../jobs/jobs.repository';
import type { KitsRepository } from '../kits/kits.repository';
import type { PhysicistsRepository } from '../roster/physicists.repository';
import { coordsOfZip, type LatLon } from '../zips-db/zip-rules';
import type { AssignmentsRepository } from './assignments.repository';

const ROLE_OF_SLOT = { lead: 'lead', data_acq: 'dataacq' } as const;
const ROLE_LABEL = { lead: 'lead', dataacq: 'data-acquisition' } as const;

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

/** Manual assignment of physicists and kits: every hard rule checked, the slot pinned. */
export class AssignmentsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly assignments: AssignmentsRepository,
    private readonly jobs: JobsRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly kits: KitsRepository,
    private readonly leave: AvailabilityRepository,
  ) {}

  /** Sets or clears (physicist_id null) a lead or data_acq slot and answers the updated job. */
  async assignPhysicist(request: ManualAssignmentRequest): Promise<JobRecord> {
    const { job_id: jobId, role: slot, physicist_id: personId } = request;
    await this.db.transaction().execute(async (trx) => {
      const stored = await this.jobs.findStored(jobId, trx);
      if (stored === undefined) throw notFound(`Job ${jobId} not found`);
      if (personId !== null) {
        const job = assignable(stored, jobId);
        // The row lock serialises assignments of one person, so two cannot double-book them.
        const person = await this.physicists.find(personId, trx);
        if (person === undefined) throw notFound(`Physicist ${personId} not found`);
        await this.checkPhysicist(person, slot, job, trx);
      }
      const lead = slot === 'lead' ? personId : stored.assigned_lead_id;
      const acq = slot === 'data_acq' ? personId : stored.assigned_data_acq_id;
      const summary = await this.assignmentText(stored.zip_code, lead, acq, trx);
      const reason = composeReason({ ...parseReason(stored.reason), summary });
      await this.assignments.setSlot(jobId, slot, personId, reason, trx);
    });
    return (await this.jobs.find(jobId))!;
  }

  /** Sets or clears (kit_id null) a job's kit and answers the updated job. */
  async assignKit(jobId: number, kitId: number | null): Promise<JobRecord> {
    await this.db.transaction().execute(async (trx) => {
      const stored = await this.jobs.findStored(jobId, trx);
      if (stored === undefined) throw notFound(`Job ${jobId} not found`);
      if (kitId !== null) {
        const job = assignable(stored, jobId);
        const kit = await this.kits.find(kitId, trx);
        if (kit === undefined) throw notFound(`Kit ${kitId} not found`);
        if (kit.is_out_for_maintenance) {
          throw conflict(`${kit.name} is out for maintenance and cannot be assigned`);
        }
        const clash = await this.assignments.clash(['assigned_kit_id'], kitId, job, trx);
        if (clash) {
          throw conflict(
            `${kit.name} is already out on job ${clash.id} (${clash.customer}, ${clash.start} to ${clash.end}), which overlaps ${job.start} to ${job.end}`,
          );
        }
      }
      await this.assignments.setSlot(jobId, 'kit', kitId, null, trx);
    });
    return (await this.jobs.find(jobId))!;
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
    const away = await this.leave.overlapping(person.name, job.start, job.end, trx);
    if (away.length > 0) {
      const dates = away.map((r) => `${r.start_date} to ${r.end_date}`).join(', ');
      throw conflict(
        `${person.name} is unavailable on ${dates}, which overlaps the job (${job.start} to ${job.end})`,
      );
    }
    const clash = await this.assignments.clash(
      ['assigned_lead_id', 'assigned_data_acq_id'],
      person.id,
      job,
      trx,
    );
    if (clash) {
      throw conflict(
        `${person.name} is already on job ${clash.id} (${clash.customer}, ${clash.start} to ${clash.end}), which overlaps ${job.start} to ${job.end}`,
      );
    }
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
