import type { JobRecord, JobUpdateRequest } from '@meridian/contracts';
import type { Job } from '@meridian/domain';
import { composeReason, isRealDate, parseReason } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { AssignmentsService, PublishedChangeTeller } from './assignments.service';
import type { DB } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { jobZip, regionOfZip } from '../io/zip-rules';
import type { JobWrite, JobsRepository } from '../repositories/jobs.repository';
import { withPhases } from './job-phases';
import type { PlanWindowReader } from './schedule.service';

/** Lets sockets, timers and refusals run before the next chunk of a long read. */
const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkDate(value: string | null, field: string): string | null {
  if (value !== null && !isRealDate(value))
    throw badRequest(`${field} '${value}' is not a real date`);
  return value;
}

/**
 * The editable fields of a PUT, checked: real dates, end not before start (an
 * end alone is refused; a start alone makes a one-day job, as in the upload),
 * and a zip that is either missing (shown red) or a real US zip.
 */
export function jobWriteFrom(body: JobUpdateRequest): JobWrite {
  const start = checkDate(body.start, 'start');
  let end = checkDate(body.end, 'end');
  if (start === null && end !== null) throw badRequest('A job with an end date needs a start date');
  if (start !== null && end === null) end = start;
  if (start !== null && end !== null && end < start) {
    throw badRequest(`end ${end} is before start ${start}`);
  }
  const zip = jobZip(body.zip_code);
  return {
    customer: body.customer.trim(),
    location: body.location.trim(),
    zip_code: zip,
    package: body.package.trim(),
    start_date: start,
    end_date: end,
    reason: body.reason,
    region: regionOfZip(zip),
  };
}

/** Whether a write leaves every field of the job's record as it is (nothing is corrected). */
const leavesAsIs = (job: Job, write: JobWrite) =>
  job.customer === write.customer &&
  job.location === write.location &&
  job.zip_code === write.zip_code &&
  job.package === write.package &&
  job.start === write.start_date &&
  job.end === write.end_date &&
  job.reason === write.reason;

/** Job rules: blank creation, versioned edits with derived fields, deletion. */
export class JobsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobsRepository,
    private readonly assignments: AssignmentsService,
    private readonly window: PlanWindowReader,
    private readonly changes: PublishedChangeTeller,
  ) {}

  /** Every job with its derived fields and its phase. */
  async list(): Promise<JobRecord[]> {
    return withPhases(await this.jobs.list(), await this.window());
  }

  /**
   * Every job, as list() gives them, handed to `take` in order in chunks of
   * at most `chunkRows`, with the event loop free between chunks: at 10,000
   * jobs one read and its checking and serialising held the main thread for
   * about 200 ms (docs/reliability-notes.md), and every request waited
   * behind it, refusals included. The chunks share one repeatable-read
   * snapshot (one cursor), so together they are one consistent list. On the
   * embedded database the transaction holds its one session: other queries
   * wait for the read, as they waited for its one statement before.
   */
  listInChunks(chunkRows: number, take: (jobs: JobRecord[]) => void): Promise<void> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const window = await this.window(trx);
        await this.jobs.openListCursor(trx);
        for (;;) {
          const chunk = await this.jobs.fetchListChunk(trx, chunkRows);
          if (chunk.length > 0) take(withPhases(chunk, window));
          if (chunk.length < chunkRows) return;
          await eventLoopTurn();
        }
      });
  }

  /** Creates a blank job (no customer, dates or zip yet) for the user to fill in. */
  async createBlank(): Promise<JobRecord> {
    const id = await this.jobs.insertBlank();
    return this.get(id);
  }

  /** One job; 404 when it does not exist. */
  async get(id: number): Promise<JobRecord> {
    const job = await this.jobs.find(id);
    if (job === undefined) throw notFound(`Job ${id} not found`);
    return withPhases([job], await this.window())[0]!;
  }

  /**
   * Full update with optimistic locking: the version check is part of the
   * UPDATE, so of two editors holding the same version exactly one wins and
   * the other gets 409 with nothing changed. New dates are checked against
   * the job's assignments first (AssignmentsService.checkNewDates), under the
   * job's row lock so a manual assignment cannot slip in between. An edit of
   * a past job, or one that dates a job before today, corrects the record of
   * what happened: it needs `correction_reason` and is recorded as a run
   * (AssignmentsService.correctionOf). A write that changes nothing (a
   * comment saved as it was) corrects nothing and needs none.
   * An edit of a published job tells its people what changed.
   */
  async update(id: number, body: JobUpdateRequest, userId: number): Promise<JobRecord> {
    const fields = jobWriteFrom(body);
    const current = await this.jobs.find(id);
    const correction =
      current === undefined || leavesAsIs(current, fields)
        ? null
        : await this.assignments.correctionOf(id, body.correction_reason, userId, {
            newStart: fields.start_date,
            field: 'correction_reason',
          });
    const wake = await this.db.transaction().execute(async (trx) => {
      const stored = await this.jobs.findStored(id, trx);
      if (stored === undefined) throw notFound(`Job ${id} not found`);
      let write = fields;
      if (stored.version === body.version) {
        await this.assignments.checkNewDates(
          stored,
          { start: fields.start_date, end: fields.end_date },
          trx,
        );
        if (fields.zip_code !== stored.zip_code) {
          // The distances in the summary were measured from the old site.
          const summary = await this.assignments.summaryForNewZip(stored, fields.zip_code, trx);
          write = { ...fields, reason: composeReason({ ...parseReason(fields.reason), summary }) };
        }
      }
      const save = async () => {
        if (!(await this.jobs.updateIfVersion(id, body.version, write, trx))) {
          throw conflict(
            `Job ${id} was changed by someone else (it is at version ${stored.version}, your copy is version ${body.version}); reload it and edit again`,
          );
        }
      };
      await (correction ? correction(trx, save) : save());
      // New dates or a new site on a published job change what its people were told.
      return this.changes.tell(trx);
    });
    await wake();
    return this.get(id);
  }

  /**
   * Deletes a job; 404 when it does not exist. Removing a past job corrects
   * the record of what happened, so it needs `correctionReason` and is
   * recorded as a run; removing a published one tells the people who held it.
   */
  async delete(id: number, correctionReason: string | undefined, userId: number): Promise<void> {
    const current = await this.jobs.find(id);
    if (current === undefined) throw notFound(`Job ${id} not found`);
    const named = current.customer.trim() || 'no customer';
    const correction = await this.assignments.correctionOf(id, correctionReason, userId, {
      field: 'correction_reason',
      headline: `Job ${id} (${named}, ${current.start}) removed from the record`,
    });
    const wake = await this.db.transaction().execute(async (trx) => {
      const remove = async () => {
        if (!(await this.jobs.delete(id, trx))) throw notFound(`Job ${id} not found`);
      };
      await (correction ? correction(trx, remove) : remove());
      return this.changes.tell(trx);
    });
    await wake();
  }
}
