import { describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, waitForPath } from '../support/app';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

describe('login landing', () => {
  it('shows the three sections and the portal form', async () => {
    await page().goto('/login');
    for (const heading of [
      'Welcome to Meridian Scheduler',
      'Intelligent Scheduling',
      'Data-Driven Analytics',
      'Access Your Portal',
    ]) {
      await page().getByRole('heading', { name: heading }).waitFor();
    }
    expect(await page().getByLabel('Meridian Physics Email').count()).toBe(0);
  });

  it('reports a failed login with the server detail', async () => {
    await page().goto('/login');
    await page().getByLabel('Username').fill(provided('regular').username);
    await page().getByLabel('Password').fill('not-the-password');
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page(), 'Login failed: Incorrect username or password');
    expect(new URL(page().url()).pathname).toBe('/login');
  });

  it('answers Forgot password? with a demo notice', async () => {
    await page().goto('/login');
    await page().getByRole('button', { name: 'Forgot password?' }).click();
    await page().getByTestId('toast').filter({ hasText: 'This is a demo' }).waitFor();
  });
});

describe('register', () => {
  it('registers a regular account that can then sign in', async () => {
    const username = `reg${Date.now().toString(36)}`;
    await page().goto('/login');
    await page().getByRole('button', { name: "Don't have an account? Register" }).click();
    await page().getByLabel('Username').fill(username);
    await page().getByLabel('Meridian Physics Email').fill(`${username}@example.org`);
    await page().getByLabel('Password').fill('a-long-password');
    await page().getByRole('button', { name: 'Register', exact: true }).click();
    await expectToast(page(), `User ${username} registered! Please log in.`);

    // Back in sign-in mode with the username kept: only the password is needed.
    await page().getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page().getByLabel('Password').fill('a-long-password');
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page(), '/assignments');
  });

  it('shows the server refusal', async () => {
    await page().goto('/login');
    await page().getByRole('button', { name: "Don't have an account? Register" }).click();
    await page().getByLabel('Username').fill(provided('regular').username);
    await page().getByLabel('Meridian Physics Email').fill('someone@example.org');
    await page().getByLabel('Password').fill('a-long-password');
    await page().getByRole('button', { name: 'Register', exact: true }).click();
    await page().getByTestId('toast').filter({ hasText: 'Registration failed: ' }).waitFor();
  });
});
