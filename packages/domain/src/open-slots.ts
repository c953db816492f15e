/**
 * The one definition of "unassigned", used by the API's answers and every
 * screen (docs/open-slots.md). A slot is one of a job's two physician roles,
 * lead or data acquisition; it is open when nobody holds it: no linked
 * physician and no name. A job is unassigned while any of its slots is open.
 * Kits are not slots here: a job without a kit is counted apart.
 */

/** The holder fields of a job, as the jobs list answers them. */
export interface JobHolders {
  assigned_lead_id: number | null;
  assigned_lead: string | null;
  assigned_data_acq_id: number | null;
  assigned_data_acq: string | null;
}

/** Open slots of a set of jobs: how many, on how many jobs, of how many jobs. */
export interface OpenSlotCount {
  open_slots: number;
  jobs_with_open_slots: number;
  jobs: number;
}

/** Whether a slot has nobody: neither a linked physician nor a name. */
export const isSlotOpen = (id: number | string | null, name: string | null): boolean =>
  id === null && (name === null || name.trim() === '');

/** A job's open slots: 0, 1 or 2. */
export const openSlotsOf = (job: JobHolders): number =>
  (isSlotOpen(job.assigned_lead_id, job.assigned_lead) ? 1 : 0) +
  (isSlotOpen(job.assigned_data_acq_id, job.assigned_data_acq) ? 1 : 0);

/** Counts the open slots of `jobs` (every job given, dated or not, past or not). */
export function countOpenSlots(jobs: Iterable<JobHolders>): OpenSlotCount {
  const count: OpenSlotCount = { open_slots: 0, jobs_with_open_slots: 0, jobs: 0 };
  for (const job of jobs) {
    const open = openSlotsOf(job);
    count.jobs += 1;
    count.open_slots += open;
    if (open > 0) count.jobs_with_open_slots += 1;
  }
  return count;
}

const counted = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The count in the words every screen uses, e.g. "12 open slots on 9 of
 * 600 jobs" or "No open slots: all 600 jobs have a lead and a data-acq physicist".
 */
export function openSlotsText(count: OpenSlotCount): string {
  if (count.jobs === 0) return 'No jobs yet';
  if (count.open_slots === 0)
    return count.jobs === 1
      ? 'No open slots: the job has a lead and a data-acq physicist'
      : `No open slots: all ${count.jobs.toLocaleString('en-US')} jobs have a lead and a data-acq physicist`;
  return `${counted(count.open_slots, 'open slot')} on ${count.jobs_with_open_slots.toLocaleString('en-US')} of ${counted(count.jobs, 'job')}`;
}
