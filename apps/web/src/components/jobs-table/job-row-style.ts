import type { Row } from '@tanstack/react-table';
import type { SxProps, Theme } from '@mui/material/styles';
import { includesWeekend, isMissingZip, type Job } from '@meridian/domain';

/** The highlight class of a job row: red for a missing zip, yellow for a weekend inside the range. */
export function jobRowClass(job: Job): string | undefined {
  if (isMissingZip(job.zip_code)) return 'job-missing-zip';
  if (job.start && includesWeekend(job.start, job.end ?? job.start)) return 'job-weekend';
  return undefined;
}

/** Row attributes for VirtualTable: the highlight class and a test id per job. */
export const jobRowProps = (row: Row<Job>) => ({
  className: jobRowClass(row.original),
  'data-testid': `job-row-${row.original.id}`,
});

/**
 * The blinking highlights: red for a missing zip, yellow for a range over a
 * weekend day. Blinking draws the eye to rows that need a fix; people who ask
 * the system for reduced motion get the same colours without the animation.
 */
export const jobRowSx: Exclude<SxProps<Theme>, readonly unknown[]> = {
  '@keyframes blink-red': {
    '0%, 100%': { backgroundColor: 'rgba(244, 67, 54, 0.30)' },
    '50%': { backgroundColor: 'rgba(244, 67, 54, 0.08)' },
  },
  '@keyframes blink-yellow': {
    '0%, 100%': { backgroundColor: 'rgba(255, 193, 7, 0.35)' },
    '50%': { backgroundColor: 'rgba(255, 193, 7, 0.10)' },
  },
  '&.job-missing-zip': {
    backgroundColor: 'rgba(244, 67, 54, 0.22)',
    animation: 'blink-red 1.6s ease-in-out infinite',
  },
  '&.job-weekend': {
    backgroundColor: 'rgba(255, 193, 7, 0.25)',
    animation: 'blink-yellow 1.6s ease-in-out infinite',
  },
  '@media (prefers-reduced-motion: reduce)': {
    '&.job-missing-zip, &.job-weekend': { animation: 'none' },
  },
};
