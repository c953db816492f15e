import { checkHardConstraints, DEFAULT_WEIGHTS, type JobAssignment } from '@meridian/domain';
import { sql } from 'kysely';
import { InstanceBuilder } from '../src/services/instance-builder';
import { InstanceRepository } from '../src/repositories/instance.repository';
import { createTestApp, type TestApp } from './support/test-app';

/** Ids of the small schedule seeded for task, optimisation and analytics tests. */
export interface Seeded {
  leads: number[];
  acqs: number[];
  kits: number[];
  jobs: number[];
}

/**
 * Seeds a small national schedule straight into the tables: 3 leads, 3
 * data-acquisition physicists, 3 kits (one in maintenance), 8 jobs (one with
 * an unusable zip, one without dates), one leave record.
 */
export async function seedSchedule(t: TestApp): Promise<Seeded> {
  const db = t.database.db;
  const people = await db
    .insertInto('physicists')
    .values([
      { name: 'Ada Lead', role: 'lead', home_zip: '10001' },
      { name: 'Ben Lead', role: 'lead', home_zip: '60601' },
      { name: 'Cy Lead', role: 'lead', home_zip: '90012' },
      { name: 'Dee Acq', role: 'dataacq', home_zip: '02108' },
      { name: 'Eve Acq', role: 'dataacq', home_zip: '77002' },
      { name: 'Fay Acq', role: 'dataacq', home_zip: '98101' },
    ])
    .returning(['id', 'role'])
    .execute();
  const kits = await db
    .insertInto('kits')
    .values([
      { name: 'Kit East', current_location_zip: '10001' },
      { name: 'Kit West', current_location_zip: '90012' },
      { name: 'Kit Broken', current_location_zip: '60601', is_out_for_maintenance: true },
    ])
    .returning('id')
    .execute();
  const job = (customer: string, zip: string, start: string | null, end: string | null) => ({
    customer,
    zip_code: zip,
    location: customer,
    start_date: start,
    end_date: end,
  });
  const jobs = await db
    .insertInto('jobs')
    .values([
      job('Mercy Hospital', '10016', '2027-01-04', '2027-01-05'),
      job('Lakeside Clinic', '60611', '2027-01-04', '2027-01-06'),
      job('Sunset Imaging', '90027', '2027-01-05', '2027-01-05'),
      job('Mercy Hospital', '10016', '2027-01-11', '2027-01-12'),
      job('Harbor Health', '98104', '2027-01-07', '2027-01-08'),
      job('Bayou Cancer Center', '77030', '2027-01-12', '2027-01-13'),
      job('No Place', 'n/a', '2027-01-06', '2027-01-06'),
      job('Undated', '10016', null, null),
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('unavailability')
    .values({ physicist_name: 'Ben Lead', start_date: '2027-01-11', end_date: '2027-01-15' })
    .execute();
  return {
    leads: people.filter((p) => p.role === 'lead').map((p) => p.id),
    acqs: people.filter((p) => p.role === 'dataacq').map((p) => p.id),
    kits: kits.map((k) => k.id),
    jobs: jobs.map((j) => j.id),
  };
}

/** The overlapping clinic jobs and lead/data-acquisition pairs a replay test adds to seedSchedule's. */
export interface ReplayClinics {
  readonly jobs: number;
  /** The month of the jobs, YYYY-MM. */
  readonly month: string;
  /** Job i starts on day 1 + ((i * dayStride) % dayModulo) and lasts 1 to 3 days (i % 3 extra). */
  readonly dayStride: number;
  readonly dayModulo: number;
  /** Job i is at `Clinic ${i % clinics}`, in zips[i % zips.length]. */
  readonly clinics: number;
  readonly zips: readonly string[];
  /** One pair per zip: `Lead k` and `Acq k` living there. */
  readonly homeZips: readonly string[];
}

/**
 * Adds enough overlapping jobs that a search has choices to make (and a seed
 * changes its answer), and a lead and a data-acquisition physicist per home
 * zip: the schedule the replay tests (runs and applied previews) optimise.
 */
export async function seedReplayClinics(t: TestApp, spec: ReplayClinics): Promise<void> {
  const date = (d: number) => `${spec.month}-${String(d).padStart(2, '0')}`;
  await t.database.db
    .insertInto('jobs')
    .values(
      Array.from({ length: spec.jobs }, (_, i) => {
        const day = 1 + ((i * spec.dayStride) % spec.dayModulo);
        return {
          customer: `Clinic ${i % spec.clinics}`,
          zip_code: spec.zips[i % spec.zips.length]!,
          location: `Clinic ${i % spec.clinics}`,
          start_date: date(day),
          end_date: date(day + (i % 3)),
        };
      }),
    )
    .execute();
  await t.database.db
    .insertInto('physicists')
    .values(
      spec.homeZips.flatMap((zip, i) => [
        { name: `Lead ${i}`, role: 'lead', home_zip: zip },
        { name: `Acq ${i}`, role: 'dataacq', home_zip: zip },
      ]),
    )
    .execute();
}

/**
 * The app a replay test starts: runs as the web starts them (no iteration
 * cap, only `optimizeTimeLimitMs`), starts enough for a dozen runs in a
 * minute or two (above the default of 10 per minute per user), and
 * seedSchedule's schedule with `clinics` added.
 */
export async function createReplayApp(
  optimizeTimeLimitMs: number,
  clinics: ReplayClinics,
): Promise<TestApp> {
  const t = await createTestApp({ tasks: { optimizeTimeLimitMs, taskRatePerMinute: 100 } });
  await seedSchedule(t);
  await seedReplayClinics(t, clinics);
  return t;
}

/** The stored slots of every job, for "nothing changed" comparisons. */
export function storedSlots(t: TestApp) {
  return t.database.db
    .selectFrom('jobs')
    .select([
      'id',
      'assigned_lead_id',
      'assigned_data_acq_id',
      'assigned_kit_id',
      'reason',
      'version',
      'lead_pinned',
    ])
    .orderBy('id')
    .execute();
}

/** Hard-constraint violations of the stored schedule (domain checker on the stored data). */
export async function storedViolations(t: TestApp) {
  const built = await new InstanceBuilder(
    new InstanceRepository(),
    t.app.services.planWindow,
  ).build(t.database.db, DEFAULT_WEIGHTS);
  const rows = await storedSlots(t);
  const assignments: JobAssignment[] = rows
    .filter((r) => built.jobs.has(String(r.id)))
    .map((r) => ({
      job_id: String(r.id),
      lead_id: r.assigned_lead_id === null ? null : String(r.assigned_lead_id),
      data_acq_id: r.assigned_data_acq_id === null ? null : String(r.assigned_data_acq_id),
      kit_id: r.assigned_kit_id === null ? null : String(r.assigned_kit_id),
    }));
  return checkHardConstraints(built.instance, assignments);
}

/** Pins a physicist into a slot the way manual assignment does. */
export async function pin(t: TestApp, jobId: number, slot: 'lead' | 'data_acq', id: number) {
  const set =
    slot === 'lead'
      ? { assigned_lead_id: id, lead_pinned: true }
      : { assigned_data_acq_id: id, data_acq_pinned: true };
  await t.database.db
    .updateTable('jobs')
    .set({ ...set, version: sql`version + 1` })
    .where('id', '=', jobId)
    .execute();
}

/** One parsed Server-Sent Event. */
export interface SseEvent {
  id: string | null;
  data: unknown;
}

/** Parses an SSE body into events (comments and keep-alives skipped). */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.split('\n').some((line) => line.startsWith('data:')))
    .map((block) => {
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return { id, data: JSON.parse(data.join('\n')) as unknown };
    });
}

/** Reads a whole stream (it ends after the final event) through inject. */
export async function readStream(t: TestApp, url: string, lastEventId?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...t.bearer(t.tokens.manager),
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
  });
  return { res, events: parseSse(res.body) };
}
