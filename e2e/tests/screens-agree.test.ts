import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signInByToken } from '../support/app';
import { linkRegularTo, unlinkRegular } from '../support/regular-link';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  jobByCustomer,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

/**
 * One data set, every screen: the open-slot count (packages/domain/src/open-slots.ts)
 * reads the same on each screen and in the API; the bell and the ticker show the
 * same notifications; the ticker and the blinking rows stand still for people who
 * ask for reduced motion, and move for everyone else.
 */
const { page } = useBrowserPage();

const PEOPLE = [
  { name: 'AG Lead', role: 'lead', home_zip: '02115' },
  { name: 'AG Acq', role: 'dataacq', home_zip: '02115' },
] as const;

// Today is 2026-01-05 (e2e/support/today.ts). Open slots: Lead Only 1, Nobody 2 (its
// range holds a weekend: the row blinks), Past 2 (a past job's empty slot counts too).
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,assigned_data_acq,physicist_name',
  'job,AG Full Clinic,Boston,02115,Linac QA,2026-01-07,2026-01-07,AG Lead,AG Acq,',
  'job,AG Lead Only,Boston,02115,CT QA,2026-01-08,2026-01-08,AG Lead,,',
  'job,AG Nobody,Dallas,75390,MRI QA,2026-01-09,2026-01-10,,,',
  'job,AG Past,Austin,78701,PET QA,2026-01-02,2026-01-02,,,',
].join('\n');
const WORDS = '5 open slots on 3 of 4 jobs';

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await replaceSchedule(CSV);
  // Linked, the regular account receives what a manager sends to every linked user.
  await linkRegularTo('AG Lead');
});
afterAll(async () => {
  await unlinkRegular();
  await clearSchedule();
});

/** What a screen's open-slot lines say (/analytics has its card and its map's), once each. */
const openSlotsOn = async (p: Page, path: string): Promise<string> => {
  await p.goto(path);
  const lines = p.getByTestId('open-slots');
  await lines.first().waitFor();
  const texts = (await lines.allTextContents()).map((text) => text.trim());
  return [...new Set(texts)].join(' | ');
};

describe('the open-slot count', () => {
  it('is the same in the API and on every screen that shows it', async () => {
    const summary = await adminApi<{
      open_slots: unknown;
      job_stats: { assigned: number; total: number };
    }>('/analytics/summary');
    expect(summary.open_slots).toEqual({ open_slots: 5, jobs_with_open_slots: 3, jobs: 4 });
    expect(summary.job_stats).toEqual({ assigned: 1, total: 4 });

    const p = page();
    await signInByToken(p, provided('manager'));
    const said: Record<string, string> = {};
    for (const path of ['/assignments', '/schedule', '/timeline', '/analytics', '/map']) {
      said[path] = await openSlotsOn(p, path);
    }
    expect(said).toEqual({
      '/assignments': WORDS,
      '/schedule': WORDS,
      '/timeline': WORDS,
      '/analytics': WORDS,
      '/map': WORDS,
    });
    // The analytics card keeps its title and agrees: 1 of 4 jobs has no open slot.
    await p.goto('/analytics');
    expect((await p.getByTestId('jobs-assigned-value').textContent())?.trim()).toBe('1 / 4');
    // The timeline's Unassigned section counts the same slots (every job here has dates).
    await p.goto('/timeline');
    await p.getByRole('button', { name: 'Unassigned (5 open slots)' }).waitFor();
  });
});

/** The texts of a list's items that contain `mark`. */
const textsWith = async (items: Locator, mark: string): Promise<string[]> =>
  (await items.allTextContents()).filter((text) => text.includes(mark)).sort();

