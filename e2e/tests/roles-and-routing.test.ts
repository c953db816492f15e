import { describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import {
  drawerEntries,
  expectTitle,
  pathOf,
  signIn,
  signInByToken,
  waitForPath,
} from '../support/app';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

const EVERYONE = [
  'Assignments',
  'Timeline',
  'Kit Management',
  'Analytics',
  'Map',
  'Unavailabilities',
  'About',
];
/** The leave requests inbox follows the Roster for admins and managers. */
const SCHEDULERS = ['Data Management', 'Job Ingestion & Review', 'Roster', 'Requests'];
/** First in the drawer for every role. */
const MINE = 'My schedule';

describe('each role', () => {
  it('admin lands on Data Management and sees every entry', async () => {
    await signIn(page(), provided('admin'));
    expect(pathOf(page())).toBe('/import');
    await expectTitle(page(), 'Data Management');
    expect(await drawerEntries(page())).toEqual([MINE, ...SCHEDULERS, ...EVERYONE, 'Admin']);
  });

  it('manager lands on Data Management, has no Admin entry and is sent away from /admin', async () => {
    await signIn(page(), provided('manager'));
    expect(pathOf(page())).toBe('/import');
    expect(await drawerEntries(page())).toEqual([MINE, ...SCHEDULERS, ...EVERYONE]);
    await page().goto('/admin');
    await waitForPath(page(), '/assignments');
  });

  it('regular lands on Assignments, sees only shared entries and is sent away from forbidden routes', async () => {
    await signIn(page(), provided('regular'));
    expect(pathOf(page())).toBe('/assignments');
    await expectTitle(page(), 'Assignments');
    expect(await drawerEntries(page())).toEqual([MINE, ...EVERYONE]);
    for (const forbidden of ['/admin', '/import', '/schedule', '/roster']) {
      await page().goto(forbidden);
      await waitForPath(page(), '/assignments');
    }
  });
});

describe('routing', () => {
  it('sends / and unknown paths to the role home', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/no-such-screen');
    await waitForPath(page(), '/assignments');
    await page().goto('/');
    await waitForPath(page(), '/assignments');
  });

  it('sends visitors without a token to /login', async () => {
    for (const path of ['/', '/assignments', '/admin', '/no-such-screen']) {
      await page().goto(path);
      await waitForPath(page(), '/login');
    }
    await page().getByRole('heading', { name: 'Access Your Portal' }).waitFor();
  });

  it('discards an expired token on load', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${encode({ alg: 'HS256' })}.${encode({ sub: 'admin', role: 'admin', exp: 1 })}.x`;
    await page().goto('/login');
    await page().evaluate((token) => localStorage.setItem('meridian.token', token), expired);
    await page().goto('/import');
    await waitForPath(page(), '/login');
    expect(await page().evaluate(() => localStorage.getItem('meridian.token'))).toBeNull();
  });

  it('opens each screen from the drawer with its title', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/');
    const titles: Record<string, string> = {
      'Job Ingestion & Review': '/schedule',
      'Kit Management': '/kits',
      Unavailabilities: '/unavailability',
      About: '/about',
    };
    for (const [label, path] of Object.entries(titles)) {
      await page().getByRole('link', { name: label }).click();
      await waitForPath(page(), path);
      await expectTitle(page(), label);
    }
  });

  it('pre-navigates: hovering Admin for 250 ms fetches the user list before any click', async () => {
    await signInByToken(page(), provided('admin'));
    await page().goto('/');
    const usersRequest = page().waitForRequest((request) =>
      request.url().endsWith('/api/v1/admin/users'),
    );
    await page().getByRole('link', { name: 'Admin' }).hover();
    await usersRequest;
    expect(pathOf(page())).toBe('/import');
  });
});

describe('logout', () => {
  it('removes the token and returns to /login', async () => {
    await signInByToken(page(), provided('manager'));
    await page().goto('/');
    await page().getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page(), '/login');
    expect(await page().evaluate(() => localStorage.getItem('meridian.token'))).toBeNull();
    await page().goto('/assignments');
    await waitForPath(page(), '/login');
  });
});

describe('about', () => {
  it('shows the three sections and the objective', async () => {
    await signInByToken(page(), provided('regular'));
    await page().goto('/');
    await page().getByRole('link', { name: 'About' }).click();
    await page()
      .getByRole('button', { name: /The mathematical foundations/ })
      .click();
    await page()
      .getByRole('math', { name: /^F equals 1,000,000 times U/ })
      .waitFor();
    await page()
      .getByRole('button', { name: /Core tenets/ })
      .waitFor();
    await page()
      .getByRole('button', { name: /The challenge/ })
      .waitFor();
  });
});
