/** The copy of the login landing's three sections, kept apart from layout. */
export interface Highlight {
  title: string;
  text: string;
}

export const WELCOME = {
  eyebrow: 'Meridian Physics',
  title: 'Welcome to Meridian Scheduler',
  lead: 'Every site visit needs a lead physicist, a data-acquisition physicist and an equipment kit in the right city on the right days. Meridian Scheduler keeps the job list, the roster, leave and kit locations in one place, so a week of travel is planned in minutes rather than a morning of spreadsheets.',
  points: [
    'One source of truth for jobs, physicists, kits and leave',
    'Suggestions and assignments you can review, change and export',
    'Built for the physicists who travel and the managers who plan',
  ],
};

export const SCHEDULING = {
  title: 'Intelligent Scheduling',
  lead: 'Sixteen optimisation methods, from a fast greedy pass to an exact mixed-integer solver, all solve the same model and are judged by the same evaluator, so you can compare them honestly.',
  highlights: [
    {
      title: 'Never double-booked',
      text: 'The right role in each slot, no one sent during their leave, no overlapping jobs for a physicist or a kit, and no kit that is out for maintenance.',
    },
    {
      title: 'Fewer miles on the road',
      text: 'Distances from each home zip code to the site are part of the objective, so shorter trips win when everything else is equal.',
    },
    {
      title: 'Fair share of the work',
      text: "Each physicist's target number of jobs is proportional to the days they are available, and the solver keeps everyone close to it.",
    },
    {
      title: 'Your decisions stay put',
      text: 'Assignments made by hand are pinned: the optimiser plans around them instead of overwriting them.',
    },
  ] satisfies Highlight[],
};

export const ANALYTICS = {
  title: 'Data-Driven Analytics',
  lead: 'See what a schedule costs before you commit to it: travel, workload balance and coverage, for the current plan or for every algorithm side by side.',
  highlights: [
    {
      title: 'Travel you can account for',
      text: 'Trips bucketed by distance (0-100, 101-400, 401-1000 and over 1000 miles), with a flag when more than a fifth are long trips.',
    },
    {
      title: 'Workload at a glance',
      text: 'Jobs per physicist, with imbalance called out when the standard deviation exceeds half the mean.',
    },
    {
      title: 'Algorithms compared',
      text: 'Run several methods on the same jobs and compare total miles, workload variance and coverage before choosing one.',
    },
    {
      title: 'Tables that travel',
      text: 'Export jobs, schedules, assignments and leave records to CSV, Excel or PDF for the people who need them.',
    },
  ] satisfies Highlight[],
};
