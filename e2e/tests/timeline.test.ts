import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  jobByCustomer,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

// Names sort next to each other, so the rows are neighbours on the timeline.
const PEOPLE = [
  { name: 'TL Lead A Origin', role: 'lead', home_zip: '10016' },
  { name: 'TL Lead B Free', role: 'lead', home_zip: '10001' },
  { name: 'TL Lead C Away', role: 'lead', home_zip: '02115' },
  { name: 'TL Lead D Late', role: 'lead', home_zip: '60201' },
] as const;
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
  'job,TL Clinic,New York,10016,Linac QA,2026-03-02,2026-03-03,TL Lead A Origin,',
  'job,TL Second Site,New York,10016,Linac QA,2026-03-04,2026-03-04,TL Lead A Origin,',
  'unavailability,,,,,2026-03-01,2026-03-05,,TL Lead C Away',
].join('\n');

interface Person {
  id: number;
  name: string;
}
interface JobState {
  id: number;
  assigned_lead_id: number | null;
  lead_pinned: boolean;
}

let ids: Record<string, number> = {};
let jobId = 0;
let secondId = 0;

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await replaceSchedule(CSV);
  const people = await adminApi<Person[]>('/physicists/');
  ids = Object.fromEntries(people.map((p) => [p.name, p.id]));
  jobId = (await jobByCustomer('TL Clinic')).id;
  secondId = (await jobByCustomer('TL Second Site')).id;
});
afterAll(() => clearSchedule());

const barKey = () => `${jobId}:lead`;
const row = (p: Page, name: string) => p.locator(`[data-row-key="person:${ids[name]}"]`);
const barIn = (p: Page, name: string) => row(p, name).locator(`[data-bar-key="${barKey()}"]`);
const leadOfJob = async () => {
  const jobs = await adminApi<JobState[]>('/assignments/');
  return jobs.find((job) => job.id === jobId)!;
};

async function openTimeline(p: Page, as: 'manager' | 'regular' = 'manager') {
  await signInByToken(p, provided(as));
  await p.goto('/timeline');
  await p.getByRole('button', { name: 'Week', exact: true }).click();
  // The view is the week's once the button shows it chosen (the zoom's commit re-centres the
  // view and moves the Tab stop): a busy machine can commit it after the bars are found.
  await p.getByRole('button', { name: 'Week', exact: true, pressed: true }).waitFor();
}

/**
 * Presses the mouse on the bar, moves onto the row of `name` and returns
 * before releasing. The bar is centred in the grid first, so that neither it
 * (under the sticky name column, or past an edge) nor the next rows are hidden.
 */
async function dragOnto(p: Page, from: string, to: string) {
  await barIn(p, from).evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const bar = await barIn(p, from).boundingBox();
  const target = await row(p, to).boundingBox();
  if (!bar || !target) throw new Error('bar or row not on screen');
  await p.mouse.move(bar.x + 10, bar.y + bar.height / 2);
  await p.mouse.down();
  await p.mouse.move(bar.x + 10, bar.y + bar.height / 2 + 8, { steps: 2 });
  await p.mouse.move(bar.x + 10, target.y + target.height / 2, { steps: 6 });
}

