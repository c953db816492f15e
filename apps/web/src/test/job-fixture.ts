import type { JobRecord } from '@meridian/contracts';
import type { Job } from '@meridian/domain';

/** A job for unit tests: an unassigned one-day job at 10016, with the given fields instead. */
export const testJob = (fields: Partial<Job> = {}): Job => ({
  id: 1,
  customer: `Customer ${fields.id ?? 1}`,
  location: '',
  zip_code: '10016',
  package: '',
  start: '2026-03-02',
  end: '2026-03-02',
  duration: null,
  reason: '',
  version: 1,
  assigned_lead: null,
  assigned_lead_id: null,
  assigned_data_acq: null,
  assigned_data_acq_id: null,
  assigned_kit_id: null,
  assigned_kit_name: null,
  kit_location: null,
  region: null,
  ...fields,
});

/** A job as the API lists it (JobRecord): testJob with no pinned slot, then the given fields. */
export const testJobRecord = (fields: Partial<JobRecord> = {}): JobRecord => ({
  ...testJob(fields),
  lead_pinned: false,
  data_acq_pinned: false,
  kit_pinned: false,
  phase: 'draft',
  ...fields,
});
