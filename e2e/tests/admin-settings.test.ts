import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

async function getJson(path: string): Promise<Record<string, unknown>> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

async function putJson(path: string, body: unknown): Promise<void> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  await fetch(`${provided('baseUrl')}/api/v1${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('admin settings', () => {
  // Other test files share this server: put the organisation's settings back.
  let savedAppearance: Record<string, unknown> | undefined;
  let savedWeights: Record<string, unknown> | undefined;
  afterAll(async () => {
    if (savedAppearance) await putJson('/admin/appearance-settings', savedAppearance);
    if (savedWeights) await putJson('/admin/settings/weights', savedWeights);
  });

  it('saves a theme and applies it at once', async () => {
    savedAppearance = await getJson('/admin/appearance-settings');
    await signInByToken(page(), provided('admin'));
    await page().goto('/admin?tab=appearance');
    await page().getByRole('radio', { name: 'Dark Shade' }).click();
    await page().getByRole('button', { name: 'Save Appearance' }).click();
    await expectToast(page(), 'Settings saved successfully.');
    await page().waitForFunction(
      () => getComputedStyle(document.body).backgroundColor === 'rgb(16, 20, 24)',
    );
    expect(await getJson('/theme/active')).toEqual({ theme_name: 'dark_shade' });
  });

  it('saves the music mode and tracks', async () => {
    savedAppearance ??= await getJson('/admin/appearance-settings');
    await signInByToken(page(), provided('admin'));
    await page().goto('/admin?tab=music');
    await page().getByRole('radio', { name: /Radio/ }).check();
    // Radio needs a station: saving without one names what is missing.
    await page().getByRole('button', { name: 'Save Music Settings' }).click();
    await page().getByText('Enter the address of the station stream').waitFor();
    await page().getByLabel('Station stream URL').fill('ftp://radio.example.org/live');
    await page().getByLabel('Station name').fill('Example Classical');
    await page().getByRole('button', { name: 'Save Music Settings' }).click();
    await page().getByText('The address must start with http:// or https://').waitFor();
    await page().getByLabel('Station stream URL').fill('https://radio.example.org/live');
    await page().getByRole('button', { name: 'Save Music Settings' }).click();
    await expectToast(page(), 'Settings saved successfully.');
    const saved = await getJson('/admin/appearance-settings');
    expect(saved.music).toMatchObject({
      mode: 'radio',
      station: { url: 'https://radio.example.org/live', name: 'Example Classical' },
    });
    // The top bar now names the station.
    await page().reload();
    await page().locator('[data-testid="track-name"]', { hasText: 'Example Classical' }).waitFor();
  });

  it('saves weights, turning a non-number into 0', async () => {
    savedWeights = await getJson('/admin/settings/weights');
    await signInByToken(page(), provided('admin'));
    await page().goto('/admin?tab=optimizer');
    await page().getByLabel('Proximity').fill('0.85');
    await page().getByLabel('Staff rotation').fill('');
    await page().getByRole('button', { name: 'Save Weights' }).click();
    await expectToast(page(), 'Optimizer weights updated successfully.');
    expect(await getJson('/admin/settings/weights')).toEqual({
      ...savedWeights,
      proximity: 0.85,
      staff_rotation: 0,
    });
  });
});
