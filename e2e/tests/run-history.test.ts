import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { apiToken } from '../support/api';
import { signInByToken } from '../support/app';
import { seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

beforeAll(() => seedSchedule(provided('baseUrl'), provided('admin')));

interface Slots {
  id: number;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
  assigned_kit_id: number | null;
}

/** Every job's three slots, read through the API (not through the screen under test). */
async function planThroughApi(): Promise<Slots[]> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1/assignments/`, {
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
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();
    await page().getByRole('combobox', { name: 'Optimization algorithm' }).click();
    await page().getByRole('option', { name: 'Simple, Fast', exact: true }).click();
    await page().getByRole('button', { name: 'Run Optimization' }).click();
    await page()
      .getByRole('region', { name: 'Notifications' })
      .getByText(/finished: .*\d+ of 6 jobs assigned/)
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

const SHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR;
const shoot = async (name: string) => {
  if (!SHOTS_DIR) return;
  await page().waitForTimeout(300);
  await page().screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
};

describe('plan history: an undo over a later edit', () => {
  it('lists the slot edited since the run and restores anyway only when asked', async () => {
    await seedSchedule(provided('baseUrl'), provided('admin'));
    const before = await planThroughApi();
    if (SHOTS_DIR) await page().setViewportSize({ width: 1280, height: 800 });
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();
    await page().getByRole('combobox', { name: 'Optimization algorithm' }).click();
    await page().getByRole('option', { name: 'Simple, Fast', exact: true }).click();
    await page().getByRole('button', { name: 'Run Optimization' }).click();
    await page()
      .getByRole('region', { name: 'Notifications' })
      .getByText(/finished: .*\d+ of 6 jobs assigned/)
      .first()
      .waitFor({ timeout: 30_000 });
    // Someone clears a lead the run chose, through the API.
    const token = await apiToken(provided('baseUrl'), provided('admin'));
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const jobs = (await (
      await fetch(`${provided('baseUrl')}/api/v1/assignments/`, { headers })
    ).json()) as (Slots & { customer: string })[];
    const edited = jobs.find((j) => j.assigned_lead_id !== null);
    expect(edited).toBeDefined();
    const cleared = await fetch(`${provided('baseUrl')}/api/v1/assignments/manual`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ job_id: edited!.id, role: 'lead', physicist_id: null }),
    });
    expect(cleared.status).toBe(200);

    await page().getByRole('button', { name: 'Plan history' }).click();
    const runs = page().getByRole('list', { name: 'Recorded runs' });
    await runs
      .getByRole('button')
      .first()
      .getByText(/Optimization/)
      .click();
    await page().getByRole('table', { name: 'F before and after' }).waitFor();
    await shoot('history-1280');
    await page().getByRole('button', { name: 'Undo this run' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('button', { name: 'Undo this run' }).click();
    const conflicts = dialog.getByRole('list', { name: 'Changed since the run' });
    await conflicts.getByText(`${edited!.customer}`, { exact: false }).waitFor();
    expect(await conflicts.getByRole('listitem').count()).toBe(1);
    await shoot('history-conflict-1280');
    // Refused: nothing was put back yet.
    expect((await planThroughApi()).find((j) => j.id === edited!.id)?.assigned_lead_id).toBeNull();
    await dialog.getByRole('button', { name: 'Restore anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await planThroughApi()).toEqual(before);

    if (SHOTS_DIR) {
      await page().setViewportSize({ width: 390, height: 844 });
      // The undone optimisation stays chosen.
      await shoot('history-390');
      await page().getByRole('button', { name: 'Replay' }).click();
      await page()
        .getByRole('alert')
        .filter({ hasText: /F recorded/ })
        .waitFor({ timeout: 60_000 });
      await shoot('history-replay-390');
      await page().setViewportSize({ width: 1280, height: 800 });
    }
  });
});

describe('plan history for other roles', () => {
  it('a regular user sees the runs and what they changed, but no undo or replay', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/assignments');
    await page().getByRole('button', { name: 'Plan history' }).click();
    const runs = page().getByRole('list', { name: 'Recorded runs' });
    await runs.getByRole('button').first().click();
    await page().getByRole('table', { name: 'F before and after' }).waitFor();
    expect(await page().getByRole('button', { name: 'Undo this run' }).count()).toBe(0);
    expect(await page().getByRole('button', { name: 'Replay' }).count()).toBe(0);
  });
});
