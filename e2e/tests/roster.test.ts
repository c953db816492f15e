import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { adminApi, ensurePhysicists } from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

// Denver zips: far from the other files' people, so nothing here changes their candidate lists much.
const ON_LEAVE = 'Roster Leave Person';

interface Named {
  id: number;
  name: string;
}
interface LeaveRecord {
  id: number;
  physicist_name: string;
  start_date: string;
  end_date: string;
}

const physicistNames = async () =>
  (await adminApi<Named[]>('/physicists/')).map((physicist) => physicist.name);
const leaveOf = async (name: string) =>
  (await adminApi<LeaveRecord[]>('/availability/')).filter((r) => r.physicist_name === name);

/** The texts of a roster row's cells (the last one holds only the action buttons). */
async function cellsOf(row: Locator): Promise<string[]> {
  await row.waitFor();
  return (await row.locator('td').allTextContents()).map((text) => text.trim());
}

async function openRoster(p: Page, as: 'admin' | 'manager', tab: string): Promise<void> {
  await signInByToken(p, provided(as));
  await p.goto(`/roster?tab=${tab}`);
  await p.getByRole('tab', { name: 'Physicists' }).waitFor();
}

beforeAll(() => ensurePhysicists([{ name: ON_LEAVE, role: 'lead', home_zip: '80203' }]));

// Leave records would show on /unavailability in other files; remove any a failed run left.
afterAll(async () => {
  for (const record of await leaveOf(ON_LEAVE)) {
    await adminApi(`/availability/${record.id}`, { method: 'DELETE' });
  }
});

describe('/roster', () => {
  it('admin adds a physicist, edits the role and zip, and deletes them after confirming', async () => {
    const name = 'Roster Added Lead';
    await openRoster(page(), 'admin', 'physicists');
    await page().getByRole('button', { name: 'Add physicist' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Home zip').fill('80202');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page(), `Physicist ${name} added.`);
    const row = page().getByTestId(`roster-row-${name}`);
    expect(await cellsOf(row)).toEqual([name, 'Lead', '80202', '']);

    await page()
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page().getByRole('option', { name: 'Data acquisition' }).click();
    await dialog.getByLabel('Home zip').fill('80203');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page(), `Physicist ${name} updated.`);
    await row.locator('td', { hasText: /^Data acquisition$/ }).waitFor();
    expect(await cellsOf(row)).toEqual([name, 'Data acquisition', '80203', '']);
    const saved = (await adminApi<(Named & { role: string; home_zip: string })[]>('/physicists/'))
      .filter((physicist) => physicist.name === name)
      .map(({ role, home_zip }) => ({ role, home_zip }));
    expect(saved).toEqual([{ role: 'dataacq', home_zip: '80203' }]);

    await page()
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page()
      .getByText(`Are you sure you want to delete ${name}? This cannot be undone.`)
      .waitFor();
    await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page(), `Physicist ${name} deleted.`);
    await row.waitFor({ state: 'detached' });
    expect(await physicistNames()).not.toContain(name);
  });

  it('manager adds a kit on the Kits tab, then deletes it', async () => {
    const name = 'Roster Kit';
    await openRoster(page(), 'manager', 'kits');
    await page().getByRole('button', { name: 'Add kit' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Location zip').fill('80202');
    await dialog.getByLabel('Comments').fill('Spare phantom');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page(), `Kit ${name} added.`);
    const row = page().getByTestId(`roster-row-${name}`);
    expect(await cellsOf(row)).toEqual([name, '80202', 'Available', 'Spare phantom', '']);
    expect((await adminApi<Named[]>('/kits/')).map((kit) => kit.name)).toContain(name);

    await page()
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page(), `Kit ${name} deleted.`);
    await row.waitFor({ state: 'detached' });
    expect((await adminApi<Named[]>('/kits/')).map((kit) => kit.name)).not.toContain(name);
  });

  it('manager adds one unavailability record and deletes it', async () => {
    const label = `${ON_LEAVE} 2029-04-06 to 2029-04-08`;
    await openRoster(page(), 'manager', 'unavailability');
    await page().getByRole('button', { name: 'Add unavailability' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Physicist').fill(ON_LEAVE);
    await page().getByRole('option', { name: ON_LEAVE, exact: true }).click();
    await dialog.getByLabel('Start date').fill('2029-04-06');
    await dialog.getByLabel('End date').fill('2029-04-08');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page(), `Unavailability of ${ON_LEAVE} added.`);
    await page().getByTestId(`roster-row-${label}`).waitFor();
    expect(
      (await leaveOf(ON_LEAVE)).map(({ start_date, end_date }) => [start_date, end_date]),
    ).toEqual([['2029-04-06', '2029-04-08']]);

    await page()
      .getByRole('button', { name: `Delete ${label}` })
      .click();
    await page()
      .getByText(`Are you sure you want to delete ${label}? This cannot be undone.`)
      .waitFor();
    await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page(), 'Unavailability record deleted.');
    await page().getByTestId(`roster-row-${label}`).waitFor({ state: 'detached' });
    expect(await leaveOf(ON_LEAVE)).toEqual([]);
  });

  it('admin imports a physicists CSV with an unknown zip: refused with the line, nothing added', async () => {
    await openRoster(page(), 'admin', 'physicists');
    const csv = 'name,role,home_zip\nRoster Csv Good,lead,80202\nRoster Csv Bad,dataacq,00000\n';
    await page()
      .getByTestId('physicists-file-input')
      .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const toast = page().getByTestId('toast').filter({ hasText: 'Operation failed: ' });
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Line 3 \(home_zip\): zip code 00000 is not in/);
    const names = await physicistNames();
    expect(names).not.toContain('Roster Csv Good');
    expect(names).not.toContain('Roster Csv Bad');
  });
});
