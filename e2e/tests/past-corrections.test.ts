import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, waitForPath, signInByToken } from '../support/app';
import {
  adminApi,
  clearSchedule,
  jobByCustomer,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

/**
 * The past is kept as it happened: in Data Management a manager corrects a
 * past job's record, or removes it, only by saying why, and can change their
 * mind at the reason. The server's today is E2E_TODAY, 2026-01-05.
 */
const { page } = useBrowserPage();

const CSV = [
  'record_type,customer,location,zip_code,package,start,end,comment,physicist_name',
  'job,PC Past Clinic,New York,10016,Linac QA,2025-12-15,2025-12-16,,',
  'job,PC Doubled Clinic,New York,10016,Linac QA,2025-12-15,2025-12-16,,',
].join('\n');

interface RunRow {
  kind: string;
  reason: string | null;
  headline: string;
}

beforeAll(async () => {
  await replaceSchedule(CSV);
});
afterAll(async () => {
  await clearSchedule();
});

describe('correcting the past in Data Management', () => {
  it('asks why before a past job is edited or removed, and records the removal', async () => {
    await page().setViewportSize({ width: 1440, height: 900 });
    await signInByToken(page(), provided('manager'));
    await page().goto('/');
    await waitForPath(page(), '/import');
    const past = await jobByCustomer('PC Past Clinic');
    // The table holds this file's jobs, not an earlier file's (an edit there would be lost).
    await page().getByText('Showing 2 of 2 total jobs').waitFor();

    // An edit of a past job asks why; cancelling keeps the record as it was.
    const location = page().getByLabel(`Location of job ${past.id}`);
    await location.fill('Brooklyn');
    await location.press('Enter');
    const ask = page().getByRole('dialog', { name: 'Correct a past job' });
    await ask.getByText(`Job ${past.id} (PC Past Clinic) started on 2025-12-15`).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(() => location.inputValue(), { timeout: 10_000 }).toBe('New York');
    const jobs = await adminApi<{ id: number; location: string }[]>('/jobs/');
    expect(jobs.find((j) => j.id === past.id)?.location).toBe('New York');

    // Removing one asks for the confirmation, then why.
    const doubled = await jobByCustomer('PC Doubled Clinic');
    await page()
      .getByRole('button', { name: `Delete job ${doubled.id}` })
      .click();
    await page()
      .getByRole('dialog', { name: 'Delete job' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await ask.getByText(`Job ${doubled.id} (PC Doubled Clinic) started on 2025-12-15`).waitFor();
    const correct = ask.getByRole('button', { name: 'Correct the record' });
    expect(await correct.isDisabled()).toBe(true);
    await ask.getByLabel('Reason').fill('Entered twice by the import');
    await correct.click();
    await expectToast(page(), 'Job deleted successfully.');
    await page()
      .getByRole('button', { name: `Delete job ${doubled.id}` })
      .waitFor({ state: 'detached' });

    const [newest] = await adminApi<RunRow[]>('/runs?limit=1');
    expect(newest).toMatchObject({
      kind: 'correction',
      reason: 'Entered twice by the import',
      headline: `Job ${doubled.id} (PC Doubled Clinic, 2025-12-15) removed from the record`,
    });
  });
});
