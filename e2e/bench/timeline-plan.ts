/**
 * The plan the timeline bench seeds: a roster of physicists and kits, and a
 * schedule CSV of weekday jobs over a year with their people and kits
 * assigned so nobody is double-booked, some slots left open and some leave.
 */

const ZIPS = ['10016', '02115', '60201', '90048', '33629', '80220', '15212', '66160'];
/** Jobs start on this many weekdays (about a year of working days). */
const WORKDAYS = 250;
/** A person's jobs recur every this many weekdays, longer than any job, so none overlap. */
const PERSON_CYCLE = 5;
/** A kit's jobs recur every this many weekdays (jobs last at most 3 days). */
const KIT_CYCLE = 3;

/** A physicist to add through POST /api/v1/physicists/. */
export interface BenchPhysicist {
  name: string;
  role: 'lead' | 'dataacq';
  home_zip: string;
}

/** Half leads, half data acquisition physicists, homes spread over the bench's ZIP codes. */
export function benchPhysicists(count: number): BenchPhysicist[] {
  return Array.from({ length: count }, (_, i) => {
    const role = i % 2 === 0 ? 'lead' : 'dataacq';
    const n = String(Math.floor(i / 2) + 1).padStart(3, '0');
    return {
      name: `Bench ${role === 'lead' ? 'Lead' : 'DAQ'} ${n}`,
      role,
      home_zip: ZIPS[i % ZIPS.length]!,
    };
  });
}

/** Names of the bench's kits. */
export const benchKitNames = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `Bench Kit ${String(i + 1).padStart(2, '0')}`);

/** The ISO date of the n-th weekday from Monday 2026-01-05. */
function weekday(n: number): string {
  const week = Math.floor(n / 5);
  const day = Date.UTC(2026, 0, 5) + (week * 7 + (n % 5)) * 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A schedule CSV of `jobs` jobs lasting 1 to 3 days, spread evenly over a
 * year of weekdays. Each day's k-th job goes to lead and data acquisition
 * physicist k of the day's share of the roster and to a kit; every 9th job
 * has no data acquisition physicist and every 13th no kit (open slots), and
 * each fourth physicist takes one week of leave.
 */
export function benchScheduleCsv(
  jobs: number,
  people: readonly BenchPhysicist[],
  kits: readonly string[],
): string {
  const leads = people.filter((p) => p.role === 'lead').map((p) => p.name);
  const daqs = people.filter((p) => p.role === 'dataacq').map((p) => p.name);
  const perDay = Math.ceil(jobs / WORKDAYS);
  if (
    perDay * PERSON_CYCLE > Math.min(leads.length, daqs.length) ||
    perDay * KIT_CYCLE > kits.length
  )
    throw new Error(`${jobs} jobs need more people or kits than the bench roster has`);
  const lines = [
    'record_type,customer,location,zip_code,package,start,end,assigned_lead,assigned_data_acq,assigned_kit,physicist_name',
  ];
  for (let i = 0; i < jobs; i++) {
    const day = Math.floor(i / perDay);
    const slot = i % perDay;
    const start = weekday(day);
    const end = addDays(start, i % 3);
    const lead = leads[slot + perDay * (day % PERSON_CYCLE)]!;
    const daq = i % 9 === 0 ? '' : daqs[slot + perDay * (day % PERSON_CYCLE)]!;
    const kit = i % 13 === 0 ? '' : kits[slot + perDay * (day % KIT_CYCLE)]!;
    const zip = ZIPS[(i * 7) % ZIPS.length]!;
    lines.push(
      `job,Bench Site ${i},Street ${i},${zip},Linac QA,${start},${end},${lead},${daq},${kit},`,
    );
  }
  people.forEach((person, i) => {
    if (i % 4 !== 0) return;
    const start = addDays('2026-01-05', (i * 11) % 350);
    lines.push(`unavailability,,,,,${start},${addDays(start, 4)},,,,${person.name}`);
  });
  return lines.join('\n');
}
