import type { Download, Page } from 'playwright-core';
import { apiToken } from './api';
import { provided } from './provided';

/**
 * Scheduling data for the browser tests, set up through the API as admin.
 *
 * Every e2e file shares one server and the files run in an order vitest
 * chooses, so a file that needs jobs uploads its own schedule (an upload
 * replaces all jobs and unavailability records), gives its physicists and
 * kits names of its own, and clears the schedule when it is done.
 */

let token: Promise<string> | undefined;

/** Calls the API as the suite's admin; throws with the answer on a refusal. */
export async function adminApi<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  token ??= apiToken(provided('baseUrl'), provided('admin'));
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${await token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${provided('baseUrl')}/api/v1${path}`, { ...init, headers });
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The fields of a job the tests read back. */
export interface JobRow {
  id: number;
  customer: string;
  reason: string;
  assigned_lead: string | null;
  assigned_data_acq: string | null;
  assigned_kit_name: string | null;
}

/** Replaces every job and unavailability record with those of a schedule CSV. */
export async function replaceSchedule(csv: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'schedule.csv');
  await adminApi('/schedules/upload', { method: 'POST', body: form });
}

/**
 * Leaves the server with no jobs and no unavailability records (an upload
 * cannot: the server refuses a file that would leave nothing). Removing a
 * past job corrects the record, so every removal says why.
 */
export async function clearSchedule(): Promise<void> {
  const why = new URLSearchParams({ correction_reason: 'End of an e2e test file' }).toString();
  for (const job of await listJobs()) {
    await adminApi(`/jobs/${job.id}?${why}`, { method: 'DELETE' });
  }
  const records = await adminApi<{ id: number }[]>('/availability/');
  for (const record of records) {
    await adminApi(`/availability/${record.id}`, { method: 'DELETE' });
  }
}

/** The jobs as the API lists them. */
export const listJobs = (): Promise<JobRow[]> => adminApi<JobRow[]>('/jobs/');

/** The job with this customer name; throws when there is none. */
export async function jobByCustomer(customer: string): Promise<JobRow> {
  const job = (await listJobs()).find((candidate) => candidate.customer === customer);
  if (!job) throw new Error(`no job for customer ${customer}`);
  return job;
}

/** Adds the physicists not on the roster yet (names are unique, so a second call adds none). */
export async function ensurePhysicists(
  people: readonly { name: string; role: 'lead' | 'dataacq'; home_zip: string }[],
): Promise<void> {
  const existing = new Set((await adminApi<{ name: string }[]>('/physicists/')).map((p) => p.name));
  for (const person of people) {
    if (!existing.has(person.name)) {
      await adminApi('/physicists/', { method: 'POST', body: JSON.stringify(person) });
    }
  }
}

/** Adds an available kit at `zip` unless one of that name exists. */
export async function ensureKit(name: string, zip: string): Promise<void> {
  const kits = await adminApi<{ name: string }[]>('/kits/');
  if (kits.some((kit) => kit.name === name)) return;
  const kit = { name, current_location_zip: zip, is_out_for_maintenance: false, comments: '' };
  await adminApi('/kits/', { method: 'POST', body: JSON.stringify(kit) });
}

/** Chooses a format from a page's Export menu and waits for the download it starts. */
export async function exportAs(page: Page, format: 'CSV' | 'XLSX' | 'PDF'): Promise<Download> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  return download;
}

/** The bytes of a finished download. */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
