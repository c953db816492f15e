import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

beforeAll(() => seedSchedule(provided('baseUrl'), provided('admin')));

describe('/analytics', () => {
  it('shows the summary numbers and a single-algorithm run result', async () => {
    await signInByToken(page(), provided('regular'));
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
    await signInByToken(page(), provided('manager'));
    await page().goto('/analytics');
    await page().getByRole('button', { name: 'Compare Algorithms' }).click();
    await page().getByTestId('comparison-progress').waitFor();
    await page().getByRole('region', { name: 'Running tasks' }).getByTestId('task-card').waitFor();
    await page().getByRole('button', { name: 'Cancel Comparison', exact: true }).click();
    await expectToast(page(), 'Comparison task cancelled.');
    await page().getByRole('button', { name: 'Compare Algorithms' }).waitFor();
    await page().getByRole('region', { name: 'Running tasks' }).waitFor({ state: 'detached' });
  });

  it('ranks a finished comparison, recommends one and says why in plain figures', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/analytics');
    await page().getByRole('button', { name: 'Compare Algorithms' }).click();
    const verdict = page().getByTestId('comparison-recommendation');
    // A bound on a hang, not a duration under test: every algorithm of the catalogue runs.
    await verdict.getByText(/^Recommended: /).waitFor({ timeout: 180_000 });
    const table = page().getByRole('table', { name: 'Comparison results' });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(16);
    // Ranks 1, 2, ... down the rows that ran (a row that failed shows a dash, last).
    const ranks = (await table.getByTestId('rank').allTextContents()).filter((r) => r !== '—');
    expect(ranks).toEqual(ranks.map((_, i) => String(i + 1)));
    expect(ranks.length).toBeGreaterThan(0);
    // The recommended algorithm is the first row, marked, and named in the verdict.
    const first = rows.first();
    expect(await first.getByText('Recommended', { exact: true }).count()).toBe(1);
    expect(await table.getByText('Recommended', { exact: true }).count()).toBe(1);
    const name = (await verdict.locator('.MuiAlertTitle-root').textContent())!.replace(
      'Recommended: ',
      '',
    );
    expect(await first.textContent()).toContain(name);
    // Plain figures: slots, miles and each role's range of jobs; the reason names F.
    expect(await verdict.textContent()).toMatch(
      /\d[\d,]* of [\d,]+ slots filled, [\d,]+ mi; jobs a person: lead \d+ to \d+ \(σ [\d.]+\), data acq \d+ to \d+ \(σ [\d.]+\)\. .*F/,
    );
    // How each run ended, in words: never the status's code word, never "variance" alone.
    for (const outcome of await table.getByTestId('outcome').allTextContents()) {
      expect(outcome).not.toMatch(/timeout|feasible/i);
    }
    expect(await table.textContent()).not.toMatch(/variance/i);
    expect(await table.textContent()).toContain('jobs a person');
  });
});
