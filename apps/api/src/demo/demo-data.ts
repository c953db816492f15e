import { composeReason, includesWeekend, rangesOverlap, type IsoDate } from '@meridian/domain';
import { addDays } from '../io/date-input';
import type { NewKit, NewPhysicist } from '../io/parse-roster';
import type { NewJob, NewUnavailability } from '../io/parse-schedule';
import { lookupZip } from '../io/zip-table';
import {
  CUSTOMER_PATTERNS,
  DEMO_COMMENTS,
  DEMO_METROS,
  DEMO_PACKAGES,
  FIRST_NAMES,
  KIT_BASES,
  LAST_NAMES,
  type DemoMetro,
} from './demo-data-catalogue';
import { demoRandom, type DemoRandom } from './demo-data-random';
import { staffPastJobs } from './demo-history';

/** A complete demo data set; records link by name, the database assigns ids. */
export interface DemoData {
  physicists: NewPhysicist[];
  kits: NewKit[];
  jobs: NewJob[];
  unavailability: NewUnavailability[];
  /** Days a few physicists would rather not work (soft: the optimiser pays to avoid them). */
  preferences: DemoPreference[];
}

/** One physicist's stated preferences, by name. */
export interface DemoPreference {
  physicist_name: string;
  /** Dates to avoid, in order. */
  avoid_dates: IsoDate[];
  /** ISO weekdays to avoid, 1 = Monday to 7 = Sunday. */
  avoid_weekdays: number[];
}

/** Sizes of the demo data set. */
export const DEMO_COUNTS = {
  physicists: 40,
  kits: 12,
  jobs: 600,
  unavailability: 60,
  preferences: 4,
} as const;
/** The jobs span this many days before and after "today" (about six months in all). */
export const DEMO_WINDOW_DAYS = 91;
const MISSING_ZIP_JOBS = 6; // 1% of the jobs, to show the red highlight
const WEEKEND_SPAN_SHARE = 0.07;
const COMMENT_SHARE = 0.1;

interface Customer {
  name: string;
  zip: string;
  location: string;
  /** Bigger for a few regulars: the same sites come back every quarter. */
  weight: number;
}

