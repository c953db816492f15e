import { dayInWords } from '../../lib/plan-phase';

/** "1 person", "4 people", or "nobody". */
const people = (count: number) =>
  count === 0 ? 'nobody' : count === 1 ? '1 person' : `${count} people`;

/** What a publish would do, in words: "3 jobs become published; 2 people will be told". */
export function previewText(jobs: number, told: number): string {
  const published =
    jobs === 0
      ? 'No more jobs become published'
      : `${jobs} job${jobs === 1 ? ' becomes' : 's become'} published`;
  return `${published}; ${people(told)} will be told of new or changed jobs.`;
}

/** The toast after a publish: "Published through 16 Jan 2026: 4 people told". */
export const publishedToast = (through: string, notified: number): string =>
  `Published through ${dayInWords(through)}: ${people(notified)} told`;
