import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signInByToken } from '../support/app';
import {
  clearSchedule,
  ensureKit,
  ensurePhysicists,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage({ contextPerTest: true });

// Boston to New York is about 190 mi (car), Evanston or New York to Chicago about 710 (plane).
const PEOPLE = [
  { name: 'Map Lead Boston', role: 'lead', home_zip: '02115' },
  { name: 'Map Lead York', role: 'lead', home_zip: '10016' },
  { name: 'Map Acq Evanston', role: 'dataacq', home_zip: '60201' },
] as const;
const CSV = [
  'customer,location,zip_code,package,start,end,assigned_lead,assigned_data_acq,assigned_kit',
  'Map Clinic York,New York,10016,Linac QA,2030-05-06,2030-05-07,Map Lead Boston,Map Acq Evanston,Map Kit',
  'Map Clinic Chicago,Chicago,60601,CT Survey,2030-05-08,2030-05-08,Map Lead York,Map Acq Evanston,',
  'Map Clinic Nowhere,Somewhere,,Shielding,2030-05-09,2030-05-09,Map Lead Boston,,',
  'Map Clinic Later,Boston,02115,Linac QA,2030-06-10,2030-06-10,,,',
].join('\n');

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await ensureKit('Map Kit', '10016');
  await replaceSchedule(CSV);
});
afterAll(() => clearSchedule());

const map = (p: Page) => p.getByTestId('us-map');
/** The trips drawn in a band (one path per band carries the count; no path, no trips). */
async function lineCount(p: Page, band: string): Promise<number> {
  const path = map(p).locator(`[data-band="${band}"]`);
  if ((await path.count()) === 0) return 0;
  return Number(await path.getAttribute('data-line-count'));
}

/**
 * Opens /map and widens it to every date: it opens on the organisation's week (E2E_TODAY's,
 * 2026-01-05 to 2026-01-11), and these jobs are in 2030.
 */
async function openAllDates(p: Page) {
  await p.goto('/map');
  await p.getByRole('button', { name: 'Clear', exact: true }).click();
}

