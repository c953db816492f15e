import {
  assignmentSummary,
  composeReason,
  haversineMiles,
  parseReason,
  type JobAssignment,
} from '@meridian/domain';
import type { BuiltInstance } from '../services/instance-builder';
import type { PlanningJob } from '../repositories/instance.repository';

/**
 * The reason of a job after a run: the assignment part
 * 'Lead: name (N mi) | Acq: name (N mi)', a rationale naming the algorithm,
 * and the user's comment kept as it was.
 */
export function reasonAfterRun(
  job: PlanningJob,
  assignment: JobAssignment,
  built: BuiltInstance,
  runLabel: string,
): string {
  const parts = parseReason(job.reason);
  if (job.lat === null || job.lon === null) {
    return composeReason({
      ...parts,
      rationale: `${runLabel}: not assigned, the job has no usable zip code`,
    });
  }
  const describe = (id: string | null) => {
    const person = id === null ? undefined : built.physicists.get(id);
    if (person === undefined) return null;
    return {
      name: person.name,
      miles: haversineMiles(job.lat!, job.lon!, person.lat!, person.lon!),
    };
  };
  const pinned = [job.lead_pinned && 'lead', job.data_acq_pinned && 'data acquisition'].filter(
    Boolean,
  );
  const empty = [
    assignment.lead_id === null && 'lead',
    assignment.data_acq_id === null && 'data acquisition',
  ].filter(Boolean);
  const notes = [
    pinned.length > 0 ? `${pinned.join(' and ')} pinned by hand, kept` : '',
    empty.length > 0 ? `no free physician for ${empty.join(' and ')}` : '',
  ].filter((n) => n !== '');
  return composeReason({
    ...parts,
    summary: assignmentSummary(describe(assignment.lead_id), describe(assignment.data_acq_id)),
    rationale: notes.length > 0 ? `${runLabel}; ${notes.join('; ')}` : runLabel,
  });
}
