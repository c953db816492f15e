import type { Job } from '@meridian/domain';
import type { EditableJobField } from './use-job-edit';

/**
 * Whether an edit leaves the field as it was, so nothing is sent (spec section
 * 5). `reason` always sends: its comment is saved even when it looks the same.
 */
export function isUnchangedEdit(job: Job, field: EditableJobField, value: string): boolean {
  return field !== 'reason' && (job[field] ?? '') === value;
}