describe('the bell and the ticker', () => {
  it('show the same notifications, and agree again once one is read', async () => {
    const mark = `AG note ${Date.now()}`;
    for (const n of ['one', 'two']) {
      await adminApi('/notifications/notify-all', {
        method: 'POST',
        body: JSON.stringify({ message: `${mark} ${n}` }),
      });
    }
    const p = page();
    await signInByToken(p, provided('regular'));
    await p.goto('/assignments');
    const ticker = p.getByRole('region', { name: 'Notifications' });
    // The ticker's first copy of its list: the second is a hidden duplicate for the loop.
    const tickerItems = ticker.locator('ul:not([aria-hidden="true"]) > li');
    await tickerItems.filter({ hasText: `${mark} two` }).waitFor();

    const bellButton = p.getByRole('button', { name: /^Notifications/ });
    const bell = p.getByRole('dialog', { name: 'Notifications' });
    const bellItems = bell.getByRole('listitem');
    const agree = async (unreadOfMine: number) => {
      // The list is fetched again after a read: the ticker agrees once that answer is in.
      await expect.poll(() => textsWith(tickerItems, mark)).toHaveLength(unreadOfMine);
      const onTicker = await textsWith(tickerItems, mark);
      // The bell's count is the ticker's length: both are the unread notifications.
      const count = await tickerItems.count();
      await p.getByRole('button', { name: `Notifications, ${count} unread` }).waitFor();
      await bellButton.click();
      await bellItems.first().waitFor();
      const inBell = await textsWith(bellItems, mark);
      await p.keyboard.press('Escape');
      await bell.waitFor({ state: 'hidden' });
      return { onTicker, inBell };
    };

    const first = await agree(2);
    expect(first.inBell).toHaveLength(2);
    // Each ticker item (its time, then the text) is in the bell's list.
    for (const text of first.onTicker)
      expect(first.inBell.some((b) => b.includes(text.slice(text.indexOf(mark))))).toBe(true);

    // Reading one in the bell takes it off the ticker; the bell still lists it, as read.
    await bellButton.click();
    await bellItems
      .filter({ hasText: `${mark} one` })
      .getByRole('button')
      .click();
    await p.keyboard.press('Escape');
    await tickerItems.filter({ hasText: `${mark} one` }).waitFor({ state: 'detached' });
    const second = await agree(1);
    expect(second.onTicker[0]).toContain(`${mark} two`);
    expect(second.inBell).toHaveLength(2);
  });
});

/** Whether an element has CSS animations playing. */
const isAnimated = (target: Locator): Promise<boolean> =>
  target.evaluate((el) => el.getAnimations().some((a) => a.playState === 'running'));

/** The element's transform now, as the browser computes it. */
const transformOf = (target: Locator): Promise<string> =>
  target.evaluate((el) => getComputedStyle(el).transform);

describe('motion', () => {
  it('the ticker scrolls and weekend rows blink, unless reduced motion is asked for', async () => {
    await adminApi('/notifications/notify-all', {
      method: 'POST',
      body: JSON.stringify({ message: `AG motion ${Date.now()}` }),
    });
    const nobody = await jobByCustomer('AG Nobody');
    const p = page();
    await signInByToken(p, provided('regular'));
    await p.emulateMedia({ reducedMotion: 'no-preference' });
    await p.goto('/assignments');
    const track = p.getByTestId('ticker-track');
    const row = p.getByTestId(`job-row-${nobody.id}`);
    await track.waitFor();
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('job-weekend');
    expect(await isAnimated(track)).toBe(true);
    expect(await isAnimated(row)).toBe(true);
    // The loop's second copy of the items sits beside the first, to scroll into view.
    const copy = track.locator('ul[aria-hidden="true"]');
    expect(await copy.isVisible()).toBe(true);
    // It moves: its transform changes while we look.
    const before = await transformOf(track);
    await p.waitForFunction(([el, was]) => getComputedStyle(el as Element).transform !== was, [
      await track.elementHandle(),
      before,
    ] as const);

    await p.emulateMedia({ reducedMotion: 'reduce' });
    await p.reload();
    await track.waitFor();
    await row.waitFor();
    expect(await isAnimated(track)).toBe(false);
    expect(await isAnimated(row)).toBe(false);
    expect(await transformOf(track)).toBe('none');
    // A still list: the items once, wrapping, with no copy waiting to scroll in.
    expect(await copy.isVisible()).toBe(false);
    // Still highlighted, only not blinking.
    expect(await row.getAttribute('class')).toContain('job-weekend');
    // On a phone the still items wrap: none runs past the ticker's side.
    const size = p.viewportSize();
    await p.setViewportSize({ width: 390, height: 844 });
    const cutOff = await track.evaluate((el) => {
      const box = el.parentElement!.getBoundingClientRect();
      return Array.from(el.querySelectorAll<HTMLElement>('ul:not([aria-hidden="true"]) > li'))
        .filter((li) => li.getBoundingClientRect().right > box.right + 1)
        .map((li) => li.textContent);
    });
    expect(cutOff).toEqual([]);
    if (size) await p.setViewportSize(size);
    await p.emulateMedia({ reducedMotion: 'no-preference' });
  });
});
