import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

/**
 * Kit editors (a regular user in KIT_EDITOR_USERNAMES, set up by
 * global-setup), the refusal reasons in the assignment dropdowns and the
 * haversine distance when a reason has none. The data is added job by job
 * (no upload, which would replace other files' jobs) and removed afterwards.
 */
interface Created {
  jobs: Record<'alpha' | 'beta' | 'gamma', number>;
  people: Record<'free' | 'away' | 'far', number>;
  kits: Record<'open' | 'busy', number>;
}
let created: Created;
/** DELETE paths of everything this file added, removed in reverse order afterwards. */
const added: string[] = [];

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A job added blank and filled in, as the Add New Job button and a cell edit do. */
async function addJob(customer: string, zip: string, start: string, end: string): Promise<number> {
  const blank = await api<Record<string, unknown>>('POST', '/jobs/');
  added.push(`/jobs/${String(blank.id)}`);
  const job = { ...blank, customer, zip_code: zip, start, end };
  return (await api<{ id: number }>('PUT', `/jobs/${String(blank.id)}`, job)).id;
}

/**
 * A job's row in a virtualised table: other test files' jobs may come first,
 * so the table is scrolled until the row is rendered.
 */
async function jobRow(table: string, id: number): Promise<Locator> {
  const grid = page().getByRole('table', { name: table });
  await grid.waitFor();
  const row = page().getByTestId(`job-row-${id}`);
  for (let step = 0; step < 100 && (await row.count()) === 0; step++) {
    await grid.evaluate((el) => el.parentElement?.scrollBy(0, 300));
    await page().waitForTimeout(50);
  }
  await row.waitFor();
  return row;
}

const R = 3958.8;
/** Haversine miles, written out here so the test does not lean on the code under test. */
function miles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  const person = async (name: string, role: string, home_zip: string) => {
    const { id } = await api<{ id: number }>('POST', '/physicists/', { name, role, home_zip });
    added.push(`/physicists/${id}`);
    return id;
  };
  const kit = async (name: string) => {
    const { id } = await api<{ id: number }>('POST', '/kits/', {
      name,
      current_location_zip: '10016',
      is_out_for_maintenance: false,
      comments: '',
    });
    added.push(`/kits/${id}`);
    return id;
  };
  created = {
    people: {
      free: await person('KE Lead Free', 'lead', '10016'),
      away: await person('KE Lead Away', 'lead', '02115'),
      far: await person('KE Lead Far', 'lead', '94103'),
    },
    kits: { open: await kit('KE Kit Open'), busy: await kit('KE Kit Busy') },
    jobs: {
      alpha: await addJob('KE Alpha', '10016', '2027-05-04', '2027-05-06'),
      beta: await addJob('KE Beta', '10016', '2027-05-06', '2027-05-06'),
      gamma: await addJob('KE Gamma', '10016', '2027-06-01', '2027-06-01'),
    },
  };
  await api('POST', '/availability/', {
    physicist_name: 'KE Lead Away',
    start_date: '2027-05-06',
    end_date: '2027-05-07',
  });
  await api('POST', '/kits/manual_override', {
    job_id: created.jobs.alpha,
    kit_id: created.kits.busy,
  });
  // Assigned, then renamed: the reason still names 'KE Lead Far (N mi)', which no longer matches.
  await api('POST', '/assignments/manual', {
    job_id: created.jobs.gamma,
    role: 'lead',
    physicist_id: created.people.far,
  });
  await api('PUT', `/physicists/${created.people.far}`, {
    name: 'KE Lead Renamed',
    role: 'lead',
    home_zip: '94103',
  });
});

afterAll(async () => {
  // Jobs first (they were added last); a physicist's leave goes with them.
  for (const path of added.reverse()) await api('DELETE', path);
});

