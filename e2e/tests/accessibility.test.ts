import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signInByToken } from '../support/app';
import { axeFindings } from '../support/axe';
import {
  adminApi,
  clearSchedule,
  ensureKit,
  ensurePhysicists,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

/**
 * The axe target (docs/accessibility.md): no critical or serious finding on any screen or
 * dialog, for every role, at 1440 and 390 px. Each test signs in as one role
 * at one width and audits every screen that role may open, then the dialogs
 * and menus of those screens.
 */
const { page } = useBrowserPage();

const PEOPLE = [
  { name: 'AX Lead Ana', role: 'lead', home_zip: '10016' },
  { name: 'AX Acq Bo', role: 'dataacq', home_zip: '10001' },
] as const;
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,assigned_data_acq,physicist_name',
  'job,AX Clinic,New York,10016,Linac QA,2031-05-05,2031-05-06,AX Lead Ana,AX Acq Bo,',
  'job,AX Weekend Site,Boston,02115,CT QA,2031-05-09,2031-05-12,,,',
  'job,AX No Zip,Chicago,,MRI QA,2031-05-14,2031-05-14,,,',
  'unavailability,,,,,2031-05-20,2031-05-22,,,AX Acq Bo',
].join('\n');

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await ensureKit('AX Kit In Repair', '10016');
  const kits = await adminApi<{ id: number; name: string }[]>('/kits/');
  const repair = kits.find((kit) => kit.name === 'AX Kit In Repair')!;
  await adminApi(`/kits/${repair.id}`, {
    method: 'PUT',
    body: JSON.stringify({
      current_location_zip: '10016',
      is_out_for_maintenance: true,
      comments: 'Out for maintenance',
    }),
  });
  await replaceSchedule(CSV);
});
afterAll(() => clearSchedule());

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const EVERY_SCREEN = [
  '/my-schedule',
  '/assignments',
  '/timeline',
  '/kits',
  '/analytics',
  '/map',
  '/unavailability',
  '/about',
];
const SCREENS: Record<'admin' | 'manager' | 'regular', string[]> = {
  admin: [...EVERY_SCREEN, '/import', '/schedule', '/roster', '/admin'],
  manager: [...EVERY_SCREEN, '/import', '/schedule', '/roster'],
  regular: EVERY_SCREEN,
};

/** Waits until the screen has drawn its data: no progress bar left in the page. */
async function settle(p: Page): Promise<void> {
  await p.getByTestId('page-title').waitFor();
  try {
    await p.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
  } catch (error) {
    const busy = await p
      .locator('[role="progressbar"]')
      .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-label') ?? bar.outerHTML));
    throw new Error(`${p.url()} still shows progress: ${busy.join(', ')}`, { cause: error });
  }
}

/** The shell's main region (apps/web/src/lib/focus-keeper.ts, MAIN_CONTENT_ID). */
const MAIN_ID = 'main-content';

/**
 * Opens a screen within the running app, as its drawer's links do (the first by loading the
 * page): loading the page for each screen would evaluate the app, and inject axe, again each
 * time. Waits until the screen has replaced the one before it, then until it has its data.
 */
async function openScreen(p: Page, path: string): Promise<void> {
  const isInApp = await p.evaluate((id) => document.getElementById(id) !== null, MAIN_ID);
  if (!isInApp) {
    await p.goto(path);
    return settle(p);
  }
  await p.evaluate(
    ({ id, to }) => {
      // What the main region holds now is the screen being left, and the shell's own parts.
      for (const child of Array.from(document.getElementById(id)!.children))
        child.setAttribute('data-left', '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    { id: MAIN_ID, to: path },
  );
  await p.waitForFunction(
    (id) =>
      Array.from(document.getElementById(id)!.children).some((el) => !el.hasAttribute('data-left')),
    MAIN_ID,
  );
  await settle(p);
}

async function auditScreens(p: Page, paths: string[], label: string): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    await openScreen(p, path);
    findings.push(...(await axeFindings(p, `${label} ${path}`)));
  }
  return findings;
}

/** Opens what a click opens, audits it, closes it with Escape. */
async function auditOpened(p: Page, open: () => Promise<void>, where: string): Promise<string[]> {
  await open();
  await p.locator('.MuiModal-root').last().waitFor();
  // The opening transition is instant: the context asks for reduced motion.
  const findings = await axeFindings(p, where);
  await p.keyboard.press('Escape');
  await p.locator('.MuiModal-root').waitFor({ state: 'detached' });
  return findings;
}

async function auditDialogs(p: Page, role: string, label: string): Promise<string[]> {
  const findings: string[] = [];
  const bell = p.getByRole('button', { name: /^Notifications/ });
  await openScreen(p, '/assignments?window=all');
  findings.push(...(await auditOpened(p, () => bell.click(), `${label} bell`)));
  const why = p.getByRole('button', { name: /^Why this assignment\? Job/ }).first();
  findings.push(...(await auditOpened(p, () => why.click(), `${label} why dialog`)));
  if (role !== 'regular') {
    const notifyAll = p.getByRole('button', { name: /^Notify all physicists about job/ }).first();
    findings.push(...(await auditOpened(p, () => notifyAll.click(), `${label} notify all`)));
    const whatIf = p.getByRole('button', { name: 'What if…' });
    findings.push(...(await auditOpened(p, () => whatIf.click(), `${label} what-if`)));
    await openScreen(p, '/import');
    const remove = p.getByRole('button', { name: /^Delete job/ }).first();
    findings.push(...(await auditOpened(p, () => remove.click(), `${label} delete job`)));
  }
  if (role === 'admin') {
    await openScreen(p, '/admin');
    const add = p.getByRole('button', { name: 'Add User' });
    findings.push(...(await auditOpened(p, () => add.click(), `${label} add user`)));
  }
  const exportButton = p.getByRole('button', { name: 'Export' });
  await openScreen(p, '/unavailability');
  findings.push(...(await auditOpened(p, () => exportButton.click(), `${label} export menu`)));
  return findings;
}

describe('axe: no critical or serious finding', () => {
  it('on the sign-in page at both widths', async () => {
    const findings: string[] = [];
    for (const size of WIDTHS) {
      await page().setViewportSize(size);
      await page().goto('/login');
      await page().getByLabel('Username').waitFor();
      findings.push(...(await axeFindings(page(), `guest ${size.width} /login`)));
    }
    expect(findings).toEqual([]);
  });

  for (const role of ['admin', 'manager', 'regular'] as const) {
    for (const size of WIDTHS) {
      it(
        `for ${role} at ${size.width} px, every screen and dialog`,
        { timeout: 240_000 },
        async () => {
          const p = page();
          await p.emulateMedia({ reducedMotion: 'reduce' });
          await p.setViewportSize(size);
          await signInByToken(p, provided(role));
          const label = `${role} ${size.width}`;
          const findings = await auditScreens(p, SCREENS[role], label);
          findings.push(...(await auditDialogs(p, role, label)));
          if (size.width < 600) {
            const toggle = p.getByRole('button', { name: 'Toggle navigation' });
            findings.push(...(await auditOpened(p, () => toggle.click(), `${label} drawer`)));
          }
          expect(findings).toEqual([]);
        },
      );
    }
  }
});
