import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { SEED_LEADS, seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

beforeAll(() => seedSchedule(provided('baseUrl'), provided('admin')));

async function chooseAlgorithm(p: Page, label: string): Promise<void> {
  await p.getByRole('combobox', { name: 'Optimization algorithm' }).click();
  await p.getByRole('option', { name: label, exact: true }).click();
}

describe('optimisation from /assignments', () => {
  it('manager runs the fast heuristic: the task streams to completion and the table reloads with assignments', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();
    expect(
      await page()
        .getByText(SEED_LEADS[0] ?? '', { exact: true })
        .count(),
    ).toBe(0);
    await chooseAlgorithm(page(), 'Simple, Fast');
    await page().getByRole('button', { name: 'Run Optimization' }).click();
    await expectToast(page(), 'has been started.');
    // The completion message reloads the table and posts to the ticker.
    await page()
      .getByRole('region', { name: 'Notifications' })
      .getByText(/finished: .*\d+ of 6 jobs assigned/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page()
      .getByText(new RegExp(`^(${SEED_LEADS.join('|')})$`))
      .first()
      .waitFor();
  });

  it('a second run with nothing changed moves nobody, and says so', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 6 of 6 total jobs').waitFor();
    await chooseAlgorithm(page(), 'Simple, Fast');
    await page().getByRole('button', { name: 'Run Optimization' }).click();
    await expectToast(page(), 'has been started.');
    await page()
      .getByRole('region', { name: 'Notifications' })
      .getByText(
        /finished: No changes: the plan is already the best found \(\d+ of 6 jobs assigned/,
      )
      .first()
      .waitFor({ timeout: 30_000 });
  });

  it('manager cancels a long run from the task panel', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    // The default, portfolio, works its whole time budget (20 s): long enough to cancel.
    await page().getByRole('button', { name: 'Run Optimization' }).click();
    const panel = page().getByRole('region', { name: 'Running tasks' });
    const card = panel.getByTestId('task-card');
    await card.waitFor();
    expect(await card.getByTestId('task-times').textContent()).toMatch(/Elapsed \d\d:\d\d/);
    await card.getByRole('button', { name: /^Cancel / }).click();
    await card.waitFor({ state: 'detached' });
    // The card leaves as the cancel is sent (the panel marks it cancelled at once); the server's
    // list is empty once the cancel has been answered, which on a loaded machine comes later.
    const active = () =>
      page().evaluate(async () => {
        const token = localStorage.getItem('meridian.token') ?? '';
        const r = await fetch('/api/v1/tasks/active', {
          headers: { Authorization: `Bearer ${token}` },
        });
        return (await r.json()) as unknown[];
      });
    await expect.poll(active).toEqual([]);
  });

  it('regular user sees no optimisation controls', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/assignments');
    await page()
      .getByText(/Showing \d+ of \d+ total jobs/)
      .waitFor();
    expect(await page().getByRole('button', { name: 'Run Optimization' }).count()).toBe(0);
    expect(await page().getByRole('button', { name: 'Assign Kits' }).count()).toBe(0);
  });
});
