import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { apiToken } from '../support/api';
import { signIn } from '../support/app';
import { seedSchedule } from './optimization-seed';

const { page } = useBrowserPage();

beforeAll(() => seedSchedule(inject('baseUrl'), inject('admin')));

interface Slots {
  id: number;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
  assigned_kit_id: number | null;
}

/** Every job's three slots, read through the API (not through the screen under test). */
async function planThroughApi(): Promise<Slots[]> {
  const token = await apiToken(inject('baseUrl'), inject('admin'));
  const response = await fetch(`${inject('baseUrl')}/api/v1/assignments/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const jobs = (await response.json()) as Slots[];
  return jobs
    .map(({ id, assigned_lead_id, assigned_data_acq_id, assigned_kit_id }) => ({
      id,
      assigned_lead_id,
      assigned_data_acq_id,
      assigned_kit_id,
    }))
    .sort((a, b) => a.id - b.id);
}

describe('plan history on /assignments', () => {
  it('manager runs an optimisation, opens the history, undoes the run: the plan is back', async () => {
    const before = await planThroughApi();
    await signIn(page(), inject('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();
    await page().getByRole('combobox', { name: 'Optimization algorithm' }).click();
    await page().getByRole('option', { name: 'Simple, Fast', exact: true }).click();
    await page().getByRole('button', { name: 'Run Optimization' }).click();
    await page()
      .getByRole('region', { name: 'Notifications' })
      .getByText(/finished: \d+ of 6 jobs assigned/)
      .first()
      .waitFor({ timeout: 30_000 });
    const afterRun = await planThroughApi();
    expect(afterRun).not.toEqual(before);

    await page().getByRole('button', { name: 'Plan history' }).click();
    const runs = page().getByRole('list', { name: 'Recorded runs' });
    const newest = runs.getByRole('button').first();
    await newest.getByText(/Optimization/).waitFor();
    await newest.click();
    await page().getByRole('table', { name: 'F before and after' }).waitFor();
    // The rows the run changed are marked in the assignment table.
    const changedJobs = afterRun.filter(
      (job, i) => JSON.stringify(job) !== JSON.stringify(before[i]),
    );
    await page().locator('tr.job-run-changed').first().waitFor();
    expect(await page().locator('tr.job-run-changed').count()).toBe(changedJobs.length);

    await page().getByRole('button', { name: 'Undo this run' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('button', { name: 'Undo this run' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await planThroughApi()).toEqual(before);
    // The table reloads with the restored plan, and the undo is itself a recorded run.
    await runs
      .getByRole('button')
      .first()
      .getByText(/Undo of run #\d+/)
      .waitFor();
  });
});
