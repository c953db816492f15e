import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { apiToken } from '../support/api';
import { expectToast, signInByToken } from '../support/app';
import { seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

const SHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR;
async function shoot(name: string) {
  if (!SHOTS_DIR) return;
  await page().waitForTimeout(300);
  await page().screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

interface Job {
  id: number;
  customer: string;
  start: string;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
  assigned_kit_id: number | null;
}

/** A GET as the admin, through the API (not through the screen under test). */
async function apiGet<T>(path: string): Promise<T> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Every job's slots (ids), read through the API. */
const planThroughApi = async () =>
  (await apiGet<Job[]>('/assignments/'))
    .map(({ id, customer, start, assigned_lead_id, assigned_data_acq_id, assigned_kit_id }) => ({
      id,
      customer,
      start,
      assigned_lead_id,
      assigned_data_acq_id,
      assigned_kit_id,
    }))
    .sort((a, b) => a.id - b.id);

/** A plan to repair: a heuristic run through the API, waited for until every lead slot is filled. */
async function optimiseThroughApi(): Promise<void> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const started = await fetch(`${provided('baseUrl')}/api/v1/optimize/assign?algorithm=heuristic`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(started.status, await started.clone().text()).toBe(202);
  for (let i = 0; i < 120; i++) {
    const jobs = await planThroughApi();
    if (jobs.length === 6 && jobs.every((j) => j.assigned_lead_id !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the heuristic run did not fill every lead slot within 30 s');
}

beforeAll(async () => {
  await seedSchedule(provided('baseUrl'), provided('admin'));
  await optimiseThroughApi();
});

describe('what-if drill on /assignments', () => {
  it('manager marks an assigned lead out over their job, applies the proposal: that slot changed', async () => {
    const before = await planThroughApi();
    const job = before.find((j) => j.customer === 'Clinic 1')!;
    const sick = job.assigned_lead_id!;
    const physicists = await apiGet<{ id: number; name: string }[]>('/physicists/');
    const sickName = physicists.find((p) => p.id === sick)!.name;
    const day = job.start.slice(0, 10);

    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();
    await page().getByRole('button', { name: 'What if…' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Who is out' }).click();
    await page().getByRole('option', { name: sickName, exact: true }).click();
    await dialog.getByLabel('From').fill(day);
    await dialog.getByLabel('To').fill(day);
    await dialog.getByRole('button', { name: 'Ask' }).click();
    const changes = dialog.getByRole('table', { name: 'Proposed changes' });
    await changes.waitFor({ timeout: 30_000 });
    await changes.getByText('Clinic 1').first().waitFor();
    // Asking changed nothing.
    expect(await planThroughApi()).toEqual(before);

    // Before applying, the dialog says the absence will be recorded as leave.
    await dialog.getByText(`Applying also records ${sickName} as unavailable ${day}`).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expectToast(
      page(),
      `Proposal applied: 1 slot changed. ${sickName}'s leave is recorded for ${day}, so no run or manual assignment puts them back.`,
    );
    await dialog.waitFor({ state: 'detached' });
    // Recorded in the apply's transaction: the leave list holds the day.
    const leave =
      await apiGet<{ physicist_name: string; start_date: string; end_date: string }[]>(
        '/availability/',
      );
    expect(leave).toContainEqual(
      expect.objectContaining({ physicist_name: sickName, start_date: day, end_date: day }),
    );

    const after = await planThroughApi();
    const repaired = after.find((j) => j.id === job.id)!;
    expect(repaired.assigned_lead_id).not.toBeNull();
    expect(repaired.assigned_lead_id).not.toBe(sick);
    // The smallest repair: on six one-day jobs on six days, only that lead slot moves.
    expect(after.map((j) => ({ ...j, assigned_lead_id: null }))).toEqual(
      before.map((j) => ({ ...j, assigned_lead_id: null })),
    );
    expect(after.filter((j, i) => j.assigned_lead_id !== before[i]!.assigned_lead_id)).toEqual([
      repaired,
    ]);

    // Applied as a recorded run, which the history panel lists.
    const [newest] = await apiGet<{ id: number; kind: string; changed_slots: number }[]>('/runs');
    expect(newest).toMatchObject({ kind: 'proposal', changed_slots: 1 });
    await page().getByRole('button', { name: 'Plan history' }).click();
    await page()
      .getByRole('list', { name: 'Recorded runs' })
      .getByRole('button')
      .first()
      .getByText('What-if applied')
      .click();

    // The applied what-if replays: its repair reruns on the recorded plan before it.
    if (SHOTS_DIR) await page().setViewportSize({ width: 1280, height: 800 });
    await page().getByRole('table', { name: 'F before and after' }).waitFor();
    await page().getByRole('button', { name: 'Replay' }).click();
    await page()
      .getByRole('alert')
      .filter({ hasText: /^Reproduced: the repair on the recorded plan before it/ })
      .waitFor({ timeout: 30_000 });
    await shoot('what-if-replay-1280');
    if (SHOTS_DIR) {
      await page().setViewportSize({ width: 390, height: 844 });
      await shoot('what-if-replay-390');
      await page().setViewportSize({ width: 1280, height: 800 });
    }
  });
});
