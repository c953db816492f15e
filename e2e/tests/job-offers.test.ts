import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { axeFindings } from '../support/axe';
import { expectToast, signInByToken } from '../support/app';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  jobByCustomer,
  replaceSchedule,
} from '../support/scheduling-data';
import { E2E_TODAY } from '../support/today';
import { provided } from '../support/provided';

const { page } = useBrowserPage({ contextPerTest: true });

const PHONE = { width: 390, height: 844 };

// Swaps and covers: physicist A offers a job, physicist B accepts it in a browser of
// their own, a manager approves, and the job leaves A's My schedule.
const PEOPLE = [
  { name: 'SW Lead Giver', role: 'lead', home_zip: '10001' },
  { name: 'SW Lead Taker', role: 'lead', home_zip: '10003' },
] as const;

const day = (offset: number) => {
  const d = new Date(`${E2E_TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
  `job,SW Clinic,Manhattan,10016,Linac QA,${day(70)},${day(71)},SW Lead Giver,`,
].join('\n');

const accounts: { id: number; username: string; password: string }[] = [];

/** A new regular account linked to the named physicist. */
async function linkedAccount(name: string) {
  const people = await adminApi<{ id: number; name: string }[]>('/physicists/');
  const username = `sw-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  const user = await adminApi<{ id: number }>('/admin/users', {
    method: 'POST',
    body: JSON.stringify({ username, email: `${username}@example.org`, password, role: 'regular' }),
  });
  await adminApi(`/admin/users/${user.id}`, {
    method: 'PUT',
    body: JSON.stringify({ physicist_id: people.find((p) => p.name === name)!.id }),
  });
  const account = { id: user.id, username, password };
  accounts.push(account);
  return account;
}

let giver: { username: string; password: string };
let taker: { username: string; password: string };

beforeAll(async () => {
  await ensurePhysicists(PEOPLE);
  await replaceSchedule(CSV);
  giver = await linkedAccount('SW Lead Giver');
  taker = await linkedAccount('SW Lead Taker');
});
afterAll(async () => {
  for (const account of accounts)
    await adminApi(`/admin/users/${account.id}`, { method: 'DELETE' });
  await clearSchedule();
});

describe('swaps at 390 px', () => {
  it('A offers, B accepts in a second browser, a manager approves, and A no longer has the job', async () => {
    const a = page();
    await a.setViewportSize(PHONE);
    await signInByToken(a, giver);
    await a.goto('/my-schedule');
    const next = a.getByRole('region', { name: 'Next jobs' });
    await next.getByText('SW Clinic').waitFor();
    // By keyboard: focus Offer, Enter, type the note, Tab to "Offer the job", Enter.
    await next.getByRole('button', { name: /^Offer SW Clinic/ }).focus();
    await a.keyboard.press('Enter');
    const dialog = a.getByRole('dialog', { name: 'Offer SW Clinic' });
    await dialog.waitFor();
    expect(await axeFindings(a, 'offer dialog')).toEqual([]);
    await a.keyboard.type('Conference that week');
    await a.keyboard.press('Tab');
    await a.keyboard.press('Tab');
    await a.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const mine = a.getByRole('list', { name: 'Your offers' });
    await mine.getByText('Open: waiting for a colleague').waitFor();
    await mine.getByText(/SW Lead Taker/).waitFor();
    expect(await axeFindings(a, 'my schedule with an offer')).toEqual([]);
    const overflow = await a.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const browser = a.context().browser()!;
    const takerContext = await browser.newContext({
      baseURL: provided('baseUrl'),
      viewport: PHONE,
    });
    const managerContext = await browser.newContext({
      baseURL: provided('baseUrl'),
      viewport: PHONE,
    });
    try {
      const b = await takerContext.newPage();
      await signInByToken(b, taker);
      await b.goto('/my-schedule');
      const toMe = b.getByRole('list', { name: 'Offered to you' });
      await toMe.getByText('SW Lead Giver offers their lead slot').waitFor();
      expect(await axeFindings(b, 'offered to me')).toEqual([]);
      await toMe.getByRole('button', { name: /^Accept SW Clinic/ }).click();
      await expectToast(b, 'Accepted: a manager will decide, and you will be told.');

      const m = await managerContext.newPage();
      await signInByToken(m, provided('manager'));
      await m.goto('/requests');
      const card = m.getByRole('article', { name: 'Swap: SW Lead Giver to SW Lead Taker' });
      await card.getByText('Conference that week').waitFor();
      await card.getByText(/^Effect on the plan now: F /).waitFor();
      await card
        .getByText('Every hard rule still holds: SW Lead Taker can take the lead slot now.')
        .waitFor();
      expect(await axeFindings(m, 'requests with a swap')).toEqual([]);
      await card.getByRole('button', { name: /^Approve/ }).click();
      const approve = m.getByRole('dialog', { name: 'Approve the swap to SW Lead Taker' });
      await approve.getByLabel('Reason (optional)').fill('Fine');
      await approve.getByRole('button', { name: 'Approve' }).click();
      await expectToast(m, 'Approved: SW Lead Taker now has the lead slot');

      // A's open page hears of it and the job leaves their next jobs.
      await next.getByText('SW Clinic').waitFor({ state: 'detached', timeout: 20_000 });
      await mine.getByText('Approved by', { exact: false }).waitFor({ timeout: 20_000 });
    } finally {
      await takerContext.close();
      await managerContext.close();
    }
    const job = await jobByCustomer('SW Clinic');
    expect(job.assigned_lead).toBe('SW Lead Taker');
  });
});
