import { isRealDate } from '@meridian/domain';
import type { Instance } from '@meridian/domain';

/** Bad input, with a one-line message naming the field (never a solver bug). */
export class InstanceError extends Error {
  override readonly name = 'InstanceError';
}

/**
 * Checks what the schema cannot: real dates, end not before start, unique ids
 * and pinned ids that exist. Throws InstanceError on the first problem.
 */
export function validateInstance(instance: Instance): void {
  const fail = (message: string): never => {
    throw new InstanceError(message);
  };
  // `where` names the field only on failure: building it for every range of a large instance is wasted work.
  const checkRange = (where: () => string, start: string, end: string) => {
    if (!isRealDate(start)) fail(`${where()}.start: ${start} is not a real date`);
    if (!isRealDate(end)) fail(`${where()}.end: ${end} is not a real date`);
    if (end < start) fail(`${where()}.end: ${end} is before start ${start}`);
  };
  const unique = (what: string, ids: string[]) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) fail(`${what}[${i}].id: duplicate id ${id}`);
      seen.add(id);
    });
    return seen;
  };

  const physicists = unique(
    'physicists',
    instance.physicists.map((p) => p.id),
  );
  const kits = unique(
    'kits',
    instance.kits.map((k) => k.id),
  );
  unique(
    'jobs',
    instance.jobs.map((j) => j.id),
  );
  instance.physicists.forEach((p, i) =>
    p.unavailable.forEach((r, k) =>
      checkRange(() => `physicists[${i}].unavailable[${k}]`, r.start, r.end),
    ),
  );
  instance.jobs.forEach((job, i) => {
    checkRange(() => `jobs[${i}]`, job.start, job.end);
    if (job.lead_id != null && !physicists.has(job.lead_id))
      fail(`jobs[${i}].lead_id: unknown physicist ${job.lead_id}`);
    if (job.data_acq_id != null && !physicists.has(job.data_acq_id))
      fail(`jobs[${i}].data_acq_id: unknown physicist ${job.data_acq_id}`);
    if (job.kit_id != null && !kits.has(job.kit_id))
      fail(`jobs[${i}].kit_id: unknown kit ${job.kit_id}`);
  });
}