describe('kit editors and refusal reasons', () => {
  it('a plain regular user sees no kit edit controls and no kit dropdown', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/');
    const alphaRow = await jobRow('Assignments', created.jobs.alpha);
    expect(await alphaRow.textContent()).toContain('KE Kit Busy');
    expect(await page().getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await alphaRow.getByRole('combobox').count()).toBe(0);
    await page().goto('/kits');
    await page().getByTestId('kit-row-KE Kit Open').waitFor();
    expect(await page().getByRole('button', { name: 'Edit KE Kit Open' }).count()).toBe(0);
    expect(await page().getByRole('columnheader', { name: 'Edit' }).count()).toBe(0);
  });

  it('a kit editor edits a kit and assigns a kit on /assignments, refused choices disabled', async () => {
    await signInByToken(page(), provided('kitEditor'));
    await page().goto('/kits');
    await page().getByRole('button', { name: 'Edit KE Kit Open' }).click();
    await page().getByRole('dialog').getByLabel('Comments').fill('Checked by the kit editor');
    await page().getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expectToast(page(), 'Kit KE Kit Open updated successfully.');

    await page().goto('/assignments');
    await jobRow('Assignments', created.jobs.beta);
    const select = page().getByRole('combobox', { name: `Kit of job ${created.jobs.beta}` });
    await select.click();
    const busy = page().getByRole('option', { name: /^KE Kit Busy/ });
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await busy.textContent()).toContain(
      `KE Kit Busy is already out on job ${created.jobs.alpha} (KE Alpha, 2027-05-04 to 2027-05-06)`,
    );
    await page()
      .getByRole('option', { name: /^KE Kit Open/ })
      .click();
    await expect.poll(() => select.textContent()).toBe('KE Kit Open');
    const jobs = await api<{ id: number; assigned_kit_id: number | null }[]>('GET', '/jobs/');
    expect(jobs.find((job) => job.id === created.jobs.beta)?.assigned_kit_id).toBe(
      created.kits.open,
    );
  });

  it('on /schedule a physicist on leave is disabled with the dates; the server still judges a pick', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/schedule');
    await jobRow('Schedule', created.jobs.beta);
    const lead = page().getByRole('combobox', { name: `Lead of job ${created.jobs.beta}` });
    await lead.click();
    const away = page().getByRole('option', { name: /^KE Lead Away/ });
    // The menu can open before the leave has loaded; the option is disabled once it has.
    await expect.poll(() => away.getAttribute('aria-disabled')).toBe('true');
    expect(await away.textContent()).toContain(
      'KE Lead Away is unavailable on 2027-05-06 to 2027-05-07',
    );
    // Boston 02115 to Manhattan 10016 is about 190 miles: a car trip.
    expect(await away.locator('[data-travel-hint]').getAttribute('data-travel-hint')).toBe('car');
    const free = page().getByRole('option', { name: /^KE Lead Free/ });
    expect(await free.getAttribute('aria-disabled')).toBeNull();
    // The server stays the judge: booked on Alpha behind this page's back, Free is refused on pick.
    await api('POST', '/assignments/manual', {
      job_id: created.jobs.alpha,
      role: 'lead',
      physicist_id: created.people.free,
    });
    await free.click();
    await expectToast(
      page(),
      `Assignment failed: KE Lead Free is already on job ${created.jobs.alpha} (KE Alpha, 2027-05-04 to 2027-05-06)`,
    );
    expect(await lead.textContent()).toBe('Unassigned');
  });

  it('shows the haversine distance with its hint when the reason has no distance for the name', async () => {
    const zips = await api<{ zip_code: string; lat: number; lon: number }[]>('GET', '/zip-data');
    const at = (zip: string) => zips.find((z) => z.zip_code === zip)!;
    const expected = Math.round(miles(at('94103'), at('10016')));
    await signInByToken(page(), provided('regular'));
    await page().goto('/');
    const row = await jobRow('Assignments', created.jobs.gamma);
    const distance = row.locator('[data-travel-hint]');
    await distance.waitFor();
    expect(await row.textContent()).toContain('KE Lead Renamed');
    expect(await distance.textContent()).toContain(`${expected} mi`);
    expect(await distance.getAttribute('data-travel-hint')).toBe('plane');
  });
});
