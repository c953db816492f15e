import type { ReactNode } from 'react';
import { V } from './formula';

/** The hard constraints of the model, in plain words (docs/optimization.md). */
export const HARD_CONSTRAINTS = [
  'The lead slot takes a physicist whose role is lead; the data-acquisition slot one whose role is data acquisition.',
  'No physicist takes a job that overlaps any of their unavailability dates.',
  'No physicist takes two jobs whose dates overlap (start and end days included).',
  'A kit out for maintenance takes no job, and no kit takes two overlapping jobs.',
  'Assignments pinned by hand stay exactly as they are.',
  'A job without a usable location (an empty, null, none, n/a or 0 zip code, or one not in the zip table) is not assigned; it is reported, never silently dropped.',
];

const sub = (name: string, index: string) => (
  <V>
    {name}
    <sub>{index}</sub>
  </V>
);

/** The terms of the objective F and what each one measures. */
export const OBJECTIVE_TERMS: { symbol: string; name: string; meaning: ReactNode }[] = [
  {
    symbol: 'U',
    name: 'unfilled slots',
    meaning: 'The number of empty slots; each job has a lead slot and a data-acquisition slot.',
  },
  {
    symbol: 'D',
    name: 'travel distance',
    meaning: (
      <>
        The sum over filled slots of {sub('d', 'p,j')}, the great-circle (haversine) miles from
        physicist <V>p</V>&apos;s home zip code to job <V>j</V>, with an Earth radius of 3958.8
        miles. Dividing by 100 puts a hundred miles on the same footing as one unit of balance or
        rotation.
      </>
    ),
  },
  {
    symbol: 'B',
    name: 'workload balance',
    meaning: (
      <>
        How far each physicist&apos;s number of jobs {sub('n', 'p')} is from their fair share{' '}
        {sub('t', 'p')}, summed over physicists. The fair share is proportional to availability: the{' '}
        <V>J</V> jobs are split among the physicists of one role in proportion to {sub('a', 'p')},
        the days of the planning horizon (earliest job start to latest job end) on which <V>p</V> is
        not unavailable. Someone on leave for half the horizon is expected to take half as many
        jobs.
      </>
    ),
  },
  {
    symbol: 'R',
    name: 'staff rotation',
    meaning: (
      <>
        Repeat visits to the same customer: {sub('m', 'pc')} is the number of jobs of customer{' '}
        <V>c</V> in which physicist <V>p</V> fills a slot, and every such job beyond the first
        counts once. Customer names are compared trimmed and case-insensitive.
      </>
    ),
  },
];
