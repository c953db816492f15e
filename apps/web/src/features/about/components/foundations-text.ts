/** The hard constraints of the model, in plain words (docs/optimization.md). */
export const HARD_CONSTRAINTS = [
  'The lead slot takes a physicist whose role is lead; the data-acquisition slot one whose role is data acquisition.',
  'No physicist takes a job that overlaps any of their unavailability dates.',
  'No physicist takes two jobs whose dates overlap (start and end days included).',
  'A kit out for maintenance takes no job, and no kit takes two overlapping jobs.',
  'Assignments pinned by hand stay exactly as they are.',
  'A job without a usable location (an empty, null, none, n/a or 0 zip code, or one not in the zip table) is not assigned; it is reported, never silently dropped.',
];

/** The terms of the objective F and what each one measures. */
export const OBJECTIVE_TERMS = [
  {
    symbol: 'U',
    name: 'unfilled slots',
    meaning: 'The number of empty slots; each job has a lead slot and a data-acquisition slot.',
  },
  {
    symbol: 'D',
    name: 'travel distance',
    meaning:
      "The sum, over filled slots, of the great-circle (haversine) miles from the physicist's home zip code to the job, with an Earth radius of 3958.8 miles.",
  },
  {
    symbol: 'B',
    name: 'workload balance',
    meaning:
      "How far each physicist's number of jobs n_p is from their fair share t_p, summed over physicists. The fair share is proportional to availability: J jobs are split among the physicists of one role in proportion to a_p, the days of the planning horizon (earliest job start to latest job end) on which p is not unavailable.",
  },
  {
    symbol: 'R',
    name: 'staff rotation',
    meaning:
      'Repeat visits: for each physicist p and customer c, every job of c that p works beyond the first counts once (m_pc is the number of jobs of customer c in which p fills a slot; customer names are compared trimmed and case-insensitive).',
  },
];