/** Clicks where a site's circle is drawn, as a person would (a home or kit may sit on top). */
async function clickSite(p: Page, zip: string) {
  const box = await map(p).locator(`circle[data-zip="${zip}"]`).boundingBox();
  if (!box) throw new Error(`no site drawn at ${zip}`);
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('/map', () => {
  it("opens on the organisation's week once the server names it, with no trips when none are in it", async () => {
    await signInByToken(page(), provided('manager'));
    // The server's today (E2E_TODAY, January) is held back until the map's data have all arrived:
    // the map waits for it rather than drawing the browser's week (today's, not January's) first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page().route('**/api/v1/plan/window', async (route) => {
      await held;
      await route.continue();
    });
    const dataArrived = Promise.all(
      ['/assignments/', '/physicists/', '/kits/', '/zip-data'].map((path) =>
        page().waitForResponse((answer) => new URL(answer.url()).pathname === `/api/v1${path}`),
      ),
    );
    await page().goto('/map');
    await dataArrived;
    await page().getByRole('progressbar', { name: 'Loading the map' }).waitFor();
    expect(await page().getByTestId('map-counts').count()).toBe(0);
    release();
    await page().getByTestId('map-counts').waitFor();
    expect(await page().getByLabel('From', { exact: true }).inputValue()).toBe('2026-01-05');
    expect(await page().getByLabel('To', { exact: true }).inputValue()).toBe('2026-01-11');
    expect(await page().getByTestId('map-counts').textContent()).toMatch(/^0 jobs/);
    await page().unroute('**/api/v1/plan/window');
    await page().getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => map(page()).locator('[data-marker="site"]').count()).toBe(3);
  });

  it('draws the sites, homes, kits and one line per assignee by travel band', async () => {
    await signInByToken(page(), provided('regular'));
    await openAllDates(page());
    await map(page()).locator('[data-marker="site"]').first().waitFor();
    const sites = await map(page())
      .locator('[data-marker="site"]')
      .evaluateAll((circles) => circles.map((circle) => circle.getAttribute('data-zip')).sort());
    expect(sites).toEqual(['02115', '10016', '60601']);
    expect(await map(page()).locator('[data-marker="home"]').count()).toBeGreaterThanOrEqual(3);
    expect(await map(page()).locator('[data-marker="kit"]').count()).toBeGreaterThanOrEqual(1);
    // York: Boston lead by car, Evanston acq by plane; Chicago: York lead by plane, Evanston acq by car.
    expect(await lineCount(page(), 'car')).toBe(2);
    expect(await lineCount(page(), 'plane')).toBe(2);
    expect(await map(page()).locator('[data-band="car or plane"]').count()).toBe(0);
    const unplaced = page().getByRole('list', { name: 'Jobs without coordinates' });
    expect(await unplaced.textContent()).toContain('Map Clinic Nowhere');
  });

  it('shows the assignment of a clicked job and highlights its trips', async () => {
    await signInByToken(page(), provided('manager'));
    await openAllDates(page());
    await map(page()).locator('circle[data-zip="10016"]').waitFor();
    await clickSite(page(), '10016');
    const details = page().getByTestId('map-job-details');
    await details.waitFor();
    const text = await details.textContent();
    for (const part of [
      'Map Clinic York',
      '2030-05-06 to 2030-05-07',
      'Map Lead Boston',
      'Map Acq Evanston',
      'Map Kit',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Map Lead Boston\s*\(1[89]\d mi/);
    expect(await page().getByTestId('selected-trips').locator('path').count()).toBe(2);
  });

  it('filters by date range and by physicist', async () => {
    await signInByToken(page(), provided('manager'));
    await openAllDates(page());
    await map(page()).locator('[data-marker="site"]').first().waitFor();
    await page().getByLabel('From').fill('2030-06-01');
    await expect.poll(() => map(page()).locator('[data-marker="site"]').count()).toBe(1);
    expect(await map(page()).locator('[data-band]').count()).toBe(0);
    await page().getByRole('button', { name: 'Clear', exact: true }).click();
    await page().getByRole('combobox', { name: 'Physicists' }).click();
    await page().getByRole('option', { name: 'Map Lead York', exact: true }).click();
    await page().keyboard.press('Escape');
    await expect.poll(() => map(page()).locator('[data-marker="site"]').count()).toBe(1);
    expect(await map(page()).locator('circle[data-zip="60601"]').count()).toBe(1);
    expect(await lineCount(page(), 'plane')).toBe(1);
    expect(await lineCount(page(), 'car')).toBe(0);
  });

  it('is a panel of /analytics too', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/analytics');
    const panel = page().getByRole('region', { name: 'Map of the plan' });
    await panel.getByTestId('us-map').locator('[data-marker="site"]').first().waitFor();
    expect(await panel.getByTestId('us-map').locator('[data-marker="site"]').count()).toBe(3);
  });

  it('zooms with the wheel and the buttons, pans by dragging, keeps markers their size, and resets', async () => {
    await signInByToken(page(), provided('manager'));
    await openAllDates(page());
    const site = map(page()).locator('circle[data-zip="10016"]');
    await site.waitFor();
    const layer = page().getByTestId('map-zoom-layer');
    const before = (await site.boundingBox())!;
    const box = (await map(page()).boundingBox())!;
    await page().mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    for (let i = 0; i < 4; i += 1) await page().mouse.wheel(0, -150);
    await expect
      .poll(async () => Number(await map(page()).getAttribute('data-zoom')))
      .toBeGreaterThan(1.5);
    // The marker keeps its pixel size, and stays near the pointer it zoomed about.
    const zoomed = (await site.boundingBox())!;
    expect(Math.abs(zoomed.width - before.width)).toBeLessThan(0.5);
    expect(Math.abs(zoomed.x - before.x)).toBeLessThan(40);

    const panned = await layer.getAttribute('transform');
    await page().mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page().mouse.down();
    await page().mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 40, { steps: 6 });
    await page().mouse.up();
    await expect.poll(() => layer.getAttribute('transform')).not.toBe(panned);

    // Still clickable while zoomed. d3-zoom swallows the one click that ends a
    // drag until a zero-delay timer runs, which a busy machine may run after
    // our next click: click again as a person would.
    const moved = (await site.boundingBox())!;
    const details = page().getByTestId('map-job-details');
    await expect
      .poll(async () => {
        await page().mouse.click(moved.x + moved.width / 2, moved.y + moved.height / 2);
        return details.isVisible();
      })
      .toBe(true);

    await page().getByRole('button', { name: 'Reset zoom' }).click();
    await expect.poll(() => layer.getAttribute('transform')).toBe('translate(0,0) scale(1)');
    expect(await page().getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
    await page().getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => map(page()).getAttribute('data-zoom')).toBe('1.60');
  });

  it('pinches to zoom at 390 px, pans with one finger once zoomed, and leaves a swipe at full view to the page', async () => {
    const context = await page()
      .context()
      .browser()!
      .newContext({
        baseURL: provided('baseUrl'),
        // Short, so the page has room to scroll under a swipe.
        viewport: { width: 390, height: 560 },
        hasTouch: true,
        isMobile: true,
      });
    try {
      const phone = await context.newPage();
      await signInByToken(phone, provided('manager'));
      await openAllDates(phone);
      await map(phone).locator('[data-marker="site"]').first().waitFor();
      const box = (await map(phone).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const cdp = await context.newCDPSession(phone);
      const touch = (
        type: 'touchStart' | 'touchMove' | 'touchEnd',
        points: { x: number; y: number; id: number }[],
      ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const fingers = (d: number) => [
        { x: x - d, y, id: 1 },
        { x: x + d, y, id: 2 },
      ];
      await touch('touchStart', fingers(20));
      for (let d = 25; d <= 70; d += 5) await touch('touchMove', fingers(d));
      await touch('touchEnd', []);
      await expect
        .poll(async () => Number(await map(phone).getAttribute('data-zoom')))
        .toBeGreaterThan(2);

      const layer = phone.getByTestId('map-zoom-layer');
      const pinched = await layer.getAttribute('transform');
      await touch('touchStart', [{ x, y, id: 3 }]);
      for (let d = 5; d <= 50; d += 5) await touch('touchMove', [{ x: x + d, y, id: 3 }]);
      await touch('touchEnd', []);
      await expect.poll(() => layer.getAttribute('transform')).not.toBe(pinched);

      await phone.getByRole('button', { name: 'Reset zoom' }).click();
      await expect.poll(() => map(phone).getAttribute('data-zoom')).toBe('1.00');
      expect(
        await phone.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
      ).toBeGreaterThan(100);
      await touch('touchStart', [{ x, y: y + 60, id: 4 }]);
      for (let d = 10; d <= 150; d += 10) await touch('touchMove', [{ x, y: y + 60 - d, id: 4 }]);
      await touch('touchEnd', []);
      await expect.poll(() => phone.evaluate(() => window.scrollY)).toBeGreaterThan(50);
      expect(await map(phone).getAttribute('data-zoom')).toBe('1.00');
    } finally {
      await context.close();
    }
  });
});
