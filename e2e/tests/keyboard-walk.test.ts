import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { apiToken } from '../support/api';
import { seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

// The keyboard target (docs/accessibility.md): a manager signs in, opens /assignments, starts
// an optimisation, opens and reads a whole explanation, and undoes a run, by
// keyboard alone. No click, fill or focus() below: only key presses, and
// locators to check where the focus went.

const { page } = useBrowserPage();

beforeAll(() => seedSchedule(provided('baseUrl'), provided('admin')));

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/**
 * Presses `key` until `target` has the focus; fails after `max` presses. The bounds are
 * generous: on the suite's shared server, earlier tests can leave more stops on the way
 * (their notices in the ticker, for one).
 */
async function pressUntilFocused(p: Page, target: Locator, max: number, key = 'Tab') {
  await target.waitFor();
  for (let presses = 1; presses <= max; presses++) {
    await p.keyboard.press(key);
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${key} x ${max} never reached ${target.toString()}`);
}

/** Every job's lead and data-acq, through the API (not through the screen under test). */
async function planThroughApi(): Promise<string> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1/assignments/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const jobs = (await response.json()) as {
    id: number;
    assigned_lead_id: number | null;
    assigned_data_acq_id: number | null;
  }[];
  return JSON.stringify(jobs.map((j) => [j.id, j.assigned_lead_id, j.assigned_data_acq_id]).sort());
}

// Some 150 key presses, each waiting for the page: 130 s at load 38 on 2 cores (2026-11-29), so
// this test's timeout is the suite's 60 s times four; it asserts no duration.
describe('the keyboard alone', () => {
  it('signs a manager in, runs an optimisation, reads a whole explanation and undoes the run', async () => {
    const p = page();
    const manager = provided('manager');
    const before = await planThroughApi();

    // Sign in.
    await p.goto('/login');
    // The page paints from its prerendered markup, whose fields take no typing, before the
    // app renders over it (apps/web/scripts/prerender.mjs): keys wait for the live form.
    await p.locator('input[name="username"]:not([readonly])').waitFor();
    await pressUntilFocused(p, p.getByLabel('Username'), 10);
    await p.keyboard.type(manager.username);
    await p.keyboard.press('Tab');
    expect(await isFocused(p.getByLabel('Password'))).toBe(true);
    await p.keyboard.type(manager.password);
    await p.keyboard.press('Enter');
    await p.waitForURL((url) => url.pathname !== '/login');

    // Sign-in leaves the focus on the main region. The drawer comes before it: back to
    // Assignments, past the drawer's links below it.
    await expect.poll(() => isFocused(p.getByRole('main')), { timeout: 10_000 }).toBe(true);
    const nav = p.getByRole('navigation', { name: 'Main navigation' });
    await pressUntilFocused(p, nav.getByRole('link', { name: 'Assignments' }), 12, 'Shift+Tab');
    await p.keyboard.press('Enter');
    await p.waitForURL((url) => url.pathname === '/assignments');
    await p.getByText('Showing 6 of 6 total jobs').waitFor();

    // Choose the fast heuristic and run it.
    const algorithm = p.getByRole('combobox', { name: 'Optimization algorithm' });
    await pressUntilFocused(p, algorithm, 200);
    await p.keyboard.press('Enter');
    await pressUntilFocused(
      p,
      p.getByRole('option', { name: 'Simple, Fast', exact: true }),
      30,
      'ArrowDown',
    );
    await p.keyboard.press('Enter');
    await expect.poll(() => algorithm.textContent(), { timeout: 10_000 }).toContain('Simple, Fast');
    await pressUntilFocused(p, p.getByRole('button', { name: 'Run Optimization' }), 10);
    await p.keyboard.press('Enter');
    await p
      .getByRole('region', { name: 'Notifications' })
      .getByText(/finished: .*\d+ of 6 jobs assigned/)
      .first()
      .waitFor({ timeout: 30_000 });
    const afterRun = await planThroughApi();
    expect(afterRun).not.toBe(before);

    // Open the first explanation and scroll it to its end.
    const why = p.getByRole('button', { name: /^Why this assignment\? Job/ }).first();
    await pressUntilFocused(p, why, 400);
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog');
    const kit = dialog.getByRole('region', { name: /kit/i }).last();
    await kit.waitFor();
    const body = dialog.locator('.MuiDialogContent-root');
    if (!(await isFocused(body))) await pressUntilFocused(p, body, 20);
    for (let presses = 0; presses < 40; presses++) {
      const atEnd = await body.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1);
      if (atEnd) break;
      await p.keyboard.press('PageDown');
    }
    expect(await body.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1)).toBe(
      true,
    );
    // The kit part, last in the dialog, is inside the visible part of the body.
    const [kitBox, bodyBox] = [await kit.boundingBox(), await body.boundingBox()];
    expect(kitBox!.y).toBeGreaterThanOrEqual(bodyBox!.y);
    expect(kitBox!.y).toBeLessThan(bodyBox!.y + bodyBox!.height);
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus is back on the button that opened the dialog.
    expect(await isFocused(why)).toBe(true);

    // Undo the run from the plan history.
    await pressUntilFocused(p, p.getByRole('button', { name: 'Plan history' }), 400, 'Shift+Tab');
    await p.keyboard.press('Enter');
    const newest = p.getByRole('list', { name: 'Recorded runs' }).getByRole('button').first();
    await newest.getByText(/Optimization/).waitFor();
    await pressUntilFocused(p, newest, 200);
    await p.keyboard.press('Enter');
    await pressUntilFocused(p, p.getByRole('button', { name: 'Undo this run' }), 200);
    await p.keyboard.press('Enter');
    const confirm = p.getByRole('dialog').getByRole('button', { name: 'Undo this run' });
    await pressUntilFocused(p, confirm, 10);
    await p.keyboard.press('Enter');
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(planThroughApi, { timeout: 10_000 }).toBe(before);
  }, 240_000);
});
