import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { axeFindings } from '../support/axe';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  jobByCustomer,
  replaceSchedule,
} from '../support/scheduling-data';
import { linkRegularTo, unlinkRegular } from '../support/regular-link';
import { provided } from '../support/provided';

/**
 * The planning window's screens: a manager publishes the plan through a date from
 * /assignments and sees the phases change there and the publish line on
 * /timeline; a physicist on a phone tells confirmed jobs from tentative ones
 * and can hide the tentative. The server's today is E2E_TODAY, 2026-01-05.
 *
 * Publishing moves only forward and the server is shared: this file publishes
 * through 2026-01-16 and no other file's jobs fall in those days.
 */
const { page } = useBrowserPage();

const THROUGH = '2026-01-16';
const PEOPLE = [{ name: 'PW Lead Pat', role: 'lead', home_zip: '10016' }] as const;
// Past (before today), two jobs in the weeks to publish, one after them.
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
  'job,PW Past Clinic,New York,10016,Linac QA,2025-12-15,2025-12-16,PW Lead Pat,',
  'job,PW Soon Clinic,New York,10016,Linac QA,2026-01-08,2026-01-08,PW Lead Pat,',
  'job,PW Next Clinic,Boston,02115,CT QA,2026-01-14,2026-01-15,PW Lead Pat,',
  'job,PW Later Clinic,Boston,02115,CT QA,2026-02-10,2026-02-10,PW Lead Pat,',
].join('\n');

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  // Linked before the jobs arrive, so every published job is news to the physicist.
  await linkRegularTo('PW Lead Pat');
  await replaceSchedule(CSV);
});
afterAll(async () => {
  await unlinkRegular();
  await clearSchedule();
});

const row = async (p: Page, customer: string) =>
  p.getByTestId(`job-row-${(await jobByCustomer(customer)).id}`);

describe('publishing the plan', () => {
  it('a manager publishes through a date from /assignments and sees it on /timeline', async () => {
    await page().setViewportSize({ width: 1440, height: 900 });
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments?window=all');
    const status = page().getByTestId('published-through');
    await status.filter({ hasText: 'Nothing published yet' }).waitFor();
    const past = await row(page(), 'PW Past Clinic');
    const soon = await row(page(), 'PW Soon Clinic');
    await past.filter({ hasText: 'Past' }).waitFor();
    expect(await past.getAttribute('class')).toContain('job-past');
    await soon.filter({ hasText: 'Draft' }).waitFor();

    await page().getByRole('button', { name: 'Publish through…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Publish the plan' });
    const date = dialog.getByLabel('Publish through');
    // Proposed: the end of next week (today is Monday 2026-01-05).
    expect(await date.inputValue()).toBe('2026-01-18');
    // A day before today: the server's reason, and nothing to publish.
    await date.fill('2026-01-02');
    await dialog.getByRole('alert').filter({ hasText: 'before today (2026-01-05)' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await date.fill(THROUGH);
    await dialog
      .getByText('2 jobs become published; 1 person will be told of new or changed jobs.')
      .waitFor();
    expect(await axeFindings(page(), 'publish dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page(), 'Published through 16 Jan 2026: 1 person told');

    await status.filter({ hasText: 'Published through 16 Jan 2026' }).waitFor();
    await soon.filter({ hasText: 'Published' }).waitFor();
    await (await row(page(), 'PW Later Clinic')).filter({ hasText: 'Draft' }).waitFor();
    expect(await axeFindings(page(), '/assignments with every phase')).toEqual([]);

    await page().goto('/timeline');
    const line = page().getByTestId('published-line');
    await line.waitFor();
    await page()
      .getByTestId('legend-published')
      .filter({ hasText: 'Published through 16 Jan 2026' })
      .waitFor();
    // The line is drawn after the last published job (14 to 15 Jan), on the 16th's far edge.
    const nextId = (await jobByCustomer('PW Next Clinic')).id;
    const nextBar = page().locator(`[data-bar-key="${nextId}:lead"]`);
    expect(await nextBar.getAttribute('class')).toContain('tl-published');
    const [bar, mark] = await Promise.all([nextBar.boundingBox(), line.boundingBox()]);
    const dayWidth = (bar!.width + 2) / 2; // a bar is its days less a pixel each side
    const gap = mark!.x - (bar!.x + bar!.width);
    expect(gap).toBeGreaterThan(dayWidth / 2);
    expect(gap).toBeLessThan(dayWidth * 1.5);
    expect(await axeFindings(page(), '/timeline with the publish line')).toEqual([]);
  });
});

describe('my schedule', () => {
  it('a physicist at 390 px sees confirmed and tentative jobs apart and can hide the tentative', async () => {
    // Published through the same date whether or not the manager's test ran first.
    await adminApi('/plan/publish', { method: 'POST', body: JSON.stringify({ through: THROUGH }) });
    await page().setViewportSize({ width: 390, height: 844 });
    await signInByToken(page(), provided('regular'));
    await page().goto('/my-schedule');
    const next = page().getByRole('region', { name: 'Next jobs' });
    await next.getByRole('article').first().waitFor();
    const shown = () =>
      next
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map((card) => `${card.querySelector('h3')?.textContent} ${card.dataset.status}`),
        );
    expect(await shown()).toEqual([
      'PW Soon Clinic Confirmed',
      'PW Next Clinic Confirmed',
      'PW Later Clinic Tentative',
    ]);
    await next.getByText('Tentative', { exact: true }).waitFor();
    await page()
      .getByRole('region', { name: 'Past jobs' })
      .getByRole('article', { name: /PW Past Clinic/ })
      .waitFor();
    expect(await axeFindings(page(), '/my-schedule at 390 px')).toEqual([]);

    await page().getByLabel('Hide tentative').check();
    await next.getByText('1 tentative job hidden').waitFor();
    expect(await shown()).toEqual(['PW Soon Clinic Confirmed', 'PW Next Clinic Confirmed']);
    // Remembered in this browser.
    await page().reload();
    await next.getByText('1 tentative job hidden').waitFor();
    expect(await page().getByLabel('Hide tentative').isChecked()).toBe(true);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
