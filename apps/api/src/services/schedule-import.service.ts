import type { TextEncoding } from '@meridian/contracts';
import type { Kit, Physicist } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { DB } from '../db/schema';
import type { KitsRepository } from '../repositories/kits.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import { issueToText, type InvalidResult, type TooLargeResult } from '../io/issues';
import {
  parseScheduleCsv,
  parseScheduleXlsx,
  type NewJob,
  type NewUnavailability,
  type ScheduleParseResult,
} from '../io/parse-schedule';
import { encodingWarning } from '../io/text-input';
import { isKnownZip } from '../io/zip-table';
import { regionOfZip } from '../io/zip-rules';
import type { JobInsert, JobsRepository } from '../repositories/jobs.repository';

/** The upload answer of docs/data-formats.md. */
export interface UploadSummary {
  jobs_added: number;
  availability_added: number;
  warnings: string[];
}

/** What an upload did: replaced everything, or refused the file with nothing changed. */
export type UploadOutcome =
  | { ok: true; summary: UploadSummary & { encoding: TextEncoding | null } }
  | InvalidResult
  | TooLargeResult;

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Whether an upload is an .xlsx workbook: by its name, or by the zip signature it starts with. */
export function isXlsx(bytes: Uint8Array, fileName: string): boolean {
  if (/\.xlsx$/i.test(fileName)) return true;
  return XLSX_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** Resolves assigned names to ids; a name of the wrong role keeps its text and no link. */
function resolveJobs(
  jobs: readonly NewJob[],
  physicists: readonly Physicist[],
  kits: readonly Kit[],
  warnings: string[],
): JobInsert[] {
  const people = new Map(physicists.map((p) => [p.name.toLowerCase(), p]));
  const kitByName = new Map(kits.map((k) => [k.name.toLowerCase(), k]));
  const link = (job: NewJob, name: string | null, role: 'lead' | 'dataacq'): number | null => {
    const person = name === null ? undefined : people.get(name.toLowerCase());
    if (person === undefined) return null;
    if (person.role === role) return person.id;
    warnings.push(
      `job '${job.customer}' starting ${job.start}: ${person.name} is a ${person.role} physicist and cannot take the ${role} slot; the name is kept without a link`,
    );
    return null;
  };
  return jobs.map((job) => ({
    customer: job.customer,
    location: job.location,
    zip_code: job.zip_code,
    package: job.package,
    start: job.start,
    end: job.end,
    reason: job.reason,
    assigned_lead_id: link(job, job.assigned_lead, 'lead'),
    assigned_lead: job.assigned_lead,
    assigned_data_acq_id: link(job, job.assigned_data_acq, 'dataacq'),
    assigned_data_acq: job.assigned_data_acq,
    assigned_kit_id:
      job.assigned_kit_name === null
        ? null
        : (kitByName.get(job.assigned_kit_name.toLowerCase())?.id ?? null),
    assigned_kit_name: job.assigned_kit_name,
    region: regionOfZip(job.zip_code),
  }));
}

/** "Upload CSV to Replace All": parse strictly, then replace jobs and leave in one transaction. */
export class ScheduleImportService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobsRepository,
    private readonly leave: AvailabilityRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly kits: KitsRepository,
  ) {}

  /** Reads a .csv or .xlsx file and, only when every row is good, replaces all jobs and leave. */
  async upload(bytes: Uint8Array, fileName: string): Promise<UploadOutcome> {
    // Parsed outside the transaction so a slow 100,000-row file does not hold the database;
    // names are resolved again inside it, against the roster the rows are written with.
    const options = {
      physicistNames: (await this.physicists.list()).map((p) => p.name),
      kitNames: (await this.kits.list()).map((k) => k.name),
      knownZip: isKnownZip,
    };
    const parsed: ScheduleParseResult = isXlsx(bytes, fileName)
      ? await parseScheduleXlsx(bytes, options)
      : parseScheduleCsv(bytes, options);
    if (!parsed.ok) return parsed;
    const warnings = [...encodingWarning(parsed.encoding), ...parsed.warnings.map(issueToText)];
    if (parsed.total_warnings > parsed.warnings.length) {
      warnings.push(`... and ${parsed.total_warnings - parsed.warnings.length} more warnings`);
    }
    const summary = await this.db
      .transaction()
      .execute((trx) => this.replaceAll(parsed.jobs, parsed.unavailability, trx, warnings));
    return { ok: true, summary: { ...summary, encoding: parsed.encoding } };
  }

  /**
   * Replaces every job and leave record (call inside a transaction; the demo
   * seed uses it too). Uploaded assignments are not pinned: they are a
   * starting plan that optimisation may improve.
   */
  async replaceAll(
    jobs: readonly NewJob[],
    unavailability: readonly NewUnavailability[],
    trx: Kysely<DB>,
    warnings: string[] = [],
  ): Promise<UploadSummary> {
    const physicists = await this.physicists.list(trx);
    const kits = await this.kits.list(trx);
    const rows = resolveJobs(jobs, physicists, kits, warnings);
    await this.jobs.deleteAll(trx);
    await this.leave.deleteAll(trx);
    const jobsAdded = await this.jobs.insertMany(rows, trx);
    const leaveAdded = await this.leave.insertMany(unavailability, trx);
    return { jobs_added: jobsAdded, availability_added: leaveAdded, warnings };
  }
}
