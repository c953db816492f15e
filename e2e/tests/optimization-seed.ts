import { apiToken } from '../support/api';
import type { Credentials } from '../support/provided';

/** Leads and acquisition physicists the optimisation tests assign (real zips, so distances exist). */
export const SEED_LEADS = ['Ada Lead', 'Grace Lead', 'Linus Lead'];
const SEED_ACQ = ['Alan Acq', 'Barbara Acq', 'Ken Acq'];
const ZIPS = ['02115', '10016', '20007', '60201', '32806', '85054'];

async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/**
 * A small schedule (6 physicists, 2 kits, 6 jobs) through the API. The roster
 * is added once per server; the 6 jobs are uploaded on every call, because
 * other files replace the schedule and vitest chooses the order of the files.
 */
export async function seedSchedule(baseUrl: string, admin: Credentials): Promise<void> {
  const token = await apiToken(baseUrl, admin);
  const physicists = (await call(baseUrl, token, 'GET', '/physicists/')) as { name: string }[];
  if (physicists.some((p) => p.name === SEED_LEADS[0])) return uploadSeedJobs(baseUrl, token);
  for (const [i, name] of SEED_LEADS.entries())
    await call(baseUrl, token, 'POST', '/physicists/', { name, role: 'lead', home_zip: ZIPS[i] });
  for (const [i, name] of SEED_ACQ.entries())
    await call(baseUrl, token, 'POST', '/physicists/', {
      name,
      role: 'dataacq',
      home_zip: ZIPS[i + 3],
    });
  for (const [i, zip] of ['02115', '60201'].entries())
    await call(baseUrl, token, 'POST', '/kits/', {
      name: `Kit 0${i + 1}`,
      current_location_zip: zip,
      is_out_for_maintenance: false,
      comments: '',
    });
  await uploadSeedJobs(baseUrl, token);
}

/** Replaces all jobs (and unavailability records) with the 6 seed jobs, none assigned. */
async function uploadSeedJobs(baseUrl: string, token: string): Promise<void> {
  const rows = ZIPS.map((zip, i) => `Clinic ${i + 1},${zip},2030-03-0${i + 2},2030-03-0${i + 2}`);
  const form = new FormData();
  form.append('file', new Blob([['customer,zip_code,start,end', ...rows].join('\n')]), 'seed.csv');
  const upload = await fetch(`${baseUrl}/api/v1/schedules/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
}
