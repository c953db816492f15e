// The data the battery imports and the tables it compares.
import { api, upload } from './server.mjs';

export const ROSTER_NAMES = ['Ada Lead', 'Ben Lead', 'Cy Acq', 'Di Acq'];

export function rosterCsv() {
  return [
    'name,role,home_zip',
    'Ada Lead,lead,10016',
    'Ben Lead,lead,02115',
    'Cy Acq,dataacq,10016',
    'Di Acq,dataacq,02115',
    '',
  ].join('\n');
}

/** A schedule of `rows` jobs and a few leave records, all tagged so two tags give different tables. */
export function scheduleCsv(rows, tag) {
  const lines = ['record_type,customer,zip_code,start,end,physicist_name,comment'];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`job,${tag} Hospital ${i},10016,2027-02-${day},2027-02-${day},,${tag}`);
  }
  for (const [i, name] of ROSTER_NAMES.entries()) {
    const day = String(i + (tag.length % 5) + 1).padStart(2, '0');
    lines.push(`leave,,,2027-03-${day},2027-03-${day},${name},${tag} leave`);
  }
  return `${lines.join('\n')}\n`;
}

const sorted = (rows) => rows.map((r) => JSON.stringify(r)).sort();

/**
 * The whole job, leave and roster tables as compared between runs: every
 * field but ids and versions (ids change on a replace-all import).
 */
export async function tables(server) {
  const [jobs, availability, physicists] = await Promise.all([
    api(server, 'GET', '/api/v1/jobs/'),
    api(server, 'GET', '/api/v1/availability/'),
    api(server, 'GET', '/api/v1/physicists/'),
  ]);
  for (const res of [jobs, availability, physicists])
    if (res.status !== 200) throw new Error(`table read answered ${res.status}`);
  const IDS = new Set(['id', 'version', 'job_id', 'physicist_id']);
  const strip = (row) => Object.fromEntries(Object.entries(row).filter(([k]) => !IDS.has(k)));
  return JSON.stringify({
    jobs: sorted(jobs.body.map(strip)),
    availability: sorted(availability.body.map(strip)),
    physicists: sorted(physicists.body.map(strip)),
  });
}

/**
 * Whether the job list holds exactly `rows` jobs, all of the schedule tagged
 * `tag` (scheduleCsv): that an import answered 200 is not enough, the table
 * must hold the whole file.
 */
export async function importedAs(server, rows, tag) {
  const jobs = await api(server, 'GET', '/api/v1/jobs/');
  if (jobs.status !== 200) throw new Error(`the job list answered ${jobs.status}`);
  return (
    jobs.body.length === rows &&
    jobs.body.every((job) => job.customer.startsWith(`${tag} Hospital `))
  );
}

export async function importRoster(server) {
  const status = await upload(server, '/api/v1/physicists/import', 'roster.csv', rosterCsv());
  if (status !== 200) throw new Error(`roster import answered ${status}`);
}
