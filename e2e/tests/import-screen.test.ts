import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, waitForPath, signInByToken } from '../support/app';
import {
  adminApi,
  clearSchedule,
  jobByCustomer,
  listJobs,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

// June 4 2029 is a Monday. Weekend runs Friday to Monday; Saturday is a one-day Saturday job.
const CSV = [
  'customer,location,zip_code,package,start,end',
  'Import Weekday,Portland,97201,Linac QA,2029-06-04,2029-06-05',
  'Import Weekend,Portland,97205,CT Survey,2029-06-08,2029-06-11',
  'Import No Zip,Portland,,Shielding,2029-06-12,2029-06-12',
  'Import Saturday,Portland,97201,Linac QA,2029-06-16,2029-06-16',
].join('\n');

beforeAll(() => replaceSchedule(CSV));
afterAll(() => clearSchedule());

async function openImport(p: Page, as: 'admin' | 'manager'): Promise<void> {
  await signInByToken(p, provided(as));
  await p.goto('/');
  await waitForPath(p, '/import');
  await p.getByText('Showing 4 of 4 total jobs').waitFor();
}

async function pick(p: Page, label: string, option: string): Promise<void> {
  await p.getByRole('combobox', { name: label, exact: true }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

describe('/import, Data Management', () => {
  it('highlights a weekend span yellow and a missing zip red, and leaves a weekday job plain', async () => {
    const ids = await Promise.all(
      ['Import Weekday', 'Import Weekend', 'Import No Zip'].map(
        async (customer) => (await jobByCustomer(customer)).id,
      ),
    );
    await openImport(page(), 'manager');
    const classOf = async (id: number | undefined) =>
      (await page().getByTestId(`job-row-${id}`).getAttribute('class')) ?? '';
    const [weekday, weekend, noZip] = await Promise.all(ids.map(classOf));
    expect(weekend).toContain('job-weekend');
    expect(weekend).not.toContain('job-missing-zip');
    expect(noZip).toContain('job-missing-zip');
    expect(weekday).not.toMatch(/job-weekend|job-missing-zip/);
  });

  it('filters by year, month and day and names the weekday', async () => {
    await openImport(page(), 'admin');
    await pick(page(), 'Year', '2029');
    await pick(page(), 'Month', 'June');
    await page().getByText('Showing 4 of 4 total jobs').waitFor();
    await pick(page(), 'Day', '16');
    await page().getByText('Showing 1 of 4 total jobs').waitFor();
    expect(await page().getByTestId('weekday').textContent()).toBe('Saturday');
    expect(await page().locator('tbody tr[data-index]').count()).toBe(1);
    const saturday = await jobByCustomer('Import Saturday');
    await page().getByTestId(`job-row-${saturday.id}`).waitFor();
    await pick(page(), 'Day', '5');
    // Day 5 has no job starting on it: the empty state, and the weekday still named.
    await page().getByText('No jobs match the selected filters').waitFor();
    expect(await page().getByTestId('weekday').textContent()).toBe('Tuesday');
    await page().getByRole('button', { name: 'Clear filter' }).click();
    await page().getByText('Showing 4 of 4 total jobs').waitFor();
    expect(await page().getByTestId('weekday').count()).toBe(0);
  });

  it("'Process Live Data' analyses every job and reports what it found", async () => {
    await openImport(page(), 'manager');
    await page().getByRole('button', { name: 'Process Live Data' }).click();
    await expectToast(
      page(),
      'Analyzed 4 jobs: candidates listed for 3, 1 without a usable zip code, 0 without dates;',
    );
    const jobs = await listJobs();
    const noZip = jobs.find((job) => job.customer === 'Import No Zip');
    expect(noZip?.reason).toContain('No candidates: the job has no usable zip code');
    for (const job of jobs.filter((candidate) => candidate !== noZip)) {
      expect(job.reason, job.customer).toMatch(/^Lead: .* \| Acq: /);
    }
  });

  it("'Add New Job' adds a blank job to the table", async () => {
    await openImport(page(), 'admin');
    const before = new Set((await listJobs()).map((job) => job.id));
    await page().getByRole('button', { name: 'Add New Job' }).click();
    await expectToast(page(), 'New job added successfully.');
    await page().getByText('Showing 5 of 5 total jobs').waitFor();
    const added = (await listJobs()).filter((job) => !before.has(job.id));
    expect(added.map((job) => job.customer)).toHaveLength(1);
    await page().getByTestId(`job-row-${added[0]?.id}`).waitFor();
    await adminApi(`/jobs/${added[0]?.id}`, { method: 'DELETE' });
  });
});
