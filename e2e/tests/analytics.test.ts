import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, signIn } from '../support/app';
import { seedSchedule } from './optimization-seed';

const { page } = useBrowserPage();

beforeAll(() => seedSchedule(inject('baseUrl'), inject('admin')));

describe('/analytics', () => {
  it('shows the summary numbers and a single-algorithm run result', async () => {
    await signIn(page(), inject('regular'));
    await page().goto('/analytics');
    const assigned = page().getByTestId('jobs-assigned-value');
    await assigned.waitFor();
    expect(await assigned.textContent()).toMatch(/^\d+ \/ 6$/);
    // The balance card gives each role's range and fair share beside the rule's verdict.
    for (const [role, words] of [
      ['lead', 'Lead'],
      ['data_acq', 'Data acq'],
    ]) {
      expect(await page().getByTestId(`balance-${role}`).textContent()).toMatch(
        new RegExp(`^${words}: (no jobs yet|\\d+ to \\d+ jobs a person, fair share [\\d.]+)`),
      );
    }
    await page().getByRole('combobox', { name: 'Analysis algorithm' }).click();
    await page().getByRole('option', { name: 'Simple, Fast', exact: true }).click();
    await page().getByRole('button', { name: 'Run Analysis' }).click();
    const row = page()
      .getByRole('table', { name: 'Single run result' })
      .getByTestId('result-heuristic');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Simple, Fast');
  });

  it('starts an algorithm comparison and cancels it', async () => {
    await signIn(page(), inject('manager'));
    await page().goto('/analytics');
    await page().getByRole('button', { name: 'Compare Algorithms' }).click();
    await page().getByTestId('comparison-progress').waitFor();
    await page().getByRole('region', { name: 'Running tasks' }).getByTestId('task-card').waitFor();
    await page().getByRole('button', { name: 'Cancel Comparison', exact: true }).click();
    await expectToast(page(), 'Comparison task cancelled.');
    await page().getByRole('button', { name: 'Compare Algorithms' }).waitFor();
    await page().getByRole('region', { name: 'Running tasks' }).waitFor({ state: 'detached' });
  });
});
