import { parseReason, type Job } from '@meridian/domain';
import { parseCandidates } from './candidates';
import { assigneeMiles, type ZipIndex } from './zip-distance';

/**
 * Miles from a job's assigned lead or data-acquisition physicist to the job:
 * the distance written in the reason's assignment part for that name, else
 * haversine from the home zip. Null when unassigned or not measurable.
 */
export function assigneeDistance(
  job: Job,
  side: 'lead' | 'acq',
  homeZip: string | null | undefined,
  zips: ZipIndex | undefined,
): number | null {
  const name = side === 'lead' ? job.assigned_lead : job.assigned_data_acq;
  if (!name) return null;
  const entry = parseCandidates(parseReason(job.reason).summary)[side].find((e) => e.name === name);
  return assigneeMiles(entry?.miles, zips, homeZip, job.zip_code);
}
