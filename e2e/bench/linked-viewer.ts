/**
 * The demo's viewer for the benches: a regular user linked to a lead who has
 * two jobs ahead, made through the API on a fresh server
 * (e2e/bench/lighthouse.ts, e2e/bench/offline.ts).
 */
import { createUser } from '../support/api';

export const VIEWER = { username: 'lh.viewer', password: 'lighthouse-viewer-1' };

async function api(baseUrl: string, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** A regular user linked to a lead who has two jobs ahead, as the demo's viewer is. */
export async function linkedViewer(baseUrl: string, adminToken: string): Promise<void> {
  await createUser(baseUrl, adminToken, { ...VIEWER, email: 'lh@example.org', role: 'regular' });
  const lead = (await api(baseUrl, adminToken, '/physicists/', {
    method: 'POST',
    body: JSON.stringify({ name: 'LH Lead', role: 'lead', home_zip: '10016' }),
  })) as { id: number };
  const users = (await api(baseUrl, adminToken, '/admin/users')) as {
    id: number;
    username: string;
  }[];
  const viewer = users.find((user) => user.username === VIEWER.username)!;
  await api(baseUrl, adminToken, `/admin/users/${viewer.id}`, {
    method: 'PUT',
    body: JSON.stringify({ physicist_id: lead.id }),
  });
  const year = new Date().getUTCFullYear() + 1;
  const csv = [
    'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
    `job,LH Clinic,New York,10016,Linac QA,${year}-03-02,${year}-03-03,LH Lead,`,
    `job,LH Hospital,Boston,02115,CT QA,${year}-04-06,${year}-04-06,LH Lead,`,
  ].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'lighthouse.csv');
  const upload = await fetch(`${baseUrl}/api/v1/schedules/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
}
