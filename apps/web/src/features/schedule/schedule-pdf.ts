import { parseReason, type Job } from '@meridian/domain';
import type { PdfTable } from '../../lib/export-pdf';

/** The Job Ingestion & Review rows as the PDF prints them. */
export function schedulePdfTable(jobs: readonly Job[]): PdfTable {
  return {
    title: 'Job Ingestion & Review',
    columns: [
      '#',
      'Customer',
      'Zip',
      'Start',
      'End',
      'Candidates',
      'Lead',
      'Data Acq',
      'Kit',
      'Region',
    ],
    rows: jobs.map((job, index) => [
      String(index + 1).padStart(3, '0'),
      job.customer,
      job.zip_code,
      job.start,
      job.end,
      parseReason(job.reason).summary,
      job.assigned_lead,
      job.assigned_data_acq,
      job.assigned_kit_name,
      job.region,
    ]),
  };
}
