/**
 * A planner's year with a plan assigned, for benches that need one in the
 * database: 160 physicists (half leads, half data acquisition), 60 kits and
 * 4,000 jobs of 1 to 3 days over 250 weekdays from Monday 2026-01-05, each
 * with its lead, data-acquisition physicist and kit assigned so nobody is
 * double-booked. The scheme is e2e/bench/timeline-plan.ts's (the timeline
 * bench uploads it as a CSV; the API may not import e2e/, so it is written
 * again here as records): a person's jobs recur every 5 weekdays, a kit's
 * every 3; every 9th job has no data-acquisition physicist and every 13th
 * no kit, and every 4th physicist has one week of leave, their jobs in it
 * left open, so the plan keeps every hard rule.
 */
import type { NewKit, NewPhysicist } from '../src/io/parse-roster';
import type { NewJob, NewUnavailability } from '../src/io/parse-schedule';

/** ZIP codes the zip table knows, from both coasts and the middle. */
const ZIPS = ['10016', '02115', '60201', '90048', '33629', '80220', '15212', '66160'];
/** Jobs start on this many weekdays (about a year of working days). */
const WORKDAYS = 250;
/** A person's jobs recur every this many weekdays, longer than any job, so none overlap. */
const PERSON_CYCLE = 5;
/** A kit's jobs recur every this many weekdays (jobs last at most 3 days). */
const KIT_CYCLE = 3;
/** The first day of the year's jobs: a Monday. */
export const YEAR_FIRST_DAY = '2026-01-05';

/** The year's sizes: the target scale. */
export const YEAR = { jobs: 4_000, physicists: 160, kits: 60 } as const;

const DAY_MS = 86_400_000;
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The ISO date of the n-th weekday from YEAR_FIRST_DAY. */
export const weekday = (n: number) => addDays(YEAR_FIRST_DAY, Math.floor(n / 5) * 7 + (n % 5));

/** "Bench Lead 001": the name of lead (or data-acquisition physicist) number `n` from 1. */
export const benchName = (role: 'lead' | 'dataacq', n: number) =>
  `Bench ${role === 'lead' ? 'Lead' : 'DAQ'} ${String(n).padStart(3, '0')}`;

/** A year's records, linked by name as an upload's are. */
export interface YearPlan {
  physicists: NewPhysicist[];
  kits: NewKit[];
  jobs: NewJob[];
  leave: NewUnavailability[];
}

export function yearPlan(
  jobCount: number = YEAR.jobs,
  people: number = YEAR.physicists,
  kitCount: number = YEAR.kits,
): YearPlan {
  const physicists: NewPhysicist[] = Array.from({ length: people }, (_, i) => {
    const role = i % 2 === 0 ? 'lead' : 'dataacq';
    return { name: benchName(role, Math.floor(i / 2) + 1), role, home_zip: ZIPS[i % ZIPS.length]! };
  });
  const kits: NewKit[] = Array.from({ length: kitCount }, (_, i) => ({
    name: `Bench Kit ${String(i + 1).padStart(2, '0')}`,
    current_location_zip: ZIPS[(i * 3) % ZIPS.length]!,
    is_out_for_maintenance: false,
    comments: '',
  }));
  const leads = physicists.filter((p) => p.role === 'lead').map((p) => p.name);
  const daqs = physicists.filter((p) => p.role === 'dataacq').map((p) => p.name);
  const perDay = Math.ceil(jobCount / WORKDAYS);
  if (perDay * PERSON_CYCLE > Math.min(leads.length, daqs.length) || perDay * KIT_CYCLE > kitCount)
    throw new Error(`${jobCount} jobs need more people or kits than ${people} and ${kitCount}`);
  // Every 4th physicist is away one week (Monday to Friday), spread over the year.
  const leave: NewUnavailability[] = physicists.flatMap((p, i) => {
    if (i % 4 !== 0) return [];
    const start = weekday(((i * 11) % (WORKDAYS / 5)) * 5);
    return [{ physicist_name: p.name, start_date: start, end_date: addDays(start, 4) }];
  });
  const away = (name: string, start: string, end: string) =>
    leave.some((l) => l.physicist_name === name && l.start_date <= end && l.end_date >= start);
  const jobs: NewJob[] = Array.from({ length: jobCount }, (_, i) => {
    const day = Math.floor(i / perDay);
    const slot = i % perDay;
    const start = weekday(day);
    const duration = (i % 3) + 1;
    const end = addDays(start, duration - 1);
    const person = slot + perDay * (day % PERSON_CYCLE);
    const lead = leads[person]!;
    const daq = daqs[person]!;
    return {
      customer: `Bench Site ${i}`,
      location: `Street ${i}`,
      zip_code: ZIPS[(i * 7) % ZIPS.length]!,
      package: 'Linac QA',
      reason: '',
      start,
      end,
      duration,
      assigned_lead: away(lead, start, end) ? null : lead,
      assigned_data_acq: i % 9 === 0 || away(daq, start, end) ? null : daq,
      assigned_kit_name: i % 13 === 0 ? null : kits[slot + perDay * (day % KIT_CYCLE)]!.name,
    };
  });
  return { physicists, kits, jobs, leave };
}
