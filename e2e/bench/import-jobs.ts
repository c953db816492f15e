/**
 * The data of the /import benches: a server on a fresh data folder holding a
 * generated schedule of n jobs, uploaded through the API as a person would.
 */
import { apiToken } from '../support/api';
import { startFreshServer } from '../support/server';

const ZIPS = ['10016', '02115', '60201', '90048', '33629', '80220', '15212', '66160'];

/** A schedule CSV of n weekday jobs spread over a year. */
function scheduleCsv(n: number): string {
  const lines = ['customer,location,zip_code,package,start,end'];
  const first = Date.UTC(2026, 0, 5);
  for (let i = 0; i < n; i++) {
    const day = new Date(first + (i % 250) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`Bench Site ${i},Street ${i},${ZIPS[i % ZIPS.length]},Linac QA,${day},${day}`);
  }
  return lines.join('\n');
}

async function upload(baseUrl: string, token: string, n: number): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([scheduleCsv(n)], { type: 'text/csv' }), `bench-${n}.csv`);
  const response = await fetch(`${baseUrl}/api/v1/schedules/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${n}: ${response.status} ${await response.text()}`);
}

/** One server on its own data folder holding `jobs` jobs, ready to be opened. */
export async function serverWithJobs(jobs: number) {
  const { baseUrl, admin, stop } = await startFreshServer('bench');
  const token = await apiToken(baseUrl, admin);
  await upload(baseUrl, token, jobs);
  return { jobs, baseUrl, token, stop };
}
