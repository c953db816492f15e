import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dayNumber, fromDayNumber } from '@meridian/domain';
import type { Instance, InstanceJob, InstancePhysicist } from '@meridian/domain';
import { Rng } from '../src/core/rng';
import { METROS } from './metros';

const FIRST_DAY = dayNumber('2027-01-04'); // a Monday
const SURNAMES = [
  'Park',
  'Okafor',
  'Silva',
  'Nguyen',
  'Kowalski',
  'Haddad',
  'Moreau',
  'Ito',
  'Reyes',
  'Brandt',
];

/** What differs between the bench's sizes and a planner's year. */
export interface GenerateOptions {
  /**
   * Weeks the jobs' starts span. Absent: as many as keep a role's job-days per
   * weekday near 55% of its staff (the bench's JOBSxPHYSICISTS sizes).
   */
  readonly weeks?: number;
  /**
   * 'sparse': a third of the staff has one or two 3-10 day ranges (the
   * bench's sizes). 'annual': everyone has a year's leave (see annualLeave).
   */
  readonly leave?: 'sparse' | 'annual';
  /** Share of jobs with a pinned slot (default 0.01: leads only). */
  readonly pinnedShare?: number;
  /**
   * Share of the horizon's days (0 to 1) each physicist asks to avoid (the
   * preference term), drawn at random per physicist. Absent: nobody states a
   * preference, and the instance is exactly the one without this option.
   */
  readonly preferences?: number;
}

/**
 * The year a planner plans: about 4,000 jobs for 160 physicists over 52
 * weeks, everyone with a year's leave, 3% of jobs with a slot pinned by hand.
 */
export const YEAR_PRESET = {
  jobs: 4000,
  physicists: 160,
  options: { weeks: 52, leave: 'annual', pinnedShare: 0.03 },
} as const satisfies { jobs: number; physicists: number; options: GenerateOptions };

/**
 * A realistic national instance from a seed: physicists of both roles living
 * in US metros (weighted by size), customers clustered round metros with
 * repeat visits, 1-3 day jobs starting on weekdays, leave ranges, a few
 * pinned slots and a few jobs without coordinates. Starts are spread so that
 * no day needs more of a role than are available that day. Without options
 * the instance is the one the bench's tables were measured on.
 */
