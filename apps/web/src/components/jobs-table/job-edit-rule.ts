import type { Job } from '@meridian/domain';

/** The job fields a cell can edit. */
export type EditableJobField =
  'customer' | 'location' | 'zip_code' | 'package' | 'start' | 'end' | 'reason';

/**
 * Whether an edit leaves the field as it was, so nothing is sent: an unchanged
 * value is no edit. `reason` always sends: its comment is saved even when it
 * looks the same.
 */
export function isUnchangedEdit(job: Job, field: EditableJobField, value: string): boolean {
  return field !== 'reason' && (job[field] ?? '') === value;
}
