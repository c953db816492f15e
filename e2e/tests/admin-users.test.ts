import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { apiToken, canSignIn, createUser } from '../support/api';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

const userRow = (p: Page, username: string) => p.getByTestId(`user-row-${username}`);

/** A user made through the API, so each test starts from its own account. */
async function seedUser(prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const password = 'initial-pass-1';
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  await createUser(provided('baseUrl'), token, {
    username,
    password,
    email: `${username}@example.org`,
    role: 'regular',
  });
  return { username, password };
}

async function openUserManagement(p: Page) {
  await signInByToken(p, provided('admin'));
  await p.goto('/admin');
  await p.getByRole('tab', { name: 'User Management' }).waitFor();
  await userRow(p, 'admin').waitFor();
}

describe('admin user management', () => {
  it('adds a user through the dialog', async () => {
    const username = `added${Date.now().toString(36)}`;
    await openUserManagement(page());
    await page().getByRole('button', { name: 'Add User' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.org`);
    await dialog.getByLabel('Password').fill('added-pass-1');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expectToast(page(), 'User added successfully.');
    await userRow(page(), username).waitFor();
    expect(await userRow(page(), username).textContent()).toContain('regular');
    expect(await canSignIn(provided('baseUrl'), { username, password: 'added-pass-1' })).toBe(true);
  });

  it('changes a role', async () => {
    const user = await seedUser('role');
    await openUserManagement(page());
    await page()
      .getByRole('combobox', { name: `Role of ${user.username}` })
      .click();
    await page().getByRole('option', { name: 'manager' }).click();
    await expectToast(page(), 'User role updated.');
    await page().reload();
    await userRow(page(), user.username).waitFor();
    expect(await userRow(page(), user.username).textContent()).toContain('manager');
  });

  it('resets a password', async () => {
    const user = await seedUser('reset');
    await openUserManagement(page());
    await page()
      .getByRole('button', { name: `Reset password for ${user.username}` })
      .click();
    await page().getByRole('dialog').getByLabel('New password').fill('brand-new-pass-2');
    await page().getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page(), 'User password reset.');
    const baseUrl = provided('baseUrl');
    expect(
      await canSignIn(baseUrl, { username: user.username, password: 'brand-new-pass-2' }),
    ).toBe(true);
    expect(await canSignIn(baseUrl, user)).toBe(false);
  });

  it('deletes a user after the confirmation', async () => {
    const user = await seedUser('gone');
    await openUserManagement(page());
    await page()
      .getByRole('button', { name: `Delete ${user.username}` })
      .click();
    const dialog = page().getByRole('dialog');
    await dialog
      .getByText(`Are you sure you want to delete ${user.username}? This cannot be undone.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page(), 'User deleted.');
    await userRow(page(), user.username).waitFor({ state: 'detached' });
  });

  it('reports a refused operation', async () => {
    await openUserManagement(page());
    await page().getByRole('button', { name: 'Add User' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Username').fill(provided('manager').username);
    await dialog.getByLabel('Email').fill('dupe@example.org');
    await dialog.getByLabel('Password').fill('dupe-pass-12');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page().getByTestId('toast').filter({ hasText: 'Operation failed: ' }).waitFor();
  });

  it('fits a phone: at 390 px each account is a card with every control, and nothing scrolls sideways', async () => {
    const user = await seedUser('phone');
    await page().setViewportSize({ width: 390, height: 844 });
    await openUserManagement(page());
    const card = userRow(page(), user.username);
    await card.scrollIntoViewIfNeeded();
    for (const control of [
      card.getByRole('combobox', { name: `Role of ${user.username}` }),
      card.getByRole('combobox', { name: `Physicist of ${user.username}` }),
      card.getByRole('button', { name: `Reset password for ${user.username}` }),
      card.getByRole('button', { name: `Delete ${user.username}` }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await page().getByRole('table', { name: 'Users' }).count()).toBe(0);

    await card.getByRole('combobox', { name: `Role of ${user.username}` }).click();
    await page().getByRole('option', { name: 'manager' }).click();
    await expectToast(page(), 'User role updated.');
    expect(await userRow(page(), user.username).textContent()).toContain('manager');
  });
});