export function generateInstance(
  seed: number,
  jobCount: number,
  physicistCount: number,
  options: GenerateOptions = {},
): Instance {
  const rng = new Rng(seed);
  const totalWeight = METROS.reduce((s, m) => s + m[3], 0);
  const metro = () => {
    let u = rng.next() * totalWeight;
    for (const m of METROS) if ((u -= m[3]) < 0) return m;
    return METROS[0]!;
  };
  const around = (spread: number, [, lat, lon] = metro()) => ({
    lat: round(lat + gauss(rng) * spread),
    lon: round(lon + gauss(rng) * spread * 1.3),
  });
  const perRole = Math.max(1, Math.floor(physicistCount / 2));
  // Job-days per role per weekday kept near 55% of the staff: the horizon follows from that.
  const weekdays = options.weeks
    ? options.weeks * 5
    : Math.ceil((jobCount * 1.8) / (0.55 * perRole));
  const horizonDays = Math.ceil((weekdays * 7) / 5);

  const physicists: InstancePhysicist[] = Array.from({ length: physicistCount }, (_, i) => {
    const leave =
      options.leave === 'annual'
        ? annualLeave(rng, horizonDays)
        : Array.from({ length: rng.next() < 0.35 ? 1 + rng.int(2) : 0 }, () => {
            const start = FIRST_DAY + rng.int(horizonDays);
            return { start: fromDayNumber(start), end: fromDayNumber(start + 2 + rng.int(8)) };
          });
    return {
      id: `p${i + 1}`,
      name: `${String.fromCharCode(65 + (i % 26))}. ${SURNAMES[i % SURNAMES.length]} ${i + 1}`,
      role: i % 2 === 0 ? 'lead' : 'dataacq',
      ...around(0.4),
      unavailable: leave,
    };
  });

  const customers = Array.from({ length: Math.max(2, Math.round(jobCount / 3)) }, (_, i) => {
    const where = metro();
    return { name: `${where[0]} Medical Center ${i + 1}`, ...around(0.8, where) };
  });
  const busy = new Map<number, number>(); // day -> jobs that day (each job needs one of each role)
  const staffCount = new Map<number, number>(); // day -> leads not on leave (memo)
  const staffOn = (day: number) => {
    let count = staffCount.get(day);
    if (count === undefined) {
      count = physicists.filter(
        (p) =>
          p.role === 'lead' &&
          !p.unavailable.some((r) => dayNumber(r.start) <= day && day <= dayNumber(r.end)),
      ).length;
      staffCount.set(day, count);
    }
    return count;
  };
  const jobs: InstanceJob[] = [];
  for (let i = 0; i < jobCount; i++) {
    const customer = rng.pick(customers);
    const length = rng.next() < 0.4 ? 1 : rng.next() < 0.67 ? 2 : 3;
    let start = FIRST_DAY + rng.int(horizonDays);
    if (rng.next() < 0.92) while (isWeekend(start)) start++;
    // Keep the daily peak within the staff available that day (both roles are generated alike).
    for (let tries = 0; tries < 30 && !fits(start, length, busy, staffOn); tries++)
      start += 1 + rng.int(5);
    for (let d = start; d < start + length; d++) busy.set(d, (busy.get(d) ?? 0) + 1);
    const noCoords = rng.next() < 0.01;
    jobs.push({
      id: `j${i + 1}`,
      customer: customer.name,
      lat: noCoords ? null : customer.lat,
      lon: noCoords ? null : customer.lon,
      start: fromDayNumber(start),
      end: fromDayNumber(start + length - 1),
      lead_id: null,
      data_acq_id: null,
      kit_id: null,
    });
  }
  if (options.pinnedShare === undefined) pinSome(jobs, physicists, rng);
  else pinShare(jobs, physicists, rng, options.pinnedShare);
  if (options.preferences !== undefined)
    statePreferences(physicists, seed, horizonDays, options.preferences);
  return {
    weights: { proximity: 0.5, job_balance: 0.3, staff_rotation: 0.2 },
    physicists,
    jobs,
    kits: Array.from({ length: Math.max(2, Math.round(jobCount / 20)) }, (_, i) => ({
      id: `k${i + 1}`,
      name: `Kit ${i + 1}`,
      ...around(0.3),
      is_out_for_maintenance: rng.next() < 0.1,
    })),
  };
}

/**
 * Gives every physicist `share` of the horizon's days to avoid, distinct
 * days drawn at random. A generator of its own (from the seed), so the rest
 * of the instance is drawn exactly as without preferences.
 */
function statePreferences(
  physicists: InstancePhysicist[],
  seed: number,
  horizonDays: number,
  share: number,
): void {
  const rng = new Rng(seed * 7919 + 104_729);
  const count = Math.round(share * horizonDays);
  const days = Array.from({ length: horizonDays }, (_, d) => FIRST_DAY + d);
  for (const p of physicists) {
    p.avoid_dates = rng
      .shuffle([...days])
      .slice(0, count)
      .sort((a, b) => a - b)
      .map(fromDayNumber);
  }
}

/** Pins about 1% of jobs to a lead who is free then (as a manager would, by hand). */
function pinSome(jobs: InstanceJob[], physicists: InstancePhysicist[], rng: Rng): void {
  const leads = physicists.filter((p) => p.role === 'lead');
  for (let k = 0; k < Math.max(1, Math.round(jobs.length / 100)); k++) {
    const job = rng.pick(jobs);
    if (job.lat == null) continue;
    const lead = leads.find(
      (p) =>
        p.unavailable.every((r) => r.end < job.start || r.start > job.end) &&
        jobs.every((o) => o.lead_id !== p.id || o.end < job.start || o.start > job.end),
    );
    if (lead) job.lead_id = lead.id;
  }
}

