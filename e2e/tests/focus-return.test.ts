import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { apiToken } from '../support/api';
import { signInByToken } from '../support/app';
import { linkRegularTo, unlinkRegular } from '../support/regular-link';
import { SEED_LEADS, seedSchedule } from './optimization-seed';
import { provided } from '../support/provided';

// Focus returns to where it was after any dialog or task completion (docs/accessibility.md). Each dialog
// below is opened by keyboard (its opener focused, then Enter) and closed by keyboard; the
// test then reads document.activeElement. It is never the page body.

const { page } = useBrowserPage();

beforeAll(async () => {
  await seedSchedule(provided('baseUrl'), provided('admin'));
  // The regular user stands for a seed lead, so that they can ask for leave for the inbox.
  await linkRegularTo(SEED_LEADS[2]!);
});
afterAll(async () => {
  await unlinkRegular();
});

/** What has the focus, in words: "body" when nothing does. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const e = document.activeElement;
    if (e === null || e === document.body) return 'body';
    return (
      e.getAttribute('aria-label') ??
      e.getAttribute('data-focus-key') ??
      `${e.tagName}: ${(e.textContent ?? '').trim().slice(0, 60)}`
    );
  });

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/** Waits until `target` has the focus; fails with what has it instead. */
async function expectFocusOn(p: Page, target: Locator) {
  try {
    await expect.poll(() => isFocused(target), { timeout: 10_000 }).toBe(true);
  } catch {
    throw new Error(`focus is on ${await focused(p)}, not on ${target.toString()}`);
  }
}

/** Focuses `opener` and presses Enter; waits for the dialog. */
async function openByKeyboard(p: Page, opener: Locator): Promise<Locator> {
  await opener.focus();
  await p.keyboard.press('Enter');
  const dialog = p.getByRole('dialog');
  // Generous: a preview's dialog opens once its task is queued, on a shared, busy machine.
  await dialog.waitFor({ timeout: 60_000 });
  return dialog;
}

/** Escape, then waits until no modal layer is left. */
async function escape(p: Page) {
  await p.keyboard.press('Escape');
  // A menu that opened the dialog may still be leaving: every modal layer has to go.
  await expect.poll(() => p.locator('.MuiModal-root').count()).toBe(0);
}

/** Opens a dialog from `opener` by keyboard, closes it with Escape, expects the focus back. */
async function roundTrip(p: Page, opener: Locator) {
  await openByKeyboard(p, opener);
  await escape(p);
  await expectFocusOn(p, opener);
}

/** The signed-in page's own API call (its token), for what the test waits on. */
const activeTasks = (p: Page) =>
  p.evaluate(async () => {
    const token = localStorage.getItem('meridian.token') ?? '';
    const r = await fetch('/api/v1/tasks/active', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await r.json()) as unknown[]).length;
  });

/** Presses Enter on Run Optimization; returns once its toast says the run started. */
async function startRun(p: Page, run: Locator) {
  const toasts = p
    .getByTestId('toast')
    .filter({ hasText: /Optimization task .* has been started/ });
  // A toast not shown before, by its text (each names its task): counting them could miss one
  // that appeared as an earlier run's toast hid.
  const before = new Set(await toasts.allTextContents());
  await run.focus();
  await p.keyboard.press('Enter');
  await expect
    .poll(async () => (await toasts.allTextContents()).some((text) => !before.has(text)), {
      timeout: 30_000,
    })
    .toBe(true);
}