describe('timeline', () => {
  it('shows the plan to a regular user, with leave shaded and no dragging', async () => {
    await openTimeline(page(), 'regular');
    await barIn(page(), 'TL Lead A Origin').waitFor();
    expect(await row(page(), 'TL Lead C Away').locator('[data-leave]').count()).toBe(1);
    expect(await page().locator('.tl-draggable').count()).toBe(0);
    // Hover shows the job with the lead's miles and travel hint.
    await barIn(page(), 'TL Lead A Origin').hover();
    const details = page().getByTestId('bar-details');
    await details.getByText('TL Clinic').waitFor();
    expect(await details.locator('[data-travel-hint="car"]').count()).toBe(1);
  });

  it('is one Tab stop, walked with the arrow keys, and scrolls no further than the bar', async () => {
    const p = page();
    await openTimeline(p);
    await barIn(p, 'TL Lead A Origin').waitFor();
    const scroller = p.getByTestId('timeline-scroll');
    const scrolled = () => scroller.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const focusedStop = () =>
      p.evaluate(() => document.activeElement?.getAttribute('data-stop-key') ?? null);
    /** Whether the focused bar lies wholly inside the grid's view, right of the sticky names. */
    const focusInView = () =>
      scroller.evaluate((el) => {
        const bar = document.activeElement!.getBoundingClientRect();
        const view = el.getBoundingClientRect();
        const names = el.querySelector('.tl-name')!.getBoundingClientRect().width;
        return (
          bar.left >= view.left + names - 1 &&
          bar.right <= view.left + el.clientWidth + 1 &&
          bar.top >= view.top &&
          bar.bottom <= view.top + el.clientHeight + 1
        );
      });

    // One Tab from the Today button lands in the grid without scrolling it; the next leaves it.
    const before = await scrolled();
    await p.getByRole('button', { name: 'Today', exact: true }).focus();
    await p.keyboard.press('Tab');
    expect(await focusedStop()).not.toBeNull();
    expect(await scrolled()).toEqual(before);
    expect(await scroller.locator('[tabindex="0"]').count()).toBe(1);
    await p.keyboard.press('Tab');
    expect(await scroller.evaluate((el) => el.contains(document.activeElement))).toBe(false);

    // Along the lane, to its ends, up to the heading and back down.
    await barIn(p, 'TL Lead A Origin').focus();
    const first = barKey();
    const second = `${secondId}:lead`;
    const press = async (key: string) => {
      await p.keyboard.press(key);
      return focusedStop();
    };
    expect(await press('ArrowRight')).toBe(second);
    expect(await focusInView()).toBe(true);
    expect(await press('ArrowRight')).toBe(second);
    expect(await press('ArrowLeft')).toBe(first);
    expect(await press('End')).toBe(second);
    expect(await press('Home')).toBe(first);
    expect(await press('ArrowUp')).toBe('section:lead');
    expect([first, second]).toContain(await press('ArrowDown'));
    expect(await focusInView()).toBe(true);
    expect(await press('ArrowDown')).toBe('section:dataacq');
    // The roving Tab stop follows the focus.
    expect(await scroller.locator('[tabindex="0"]').getAttribute('data-stop-key')).toBe(
      'section:dataacq',
    );

    // Focus shows the whole customer name, as hovering does; Enter opens the bar's menu.
    await press('ArrowUp');
    await p
      .getByTestId('bar-details')
      .getByText(/^TL (Clinic|Second Site) job \d+$/)
      .waitFor();
    await p.keyboard.press('Enter');
    await p.getByRole('menuitem', { name: /Why this assignment/ }).waitFor();
    await p.keyboard.press('Escape');
    await expect.poll(focusedStop, { timeout: 10_000 }).toMatch(/:lead$/);
  });

  it('labels narrow bars with a short name or initials that fit, the full name on focus', async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    await signInByToken(p, provided('manager'));
    await p.goto('/timeline');
    // Month is the default zoom: 14 px a day on a phone.
    const bar = barIn(p, 'TL Lead A Origin');
    await bar.waitFor();
    const label = await bar.locator('.tl-bar-text').textContent();
    // The two-day bar of "TL Clinic" is too narrow for the name: its short name, "TL".
    expect(label).toBe('TL');
    // No label anywhere is cut short: each fits its bar as measured.
    const clipped = await p
      .locator('.tl-bar-text')
      .evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth + 1).length);
    expect(clipped).toBe(0);
    // Focus exposes the whole name: in the accessible name, and in the visible details.
    await bar.focus();
    expect(await bar.getAttribute('aria-label')).toContain('TL Clinic');
    await p.getByTestId('bar-details').getByText(`TL Clinic job ${jobId}`).waitFor();

    // A week at 1440 px has room for the whole name.
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.getByRole('button', { name: 'Week', exact: true }).click();
    await expect.poll(() => bar.locator('.tl-bar-text').textContent()).toBe('TL Clinic');
  });

  it('saves a drag onto a free physicist, pinned, as the API confirms', async () => {
    await openTimeline(page());
    await barIn(page(), 'TL Lead A Origin').waitFor();
    await dragOnto(page(), 'TL Lead A Origin', 'TL Lead B Free');
    await page().mouse.up();
    await barIn(page(), 'TL Lead B Free').locator('.tl-lock').waitFor();
    await expect.poll(leadOfJob).toMatchObject({
      assigned_lead_id: ids['TL Lead B Free'],
      lead_pinned: true,
    });
    expect(await barIn(page(), 'TL Lead A Origin').count()).toBe(0);
  });

  it('marks a physicist on leave with the reason and snaps back from a drop there', async () => {
    await openTimeline(page());
    await barIn(page(), 'TL Lead B Free').waitFor();
    await dragOnto(page(), 'TL Lead B Free', 'TL Lead C Away');
    const reason = 'TL Lead C Away is unavailable on 2026-03-01 to 2026-03-05';
    await row(page(), 'TL Lead C Away').locator(`[data-refusal="${reason}"]`).waitFor();
    await page().mouse.up();
    await expectToast(page(), `Assignment failed: ${reason}`);
    await barIn(page(), 'TL Lead B Free').waitFor();
    expect(await barIn(page(), 'TL Lead C Away').count()).toBe(0);
    expect((await leadOfJob()).assigned_lead_id).toBe(ids['TL Lead B Free']);
  });

  it("snaps back with the server's message when leave the page did not know of refuses the drop", async () => {
    await openTimeline(page());
    await barIn(page(), 'TL Lead B Free').waitFor();
    // Recorded after the page loaded its leave: only the server knows.
    await adminApi('/availability/', {
      method: 'POST',
      body: JSON.stringify({
        physicist_name: 'TL Lead D Late',
        start_date: '2026-03-03',
        end_date: '2026-03-03',
      }),
    });
    await dragOnto(page(), 'TL Lead B Free', 'TL Lead D Late');
    expect(await row(page(), 'TL Lead D Late').locator('[data-refusal]').count()).toBe(0);
    await page().mouse.up();
    await expectToast(
      page(),
      'Assignment failed: TL Lead D Late is unavailable on 2026-03-03 to 2026-03-03, which overlaps 2026-03-02 to 2026-03-03',
    );
    await barIn(page(), 'TL Lead B Free').waitFor();
    expect(await barIn(page(), 'TL Lead D Late').count()).toBe(0);
    expect((await leadOfJob()).assigned_lead_id).toBe(ids['TL Lead B Free']);
  });

  it('reassigns from the keyboard through the bar menu', async () => {
    await openTimeline(page());
    const bar = barIn(page(), 'TL Lead B Free');
    await bar.waitFor();
    await bar.focus();
    await page().keyboard.press('Enter');
    await page().getByRole('menuitem', { name: 'Reassign to...' }).click();
    await page()
      .getByRole('combobox', { name: `New lead of job ${jobId}` })
      .click();
    const away = page().getByRole('option', { name: /TL Lead C Away/ });
    expect(await away.getAttribute('aria-disabled')).toBe('true');
    await page()
      .getByRole('option', { name: /TL Lead A Origin/ })
      .click();
    await barIn(page(), 'TL Lead A Origin').waitFor();
    await expect
      .poll(async () => (await leadOfJob()).assigned_lead_id)
      .toBe(ids['TL Lead A Origin']);
  });
});