/** Day of week, 0 = Sunday, of an ISO date. */
function weekday(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function placeOf(zip: string): string {
  const row = lookupZip(zip);
  return row ? `${row.city}, ${row.state}` : '';
}

function makePhysicists(random: DemoRandom): NewPhysicist[] {
  // First homes of every metro, then second homes of the bigger ones: national coverage.
  const byWeight = [...DEMO_METROS].sort((a, b) => b.weight - a.weight);
  const homes: string[] = [];
  for (let round = 0; homes.length < DEMO_COUNTS.physicists; round++) {
    for (const metro of byWeight) {
      const home = metro.homes[round];
      if (home && homes.length < DEMO_COUNTS.physicists) homes.push(home);
    }
  }
  const firsts = shuffle(random, FIRST_NAMES);
  const lasts = shuffle(random, LAST_NAMES);
  const roles = shuffle(
    random,
    homes.map((_, i) => (i % 2 === 0 ? ('lead' as const) : ('dataacq' as const))),
  );
  return homes.map((home_zip, i) => ({
    name: `${firsts[i % firsts.length]} ${lasts[i % lasts.length]}`,
    role: roles[i]!,
    home_zip,
  }));
}

function makeKits(random: DemoRandom): NewKit[] {
  const inMaintenance = random.int(0, KIT_BASES.length - 1);
  const extras = ['', '', 'Includes ACR MRI phantom', 'Includes mammography phantom', ''];
  return KIT_BASES.map((zip, i) => ({
    name: `Kit ${String(i + 1).padStart(2, '0')}`,
    current_location_zip: zip,
    is_out_for_maintenance: i === inMaintenance,
    comments:
      i === inMaintenance
        ? 'Electrometer away for annual calibration at the ADCL'
        : random.pick(extras),
  }));
}

function makeCustomers(random: DemoRandom, metro: DemoMetro): Customer[] {
  const count = Math.max(2, Math.round(metro.weight * 1.5));
  const names = new Set<string>();
  const customers: Customer[] = [];
  for (let attempt = 0; customers.length < count && attempt < 100; attempt++) {
    const name = random
      .pick(CUSTOMER_PATTERNS)
      .replace('{L}', random.pick(metro.localNames))
      .replace('{C}', metro.city);
    if (names.has(name)) continue;
    names.add(name);
    const zip = metro.sites[customers.length % metro.sites.length]!;
    const street = `${random.int(10, 4900)} ${random.pick(['Medical Center Dr', 'Hospital Way', 'Main St', 'University Ave', 'Park Blvd', 'Health Pkwy'])}`;
    customers.push({
      name,
      zip,
      location: `${street}, ${placeOf(zip)}`,
      weight: customers.length < 2 ? 4 : 1,
    });
  }
  return customers;
}

/** A start and end near `day`: weekdays only, except for the share that spans a weekend. */
function placeVisit(
  random: DemoRandom,
  day: IsoDate,
  days: number,
): { start: IsoDate; end: IsoDate } {
  let start = day;
  if (random.chance(WEEKEND_SPAN_SHARE)) {
    // Weekend work happens: multi-day visits from Friday, single days on Saturday.
    while (weekday(start) !== (days > 1 ? 5 : 6)) start = addDays(start, 1);
  } else {
    while (includesWeekend(start, addDays(start, days - 1))) start = addDays(start, 1);
  }
  return { start, end: addDays(start, days - 1) };
}

function makeJobs(random: DemoRandom, today: IsoDate): NewJob[] {
  const metros = DEMO_METROS.map((metro) => ({ metro, customers: makeCustomers(random, metro) }));
  const jobs: NewJob[] = [];
  const taken = new Set<string>();
  while (jobs.length < DEMO_COUNTS.jobs) {
    const { customers } = random.weighted(metros, (m) => m.metro.weight);
    const customer = random.weighted(customers, (c) => c.weight);
    const pkg = random.weighted(DEMO_PACKAGES, (p) => p.weight);
    const days = random.pick(pkg.days);
    const day = addDays(today, random.int(-DEMO_WINDOW_DAYS, DEMO_WINDOW_DAYS - days));
    const { start, end } = placeVisit(random, day, days);
    // One site does not book two visits starting the same day.
    if (taken.has(`${customer.name}|${start}`)) continue;
    taken.add(`${customer.name}|${start}`);
    jobs.push({
      customer: customer.name,
      location: customer.location,
      zip_code: customer.zip,
      package: pkg.name,
      start,
      end,
      duration: days,
      reason: composeReason({
        comment: random.chance(COMMENT_SHARE) ? random.pick(DEMO_COMMENTS) : '',
      }),
      assigned_lead: null,
      assigned_data_acq: null,
      assigned_kit_name: null,
    });
  }
  jobs.sort((a, b) => a.start.localeCompare(b.start) || a.customer.localeCompare(b.customer));
  // Spread evenly over the list so the missing zips are not all in one week.
  const missing = ['', 'N/A', '0', 'none', '', 'n/a'];
  for (let k = 0; k < MISSING_ZIP_JOBS; k++) {
    const job = jobs[Math.floor(((k + 0.5) * jobs.length) / MISSING_ZIP_JOBS)]!;
    job.zip_code = missing[k % missing.length]!;
  }
  return jobs;
}

function makeLeave(
  random: DemoRandom,
  today: IsoDate,
  physicists: readonly NewPhysicist[],
): NewUnavailability[] {
  const records: NewUnavailability[] = [];
  for (let attempt = 0; records.length < DEMO_COUNTS.unavailability && attempt < 1000; attempt++) {
    const who = random.pick(physicists).name;
    // A day off, a long weekend, a week, or a week and a bit (conference plus holiday).
    const days = random.weighted([1, 2, 3, 5, 7, 10], (d) => (d === 5 ? 3 : d >= 7 ? 1 : 2));
    let start = addDays(today, random.int(-DEMO_WINDOW_DAYS, DEMO_WINDOW_DAYS - days));
    while (weekday(start) === 0 || weekday(start) === 6) start = addDays(start, 1);
    if (days === 5) while (weekday(start) !== 1) start = addDays(start, 1);
    const end = addDays(start, days - 1);
    const clash = records.some(
      (r) => r.physicist_name === who && rangesOverlap(r.start_date, r.end_date, start, end),
    );
    if (!clash) records.push({ physicist_name: who, start_date: start, end_date: end });
  }
  return records.sort((a, b) => a.start_date.localeCompare(b.start_date));
}

/**
 * A tenth of the physicists state preferences: a weekday they would rather
 * not travel (Monday or Friday) and a few dates in the coming weeks (a
 * school play, a wedding), as a team's members tell their planner.
 */
function makePreferences(
  random: DemoRandom,
  today: IsoDate,
  physicists: readonly NewPhysicist[],
): DemoPreference[] {
  return shuffle(random, physicists)
    .slice(0, DEMO_COUNTS.preferences)
    .map((p) => {
      const dates = new Set<IsoDate>();
      const count = random.int(1, 3);
      while (dates.size < count) dates.add(addDays(today, random.int(7, DEMO_WINDOW_DAYS)));
      return {
        physicist_name: p.name,
        avoid_dates: [...dates].sort(),
        avoid_weekdays: [random.pick([1, 5])],
      };
    })
    .sort((a, b) => a.physicist_name.localeCompare(b.physicist_name));
}

function shuffle<T>(random: DemoRandom, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A realistic national demo data set around `today`: 40 physicists in 38
 * metros, 12 kits (one in maintenance), 600 jobs over six months (those begun
 * before today staffed as the team's history, the rest unassigned),
 * 60 leave records and 4 physicists' preferences. Pure: the same seed and today give the same data.
 */
export function generateDemoData(options: { today: IsoDate; seed?: number }): DemoData {
  const random = demoRandom(options.seed ?? 20_260_101);
  const physicists = makePhysicists(random);
  const kits = makeKits(random);
  const jobs = makeJobs(random, options.today);
  const unavailability = makeLeave(random, options.today, physicists);
  // Draws nothing: the past is staffed from the data above.
  staffPastJobs(jobs, physicists, unavailability, options.today);
  // Drawn last, so the data drawn before it stays as it was.
  const preferences = makePreferences(random, options.today, physicists);
  return { physicists, kits, jobs, unavailability, preferences };
}
