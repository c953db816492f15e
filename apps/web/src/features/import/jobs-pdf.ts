import { parseReason, type Job } from '@meridian/domain';
import type { PdfTable } from '../../lib/export-pdf';

/** The Data Management rows as the PDF prints them (the filtered view, in table order). */
export function jobsPdfTable(title: string, jobs: readonly Job[]): PdfTable {
  return {
    title,
    columns: [
      '#',
      'Customer',
      'Location',
      'Zip',
      'Package',
      'Start',
      'End',
      'Days',
      'Region',
      'Comment',
    ],
    rows: jobs.map((job, index) => [
      String(index + 1).padStart(3, '0'),
      job.customer,
      job.location,
      job.zip_code,
      job.package,
      job.start,
      job.end,
      job.duration,
      job.region,
      parseReason(job.reason).comment,
    ]),
  };
}
