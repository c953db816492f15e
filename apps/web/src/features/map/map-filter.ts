import type { IsoDate, Job } from '@meridian/domain';

/** What the map shows: jobs of these physicists (none chosen: everyone's) within these dates. */
export interface MapFilter {
  physicistIds: readonly number[];
  /** Inclusive; null leaves that side open. */
  from: IsoDate | null;
  to: IsoDate | null;
}

export const NO_MAP_FILTER: MapFilter = { physicistIds: [], from: null, to: null };

/** Whether a job falls in the chosen dates (a job with no start is in only when no dates are chosen). */
function inDates(job: Job, from: IsoDate | null, to: IsoDate | null): boolean {
  if (from === null && to === null) return true;
  if (job.start === null) return false;
  const end = job.end ?? job.start;
  return (from === null || end >= from) && (to === null || job.start <= to);
}

/** Whether one of the chosen physicists holds a slot of the job. */
function heldByChosen(job: Job, ids: ReadonlySet<number>): boolean {
  if (ids.size === 0) return true;
  return (
    (job.assigned_lead_id !== null && ids.has(job.assigned_lead_id)) ||
    (job.assigned_data_acq_id !== null && ids.has(job.assigned_data_acq_id))
  );
}

/** The jobs the map draws under a filter, in their given order. */
export function filterMapJobs(jobs: readonly Job[], filter: MapFilter): Job[] {
  if (filter.from !== null && filter.to !== null && filter.from > filter.to) {
    throw new Error(`The date range ends (${filter.to}) before it starts (${filter.from}).`);
  }
  const ids = new Set(filter.physicistIds);
  return jobs.filter((job) => inDates(job, filter.from, filter.to) && heldByChosen(job, ids));
}
