import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { apiToken } from '../support/api';
import { expectToast, signInByToken } from '../support/app';
import { seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

interface Job {
  id: number;
  customer: string;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
}

/** A call as the admin, through the API (not through the screen under test). */
async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Every job's physician slots, read through the API. */
const planThroughApi = async () =>
  (await api<Job[]>('/assignments/'))
    .map(({ id, customer, assigned_lead_id, assigned_data_acq_id }) => ({
      id,
      customer,
      assigned_lead_id,
      assigned_data_acq_id,
    }))
    .sort((a, b) => a.id - b.id);

async function startPreview(p: Page): Promise<void> {
  await p.getByRole('combobox', { name: 'Optimization algorithm' }).click();
  await p.getByRole('option', { name: 'Simple, Fast', exact: true }).click();
  await p.getByRole('button', { name: 'Preview' }).click();
}

beforeAll(async () => {
  // A fresh schedule: six jobs, nobody assigned, so a preview has slots to fill.
  await seedSchedule(provided('baseUrl'), provided('admin'));
});

describe('preview runs on /assignments', () => {
  it('manager previews a run: the diff shows, Discard changes nothing, Apply writes it as a recorded run', async () => {
    const before = await planThroughApi();
    expect(before.every((j) => j.assigned_lead_id === null)).toBe(true);
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();

    await startPreview(page());
    const dialog = page().getByRole('dialog');
    const changes = dialog.getByRole('table', { name: 'Proposed changes' });
    await changes.waitFor({ timeout: 30_000 });
    await dialog.getByText('nothing in the plan has changed yet').waitFor();
    await dialog.getByRole('table', { name: 'F before and after' }).waitFor();
    await changes.getByText('Clinic 1').first().waitFor();
    // A preview writes nothing.
    expect(await planThroughApi()).toEqual(before);

    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expectToast(page(), 'Proposal discarded: nothing was changed.');
    await dialog.waitFor({ state: 'detached' });
    expect(await planThroughApi()).toEqual(before);

    await startPreview(page());
    await dialog.getByRole('table', { name: 'Proposed changes' }).waitFor({ timeout: 30_000 });
    const rows = await dialog
      .getByRole('table', { name: 'Proposed changes' })
      .getByRole('row')
      .count();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expectToast(page(), `Proposal applied: ${rows - 1} slots changed.`);
    await dialog.waitFor({ state: 'detached' });

    const after = await planThroughApi();
    expect(after.every((j) => j.assigned_lead_id !== null)).toBe(true);
    const [newest] =
      await api<{ kind: string; algorithm: string | null; changed_slots: number }[]>('/runs');
    expect(newest).toMatchObject({ kind: 'proposal', changed_slots: rows - 1 });
    expect(newest!.algorithm).not.toBeNull();
    // The history panel names the apply as a preview.
    await page().getByRole('button', { name: 'Plan history' }).click();
    await page()
      .getByRole('list', { name: 'Recorded runs' })
      .getByRole('button')
      .first()
      .getByText('Preview applied', { exact: false })
      .waitFor();
  });
});