describe('focus after a dialog', () => {
  it('returns to the opener of each /assignments dialog and of the account menu', async () => {
    const p = page();
    await signInByToken(p, provided('manager'));
    await p.goto('/assignments?window=all');
    await p.getByText('Showing 6 of 6 total jobs').waitFor();

    await roundTrip(p, p.getByRole('button', { name: /^Why this assignment\? Job/ }).first());
    await roundTrip(p, p.getByRole('button', { name: /^Notify all physicists about job/ }).first());
    await roundTrip(p, p.getByRole('button', { name: 'What if…' }));
    await roundTrip(p, p.getByRole('button', { name: /^Publish through/ }));

    // From a menu item: the item is gone with its menu when the dialog closes.
    const account = p.getByRole('button', { name: /account menu$/ });
    await account.focus();
    await p.keyboard.press('Enter');
    await p.getByRole('menuitem', { name: 'Change password' }).waitFor();
    await p.keyboard.press('Enter');
    await p.getByRole('dialog').waitFor();
    await escape(p);
    await expectFocusOn(p, account);

    await account.focus();
    await p.keyboard.press('Enter');
    await p.getByRole('menuitem', { name: 'Sign out everywhere' }).waitFor();
    // The menu's last item (Change password, Change e-mail, Sign out everywhere).
    await p.keyboard.press('End');
    await p.keyboard.press('Enter');
    await p.getByRole('dialog', { name: 'Sign out everywhere?' }).waitFor();
    await escape(p);
    await expectFocusOn(p, account);
  });

  it('keeps the focus in a dialog while a task finishes, and returns it after', async () => {
    const p = page();
    await signInByToken(p, provided('manager'));
    await p.goto('/assignments?window=all');
    await p.getByText('Showing 6 of 6 total jobs').waitFor();
    const algorithm = p.getByRole('combobox', { name: 'Optimization algorithm' });
    const choose = async (name: string) => {
      await algorithm.click();
      await p.getByRole('option', { name, exact: true }).click();
      await expect.poll(() => algorithm.textContent()).toContain(name);
    };
    // The fast heuristic, where the run's length does not matter.
    await choose('Simple, Fast');

    // A preview: its dialog follows the run and turns into the proposal when the run ends.
    const preview = p.getByRole('button', { name: 'Preview', exact: true });
    const dialog = await openByKeyboard(p, preview);
    await dialog.getByRole('button', { name: /^Discard/ }).waitFor({ timeout: 60_000 });
    expect(await focused(p)).not.toBe('body');
    expect(await p.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await escape(p);
    await expectFocusOn(p, preview);

    // A run started from its button: the button is busy a moment; the focus stays with it.
    const run = p.getByRole('button', { name: 'Run Optimization' });
    await startRun(p, run);
    await expect.poll(() => activeTasks(p), { timeout: 120_000 }).toBe(0);
    await expectFocusOn(p, run);

    // A run that finishes while "Why this assignment?" is open reloads the table under it:
    // the portfolio works its whole time budget, so the dialog is open before it ends.
    await choose('Portfolio, Parallel Best');
    await startRun(p, run);
    const why = p.getByRole('button', { name: /^Why this assignment\? Job/ }).nth(2);
    const label = await why.getAttribute('aria-label');
    await openByKeyboard(p, why);
    await expect.poll(() => activeTasks(p), { timeout: 120_000 }).toBe(0);
    expect(await focused(p)).not.toBe('body');
    await escape(p);
    await expectFocusOn(p, p.getByRole('button', { name: label!, exact: true }));
  }, 240_000);

  it("returns to a timeline bar after its menu's dialogs", async () => {
    const p = page();
    await signInByToken(p, provided('manager'));
    await p.goto('/timeline');
    const bar = p.locator('.tl-bar').first();
    await bar.waitFor({ timeout: 30_000 });
    const key = await bar.getAttribute('data-bar-key');
    const same = p.locator(`[data-bar-key="${key}"]`);

    await bar.focus();
    await p.keyboard.press('Enter');
    await p.getByRole('menuitem', { name: 'Why this assignment?' }).waitFor();
    await p.keyboard.press('Enter');
    await p.getByRole('dialog').waitFor();
    await escape(p);
    await expectFocusOn(p, same);

    await same.focus();
    await p.keyboard.press('Enter');
    await p.getByRole('menuitem', { name: 'Reassign to...' }).waitFor();
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('Enter');
    await p.getByRole('dialog').waitFor();
    await escape(p);
    await expectFocusOn(p, same);
  });

  it('returns to the data-management controls, and to the request an inbox decision removed', async () => {
    const p = page();
    await signInByToken(p, provided('manager'));
    await p.goto('/import');
    const remove = p.getByRole('button', { name: /^Delete job/ }).first();
    await roundTrip(p, remove);

    // Replace-all asks first; cancelled, the focus is back on the upload button.
    const upload = p.getByRole('button', { name: 'Upload CSV to Replace All' });
    await upload.focus();
    // The file as the chooser would hand it (the chooser itself is the browser's, not the page's).
    await p.getByTestId('schedule-file-input').setInputFiles({
      name: 'same.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('customer,zip_code,start,end\nFR Clinic,10016,2030-04-01,2030-04-01\n'),
    });
    await p.getByRole('dialog', { name: 'Replace all jobs?' }).waitFor();
    await escape(p);
    await expectFocusOn(p, upload);

    // Deleting a job removes its row and button: the focus stays in the page, not on the body.
    const count = await p.getByRole('button', { name: /^Delete job/ }).count();
    const dialog = await openByKeyboard(p, remove);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
    await p.keyboard.press('Enter');
    await p.locator('.MuiModal-root').waitFor({ state: 'detached' });
    await expect.poll(() => p.getByRole('button', { name: /^Delete job/ }).count()).toBe(count - 1);
    await expect.poll(() => focused(p)).not.toBe('body');

    // A leave request, declined from the inbox: its buttons go, the focus goes to its card.
    const token = await apiToken(provided('baseUrl'), provided('regular'));
    const asked = await fetch(`${provided('baseUrl')}/api/v1/me/leave-requests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ start: '2027-08-04', end: '2027-08-05', note: 'Focus test' }),
    });
    expect(asked.status).toBe(201);
    await p.goto('/requests');
    const card = p.getByRole('article', { name: `${SEED_LEADS[2]}: leave` });
    const decline = card.getByRole('button', { name: 'Decline' });
    await roundTrip(p, decline);
    await openByKeyboard(p, decline);
    await p.keyboard.type('Busy week');
    await p.getByRole('dialog').getByRole('button', { name: 'Decline' }).focus();
    await p.keyboard.press('Enter');
    await p.locator('.MuiModal-root').waitFor({ state: 'detached' });
    await expectFocusOn(p, card);
  });
});
