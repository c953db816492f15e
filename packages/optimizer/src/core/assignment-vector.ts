import type { JobAssignment } from '@meridian/domain';
import type { CompiledInstance } from './compile';

/** The slot vector (slot = 2 * job + role, -1 empty) of a list of JobAssignments; unknown ids read as empty. */
export function assignmentVector(
  c: CompiledInstance,
  assignments: readonly JobAssignment[],
): Int32Array {
  const jobIndex = new Map(c.jobIds.map((id, j) => [id, j]));
  const physicistIndex = new Map(c.physicistIds.map((id, p) => [id, p]));
  const vector = new Int32Array(2 * c.jobCount).fill(-1);
  for (const a of assignments) {
    const j = jobIndex.get(a.job_id);
    if (j === undefined) continue;
    vector[2 * j] = a.lead_id == null ? -1 : (physicistIndex.get(a.lead_id) ?? -1);
    vector[2 * j + 1] = a.data_acq_id == null ? -1 : (physicistIndex.get(a.data_acq_id) ?? -1);
  }
  return vector;
}