/**
 * A year's leave for one physicist: 20 to 29 days of holiday in two to four
 * blocks (whole weeks or long weekends, Monday or Friday aligned), and zero to
 * four single sick days, all inside the horizon; blocks may touch or overlap,
 * as two requests sometimes do.
 */
function annualLeave(rng: Rng, horizonDays: number): { start: string; end: string }[] {
  const ranges: { start: string; end: string }[] = [];
  let holiday = 20 + rng.int(10);
  const blocks = 2 + rng.int(3);
  for (let b = 0; b < blocks && holiday > 0; b++) {
    const length = b === blocks - 1 ? holiday : Math.min(holiday, 3 + rng.int(9));
    holiday -= length;
    // Start on a Monday (or the Friday before a long weekend) somewhere in the year.
    const monday = FIRST_DAY + 7 * rng.int(Math.max(1, Math.floor(horizonDays / 7)));
    const start = rng.next() < 0.25 ? monday - 3 : monday;
    // `length` working days: weekends inside the block are leave too.
    const end = start + length - 1 + 2 * Math.floor((length - 1) / 5);
    ranges.push({ start: fromDayNumber(start), end: fromDayNumber(end) });
  }
  for (let k = rng.int(5); k > 0; k--) {
    const day = FIRST_DAY + rng.int(horizonDays);
    ranges.push({ start: fromDayNumber(day), end: fromDayNumber(day) });
  }
  return ranges;
}

/**
 * Pins one slot (the lead's two times in three, else the data-acq's) of
 * about `share` of the jobs to a physicist free then, picked among the five
 * nearest of that role who are (a manager pinning someone plausible).
 */
function pinShare(
  jobs: InstanceJob[],
  physicists: InstancePhysicist[],
  rng: Rng,
  share: number,
): void {
  const held = new Map<string, InstanceJob[]>();
  for (const job of rng.shuffle([...jobs]).slice(0, Math.round(share * jobs.length))) {
    if (job.lat == null || job.lon == null) continue;
    const role = rng.next() < 2 / 3 ? 'lead' : 'dataacq';
    const free = physicists.filter(
      (p) =>
        p.role === role &&
        p.unavailable.every((r) => r.end < job.start || r.start > job.end) &&
        (held.get(p.id) ?? []).every((o) => o.end < job.start || o.start > job.end),
    );
    const nearest = free
      .map((p) => ({ p, d: (p.lat - job.lat!) ** 2 + ((p.lon - job.lon!) * 0.77) ** 2 }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 5);
    if (nearest.length === 0) continue;
    const { p } = rng.pick(nearest);
    if (role === 'lead') job.lead_id = p.id;
    else job.data_acq_id = p.id;
    held.set(p.id, [...(held.get(p.id) ?? []), job]);
  }
}

function fits(
  start: number,
  length: number,
  busy: Map<number, number>,
  staffOn: (d: number) => number,
) {
  for (let d = start; d < start + length; d++)
    if ((busy.get(d) ?? 0) + 1 > 0.8 * staffOn(d)) return false;
  return true;
}
const isWeekend = (day: number) => [0, 6].includes(new Date(day * 86_400_000).getUTCDay());
const round = (x: number) => Math.round(x * 10_000) / 10_000;
/** Standard normal by Box-Muller. */
function gauss(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

// Run directly: tsx bench/generate.ts --jobs 400 --physicists 40 --seed 1 --out file.json
// (or --year for the YEAR_PRESET).
if (process.argv[1]?.endsWith('generate.ts')) {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string' },
      physicists: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      year: { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed ?? 1);
  const instance = values.year
    ? generateInstance(seed, YEAR_PRESET.jobs, YEAR_PRESET.physicists, YEAR_PRESET.options)
    : generateInstance(seed, Number(values.jobs ?? 150), Number(values.physicists ?? 20));
  const text = JSON.stringify(instance, null, 2);
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text + '\n');
}
