import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, waitForPath, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

// Mar 2 2026 is a Monday; Beta spans a weekend and has no zip (red wins over yellow).
const GOOD_CSV = [
  'record_type,customer,location,zip_code,package,start,end,comment,physicist_name',
  'job,Alpha Clinic,New York,10016,Linac QA,2026-03-02,2026-03-03,,',
  'job,Beta Hospital,Boston,,Shielding,2026-03-06,2026-03-08,,',
  'job,Gamma Center,Boston,02115,CT Survey,2026-03-10,2026-03-10,,',
  'unavailability,,,,,2026-03-01,2026-03-05,,E2E Lead Busy',
].join('\n');
const BAD_CSV = 'customer,zip_code,start\nDelta,10016,not-a-date\n';

interface JobRow {
  id: number;
  customer: string;
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  return fetch(`${provided('baseUrl')}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
}

async function jobId(customer: string): Promise<number> {
  const jobs = (await (await api('/jobs/')).json()) as JobRow[];
  const job = jobs.find((candidate) => candidate.customer === customer);
  if (!job) throw new Error(`no job ${customer}`);
  return job.id;
}

async function uploadFile(p: Page, name: string, text: string) {
  await p.getByTestId('schedule-file-input').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  // Replacing everything is confirmed first, with the counts it deletes.
  const confirm = p.getByRole('dialog', { name: 'Replace all jobs?' });
  await confirm.getByText(`Uploading ${name} deletes all`).waitFor();
  await confirm.getByRole('button', { name: 'Replace all' }).click();
}

async function openImport(p: Page, as: 'admin' | 'manager' = 'admin') {
  await signInByToken(p, provided(as));
  await p.goto('/');
  await waitForPath(p, '/import');
  await p.getByTestId('job-count').waitFor();
}

beforeAll(async () => {
  const people = [
    { name: 'E2E Lead Free', role: 'lead', home_zip: '10016' },
    { name: 'E2E Lead Busy', role: 'lead', home_zip: '10001' },
    { name: 'E2E Acq', role: 'dataacq', home_zip: '02115' },
  ];
  for (const body of people) {
    const response = await api('/physicists/', { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`physicist: ${response.status} ${await response.text()}`);
  }
  const kit = {
    name: 'E2E Kit',
    current_location_zip: '10016',
    is_out_for_maintenance: false,
    comments: '',
  };
  const response = await api('/kits/', { method: 'POST', body: JSON.stringify(kit) });
  if (!response.ok) throw new Error(`kit: ${response.status} ${await response.text()}`);
});

describe('scheduling screens', () => {
  it('shows the unavailability empty state before any upload', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/unavailability');
    await page().getByText('No unavailability records found').waitFor();
  });

  it('refuses a bad file with line numbers, then uploads a good one', async () => {
    await openImport(page());
    await uploadFile(page(), 'bad.csv', BAD_CSV);
    await expectToast(page(), 'Upload failed: ');
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('table', { name: 'Upload errors' }).waitFor();
    expect(await dialog.getByRole('row').nth(1).textContent()).toContain('2');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await uploadFile(page(), 'good.csv', GOOD_CSV);
    await expectToast(page(), 'Upload successful: 3 jobs and 1 records added.');
    await page().getByText('Showing 3 of 3 total jobs').waitFor();
    const beta = await jobId('Beta Hospital');
    expect(await page().getByTestId(`job-row-${beta}`).getAttribute('class')).toContain(
      'job-missing-zip',
    );
    expect(await page().locator('tbody tr[data-index]').count()).toBe(3);
  });

  it('filters by date and names the weekday', async () => {
    await openImport(page());
    for (const [label, option] of [
      ['Year', '2026'],
      ['Month', 'March'],
      ['Day', '2'],
    ] as const) {
      await page().getByRole('combobox', { name: label, exact: true }).click();
      await page().getByRole('option', { name: option, exact: true }).click();
    }
    await page().getByText('Showing 1 of 3 total jobs').waitFor();
    expect(await page().getByTestId('weekday').textContent()).toBe('Monday');
    await page().getByRole('button', { name: 'Clear filter' }).click();
    await page().getByText('Showing 3 of 3 total jobs').waitFor();
  });

  it("edits a cell at once, judged by the server's today even before it has arrived, and keeps it after a reload", async () => {
    const id = await jobId('Gamma Center');
    expect(
      new Date().toISOString().slice(0, 10) > '2026-03-10',
      'the premise: past by the browser clock',
    ).toBe(true);
    // The server's today (E2E_TODAY, January) is held back until after the edit: by the
    // browser's clock this March job would be past, and a past job's edit asks for a reason.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page().route('**/api/v1/plan/window', async (route) => {
      await held;
      await route.continue();
    });
    await openImport(page(), 'manager');
    const cell = page().getByLabel(`Customer of job ${id}`);
    await cell.fill('Gamma Center East');
    await cell.press('Enter');
    release();
    await expect.poll(() => jobId('Gamma Center East')).toBe(id);
    expect(await page().getByRole('dialog', { name: 'Correct a past job' }).count()).toBe(0);
    await page().unroute('**/api/v1/plan/window');
    await page().reload();
    expect(await page().getByLabel(`Customer of job ${id}`).inputValue()).toBe('Gamma Center East');
  });

  it('adds and deletes a job', async () => {
    await openImport(page());
    await page().getByRole('button', { name: 'Add New Job' }).click();
    await expectToast(page(), 'New job added successfully.');
    await page().getByText('Showing 4 of 4 total jobs').waitFor();
    const jobs = (await (await api('/jobs/')).json()) as JobRow[];
    const added = Math.max(...jobs.map((job) => job.id));
    await page()
      .getByRole('button', { name: `Delete job ${added}` })
      .click();
    await page()
      .getByText('Are you sure you want to delete this job? This action cannot be undone.')
      .waitFor();
    await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page(), 'Job deleted successfully.');
    await page().getByText('Showing 3 of 3 total jobs').waitFor();
  });

  it('assigns a lead by hand and shows why a choice is refused', async () => {
    const id = await jobId('Alpha Clinic');
    await signInByToken(page(), provided('manager'));
    await page().goto('/schedule');
    const lead = page().getByRole('combobox', { name: `Lead of job ${id}` });
    await lead.click();
    // On leave 1 to 5 March: disabled, with the reason, before anyone picks it.
    const busy = page().getByRole('option', { name: /^E2E Lead Busy/ });
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await busy.textContent()).toContain('is unavailable on 2026-03-01 to 2026-03-05');
    await page()
      .getByRole('option', { name: /^E2E Lead Free/ })
      .click();
    await expect.poll(() => lead.textContent()).toBe('E2E Lead Free');
  });

  it('edits a kit as a manager', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/kits');
    await page().getByRole('button', { name: 'Edit E2E Kit' }).click();
    await page().getByRole('dialog').getByLabel('Comments').fill('Calibrated');
    await page().getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expectToast(page(), 'Kit E2E Kit updated successfully.');
    await page().getByTestId('kit-row-E2E Kit').filter({ hasText: 'Calibrated' }).waitFor();
  });

  it('regular users see no edit controls', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/');
    await page().getByRole('table', { name: 'Assignments' }).waitFor();
    expect(await page().getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await page().getByRole('combobox').count()).toBeLessThanOrEqual(1);
    await page().goto('/kits');
    await page().getByTestId('kit-row-E2E Kit').waitFor();
    expect(await page().getByRole('button', { name: 'Edit E2E Kit' }).count()).toBe(0);
  });

  it('exports the unavailability page as CSV', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/unavailability');
    await page().getByText('E2E Lead Busy').waitFor();
    await page().getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('unavailability_export.csv');
  });
});
