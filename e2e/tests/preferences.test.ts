import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { axeFindings } from '../support/axe';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  replaceSchedule,
} from '../support/scheduling-data';
import { linkRegularTo, setRegularLink, unlinkRegular } from '../support/regular-link';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

// A physicist states the days they would rather not work on
// My schedule (by keyboard, at 390 px); a manager sees them hatched on the timeline.
const PEOPLE = [{ name: 'PF Lead Wishes', role: 'lead', home_zip: '10001' }] as const;
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
  'job,PF Clinic,New York,10016,Linac QA,2026-03-02,2026-03-03,PF Lead Wishes,',
].join('\n');

/** Where to leave screenshots for looking at the screens (only when set). */
const SHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR;
const shoot = async (p: Page, name: string) => {
  if (SHOTS_DIR) await p.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
};

let personId = 0;

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await replaceSchedule(CSV);
  personId = await linkRegularTo('PF Lead Wishes');
});
afterAll(async () => {
  await unlinkRegular();
  await clearSchedule();
});

describe('preferences', () => {
  it('a physicist picks weekdays and dates by keyboard at 390 px and saves them', async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    await signInByToken(p, provided('regular'));
    await p.goto('/my-schedule');
    const panel = p.getByRole('region', { name: 'My preferences' });
    await panel.waitFor();
    const save = panel.getByRole('button', { name: 'Save preferences' });
    expect(await save.isDisabled()).toBe(true);

    // Mondays, by keyboard: focus the checkbox and press Space.
    await panel.getByRole('checkbox', { name: 'Monday' }).focus();
    await p.keyboard.press('Space');
    expect(await panel.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    // A date: typed into the date field, added with Enter; the same date again is refused.
    const date = panel.getByLabel('Date', { exact: true });
    await date.focus();
    await p.keyboard.type('03032026');
    await p.keyboard.press('Enter');
    await panel.getByRole('listitem').filter({ hasText: 'Tue 3 Mar 2026' }).waitFor();
    await date.fill('2026-03-03');
    await panel.getByText('Tue 3 Mar 2026 is already listed').waitFor();
    expect(await panel.getByRole('button', { name: 'Add date' }).isDisabled()).toBe(true);
    await date.fill('2026-07-04');
    await p.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Remove Sat 4 Jul 2026' }).waitFor();

    // Nothing scrolls sideways at 390 px.
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await axeFindings(p, 'my preferences at 390 px')).toEqual([]);
    await shoot(p, 'preferences-390');

    await save.focus();
    await p.keyboard.press('Enter');
    await expectToast(p, 'Preferences saved.');
    expect(await save.isDisabled()).toBe(true);
    const stored = await adminApi<{ avoid_dates: string[]; avoid_weekdays: number[] }>(
      `/physicists/${personId}/preferences`,
    );
    expect(stored).toMatchObject({
      avoid_dates: ['2026-03-03', '2026-07-04'],
      avoid_weekdays: [1],
    });

    // Removing a date by keyboard: its own button, named by the date.
    await panel.getByRole('button', { name: 'Remove Sat 4 Jul 2026' }).focus();
    await p.keyboard.press('Enter');
    expect(await panel.getByRole('listitem').count()).toBe(1);
    await p.setViewportSize({ width: 1440, height: 900 });
    await shoot(p, 'preferences-1440');

    // A refusal shows the server's words: the account was unlinked meanwhile.
    await unlinkRegular();
    await save.click();
    await panel.getByText(/^Failed to save preferences: .*not linked to a physicist/).waitFor();
    await setRegularLink(personId);
  });

  it('a manager sees the avoided days as a light hatch on the timeline', async () => {
    const p = page();
    await p.setViewportSize({ width: 1440, height: 900 });
    await signInByToken(p, provided('manager'));
    await p.goto('/timeline');
    await p.getByRole('button', { name: 'Week', exact: true }).click();
    const row = p.locator(`[data-row-key="person:${personId}"]`);
    await row.locator('[data-avoided]').first().waitFor();
    // Monday 2 Mar and Tuesday 3 Mar join into one hatch; other Mondays have their own.
    expect(await row.locator('[data-avoided]').count()).toBeGreaterThan(0);
    await p.getByText('Asked to avoid').waitFor();
    expect(await axeFindings(p, 'timeline with avoided days')).toEqual([]);
    await shoot(p, 'timeline-avoided-1440');
    // The bar's explanation prices the avoided days: Monday 2 and Tuesday 3 March, +2 at weight 1.
    await row.locator('[data-bar-key]').first().click();
    await p.getByRole('menuitem', { name: 'Why this assignment?' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText(/on 2 days PF Lead Wishes asked to avoid: \+2\.00/).waitFor();
    await shoot(p, 'explain-avoided-1440');
    await p.keyboard.press('Escape');
    await p.setViewportSize({ width: 390, height: 844 });
    await row.locator('[data-avoided]').first().waitFor();
    await shoot(p, 'timeline-avoided-390');
  });

  it('shows a regular user no hatch of other people’s wishes', async () => {
    const p = page();
    await signInByToken(p, provided('regular'));
    await p.goto('/timeline');
    const row = p.locator(`[data-row-key="person:${personId}"]`);
    await row.waitFor();
    expect(await row.locator('[data-avoided]').count()).toBe(0);
    expect(await p.getByText('Asked to avoid').count()).toBe(0);
  });
});
