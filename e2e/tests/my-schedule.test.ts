import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  replaceSchedule,
} from '../support/scheduling-data';
import { linkRegularTo, unlinkRegular } from '../support/regular-link';
import { E2E_TODAY } from '../support/today';
import { provided } from '../support/provided';

const { page } = useBrowserPage({ contextPerTest: true });

// A linked regular user's own schedule, and notifications that reach them live.
const PEOPLE = [
  { name: 'MS Lead Mine', role: 'lead', home_zip: '10001' },
  { name: 'MS Lead Other', role: 'lead', home_zip: '60601' },
] as const;

// Days from the server's today (the page splits next and past jobs there), past
// the weeks plan-window.test.ts publishes.
const day = (offset: number) => {
  const d = new Date(`${E2E_TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
  `job,MS Next Clinic,Brooklyn,11201,Linac QA,${day(40)},${day(41)},MS Lead Mine,`,
  `job,MS Past Clinic,Boston,02115,Linac QA,${day(-20)},${day(-20)},MS Lead Mine,`,
  `job,MS Other Clinic,Chicago,60601,Linac QA,${day(42)},${day(42)},MS Lead Other,`,
].join('\n');

let mineId = 0;

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await replaceSchedule(CSV);
  mineId = await linkRegularTo('MS Lead Mine');
});
afterAll(async () => {
  await unlinkRegular();
  await clearSchedule();
});

describe('/my-schedule', () => {
  it('shows a linked regular user only their own jobs, next first, as cards at 390 px', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await signInByToken(page(), provided('regular'));
    await page().goto('/my-schedule');
    const next = page().getByRole('region', { name: 'Next jobs' });
    const past = page().getByRole('region', { name: 'Past jobs' });
    await next.getByRole('article').first().waitFor();
    // Past jobs come with the panels, in the render after the next jobs' (my-schedule-page.tsx).
    await past.getByRole('article').first().waitFor();
    expect(await next.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'MS Next Clinic',
    ]);
    expect(await past.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'MS Past Clinic',
    ]);
    await expect(page().getByText('MS Other Clinic').count()).resolves.toBe(0);
    // The cards fit the phone's width: nothing scrolls sideways.
    const overflow = await page().evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const card = await next.getByRole('article').first().boundingBox();
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);
  });

  it("asks for the schedule with the screen's code, before the chrome has loaded", async () => {
    const p = page();
    await signInByToken(p, provided('regular'));
    // The chrome's code (top bar, drawer) is held back: the schedule is asked for all the same,
    // since entering the screen starts its queries (app/router.tsx), not the drawn page.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/assets/app-shell-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const asked = p.waitForRequest((request) => request.url().endsWith('/api/v1/me/schedule'));
    await p.goto('/my-schedule');
    await asked;
    expect(await p.getByRole('region', { name: 'Next jobs' }).count()).toBe(0);
    release();
    await p.getByRole('region', { name: 'Next jobs' }).getByText('MS Next Clinic').waitFor();
  });

  it('shows a linked physicist on a phone their own jobs first on /assignments, My schedule one tap away', async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    await signInByToken(p, provided('regular'));
    await p.goto('/assignments');
    const mine = p.getByLabel('Mine', { exact: true });
    // Checked once the account's link to its physicist is read.
    await expect.poll(() => mine.isChecked(), { timeout: 10_000 }).toBe(true);
    await p.getByText('Showing 1 of').waitFor();
    await p.getByText('MS Next Clinic').waitFor();
    expect(await p.getByText('MS Other Clinic').count()).toBe(0);
    await p.getByRole('link', { name: 'My schedule' }).last().click();
    await p.waitForURL((url) => url.pathname === '/my-schedule');
  });

  it('stays readable offline from the service worker, says as of when, and is forgotten at logout', async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    await signInByToken(p, provided('regular'));
    await p.goto('/my-schedule');
    const next = p.getByRole('region', { name: 'Next jobs' });
    await next.getByText('MS Next Clinic').waitFor();
    // The worker controls the page and keeps the shell and the built files it loaded.
    await expect
      .poll(
        () =>
          p.evaluate(async () => {
            if (!navigator.serviceWorker.controller) return 0;
            return (await (await caches.open('meridian-shell-v1')).keys()).length;
          }),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(2);
    const manifest = await p.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!;
      return (await fetch(link.href)).json() as Promise<{ start_url: string }>;
    });
    expect(manifest.start_url).toBe('/my-schedule');

    await p.context().setOffline(true);
    await p.reload();
    // Offline the page splits next and past jobs at the device's date, not the
    // server's (pinned to E2E_TODAY here), so the card is looked for on the whole page.
    await p.getByRole('article').getByText('MS Next Clinic').waitFor();
    await p.getByText(/Your schedule as of \d{1,2} \w{3} \d{4}, \d\d:\d\d\./).waitFor();
    await p.context().setOffline(false);

    await p.reload();
    await next.getByText('MS Next Clinic').waitFor();
    expect(await p.getByText(/Your schedule as of/).count()).toBe(0);
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL((url) => url.pathname === '/login');
    expect(await p.evaluate(() => localStorage.getItem('meridian.offline.my-schedule'))).toBeNull();
  });
});

describe('notifications', () => {
  it("a manager's notice reaches the affected user's open browser without a reload", async () => {
    // The affected user, in a context of their own, waiting on /my-schedule.
    const context = await page()
      .context()
      .browser()!
      .newContext({ baseURL: provided('baseUrl') });
    try {
      const physicist = await context.newPage();
      await signInByToken(physicist, provided('regular'));
      await physicist.goto('/my-schedule');
      await physicist.getByRole('region', { name: 'Next jobs' }).waitFor();
      const navigations: string[] = [];
      physicist.on('framenavigated', (frame) => {
        if (frame === physicist.mainFrame()) navigations.push(frame.url());
      });

      // The link's baseline already holds MS Next Clinic: the news is a job given since.
      const rows = await adminApi<{ id: number; customer: string }[]>('/jobs/');
      const other = rows.find((j) => j.customer === 'MS Other Clinic')!;
      await adminApi('/assignments/manual', {
        method: 'POST',
        body: JSON.stringify({ job_id: other.id, role: 'lead', physicist_id: mineId }),
      });
      await signInByToken(page(), provided('manager'));
      await page().goto('/assignments');
      await page()
        .getByRole('button', { name: `Notify affected physicists of job ${other.id}` })
        .click();
      await expectToast(page(), 'Notified 1 affected physicist.');

      const ticker = physicist.getByRole('region', { name: 'Notifications' });
      await ticker
        .getByText(/Your schedule changed \(1 change\): New: MS Other Clinic/)
        .first()
        .waitFor();
      expect(await ticker.getByText(/MS Next Clinic/).count()).toBe(0);
      await physicist.getByRole('button', { name: /Notifications, \d+ unread/ }).waitFor();
      expect(navigations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('notify all physicists', () => {
  it('sends the message the manager writes in the dialog, after refusing an empty one', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    const rows = await adminApi<{ id: number; customer: string }[]>('/jobs/');
    const next = rows.find((j) => j.customer === 'MS Next Clinic')!;
    await page()
      .getByRole('button', { name: `Notify all physicists about job ${next.id}` })
      .click();
    const dialog = page().getByRole('dialog', { name: 'Notify all physicists' });
    const message = dialog.getByRole('textbox', { name: 'Message' });
    expect(await message.inputValue()).toMatch(/^About MS Next Clinic \(\d{4}-\d\d-\d\d to /);

    await message.fill('   ');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Write a message to send.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);

    const text = `Office closed Friday ${Date.now().toString(36)}`;
    await message.fill(text);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page(), 'Notified');
    await dialog.waitFor({ state: 'detached' });

    const token = await apiToken(provided('baseUrl'), provided('regular'));
    const mine = (await (
      await fetch(`${provided('baseUrl')}/api/v1/notifications`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { message: string }[] };
    expect(mine.items[0]?.message).toBe(text);
  });
});
