import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signIn } from '../support/app';
import {
  clearSchedule,
  ensureKit,
  ensurePhysicists,
  replaceSchedule,
} from '../support/scheduling-data';

const { page } = useBrowserPage();

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

/** Clicks where a site's circle is drawn, as a person would (a home or kit may sit on top). */
async function clickSite(p: Page, zip: string) {
  const box = await map(p).locator(`circle[data-zip="${zip}"]`).boundingBox();
  if (!box) throw new Error(`no site drawn at ${zip}`);
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('/map', () => {
  it('draws the sites, homes, kits and one line per assignee by travel band', async () => {
    await signIn(page(), inject('regular'));
    await page().goto('/map');
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
    await signIn(page(), inject('manager'));
    await page().goto('/map');
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
    await signIn(page(), inject('manager'));
    await page().goto('/map');
    await map(page()).locator('[data-marker="site"]').first().waitFor();
    await page().getByLabel('From').fill('2030-06-01');
    await expect.poll(() => map(page()).locator('[data-marker="site"]').count()).toBe(1);
    expect(await map(page()).locator('[data-band]').count()).toBe(0);
    await page().getByRole('button', { name: 'Clear' }).click();
    await page().getByRole('combobox', { name: 'Physicists' }).click();
    await page().getByRole('option', { name: 'Map Lead York', exact: true }).click();
    await page().keyboard.press('Escape');
    await expect.poll(() => map(page()).locator('[data-marker="site"]').count()).toBe(1);
    expect(await map(page()).locator('circle[data-zip="60601"]').count()).toBe(1);
    expect(await lineCount(page(), 'plane')).toBe(1);
    expect(await lineCount(page(), 'car')).toBe(0);
  });

  it('is a panel of /analytics too', async () => {
    await signIn(page(), inject('regular'));
    await page().goto('/analytics');
    const panel = page().getByRole('region', { name: 'Map of the plan' });
    await panel.getByTestId('us-map').locator('[data-marker="site"]').first().waitFor();
    expect(await panel.getByTestId('us-map').locator('[data-marker="site"]').count()).toBe(3);
  });
});
