import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signInByToken } from '../support/app';
import { clearSchedule, jobByCustomer, replaceSchedule } from '../support/scheduling-data';
import { provided } from '../support/provided';

/**
 * The daily screens: /assignments and /schedule open on today onward
 * (the server's today, PLAN_TODAY = 2026-01-05, a Monday), offer This week,
 * This month and All, keep each job's own number whatever is shown, and
 * become cards on a phone.
 */
const { page } = useBrowserPage();

// In the server's order (by start): 001 past, 002 running today, 003 this week, 004 this month,
// 005 next month.
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,physicist_name',
  'job,DS Past Clinic,Dallas,75390,Linac QA,2026-01-02,2026-01-02,',
  'job,DS Running Clinic,Austin,78701,CT QA,2026-01-04,2026-01-06,',
  'job,DS Week Clinic,Boston,02115,MRI QA,2026-01-09,2026-01-09,',
  'job,DS Month Clinic,Denver,80202,PET QA,2026-01-20,2026-01-21,',
  'job,DS Later Clinic,Miami,33101,Linac QA,2026-02-10,2026-02-10,',
].join('\n');

beforeAll(() => replaceSchedule(CSV));
afterAll(() => clearSchedule());

/** The customers of the rows shown, with each row's number, in order. */
async function shownRows(p: Page, label: string): Promise<string[]> {
  const table = p.getByRole('table', { name: label });
  await table.getByRole('row').nth(1).waitFor();
  const rows = await table.getByRole('row').filter({ hasText: 'DS ' }).all();
  const shown: string[] = [];
  for (const row of rows) {
    const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
    shown.push(`${cells[0]} ${cells.find((text) => text.startsWith('DS ')) ?? ''}`);
  }
  return shown;
}

const choose = (p: Page, window: string) =>
  p.getByRole('group', { name: 'Dates' }).getByRole('button', { name: window }).click();

describe('daily screens', () => {
  it('/assignments opens on today onward; the windows keep every job its own number', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page().getByText('Showing 4 of 5 total jobs').waitFor();
    expect(await shownRows(page(), 'Assignments')).toEqual([
      '002 DS Running Clinic',
      '003 DS Week Clinic',
      '004 DS Month Clinic',
      '005 DS Later Clinic',
    ]);
    await choose(page(), 'This week');
    await page().getByText('Showing 2 of 5 total jobs').waitFor();
    expect(await shownRows(page(), 'Assignments')).toEqual([
      '002 DS Running Clinic',
      '003 DS Week Clinic',
    ]);
    expect(new URL(page().url()).searchParams.get('window')).toBe('week');
    await choose(page(), 'This month');
    await page().getByText('Showing 4 of 5 total jobs').waitFor();
    await choose(page(), 'All');
    await page().getByText('Showing 5 of 5 total jobs').waitFor();
    expect((await shownRows(page(), 'Assignments'))[0]).toBe('001 DS Past Clinic');
    // A reload keeps the window.
    await page().reload();
    await page().getByText('Showing 5 of 5 total jobs').waitFor();
  });

  it('/schedule has the same window; this month includes its days before today', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/schedule?window=month');
    await page().getByText('Showing 4 of 5 total jobs').waitFor();
    expect(await shownRows(page(), 'Schedule')).toEqual([
      '001 DS Past Clinic',
      '002 DS Running Clinic',
      '003 DS Week Clinic',
      '004 DS Month Clinic',
    ]);
  });

  it('shows cards on a phone, with the number, the customer and the Why button', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    const week = await jobByCustomer('DS Week Clinic');
    const card = page().getByTestId(`job-row-${week.id}`);
    await card.waitFor();
    expect(await card.evaluate((el) => el.tagName)).toBe('LI');
    expect(await card.textContent()).toContain('003');
    await card.getByRole('button', { name: `Why this assignment? Job ${week.id}` }).waitFor();
    // Nothing needs a sideways scroll.
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
