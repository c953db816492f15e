import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

/** A real PCM WAV: `seconds` of a quiet 440 Hz tone, 8 kHz mono. */
function wav(seconds: number): Buffer {
  const samples = Math.round(8000 * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / 8000)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function api(method: string, url: string, body?: unknown): Promise<Response> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  return fetch(`${provided('baseUrl')}/api/v1${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const trackName = (p: Page) => p.getByTestId('track-name').textContent();
const controls = (p: Page) => p.getByRole('group', { name: 'Music controls' });
/** Waits until the controls report this AudioContext state (from the context's statechange). */
const audioState = (p: Page, state: string) =>
  p.locator(`[aria-label="Music controls"][data-audio-state="${state}"]`).waitFor();
const waitForTrack = (p: Page, name: string) =>
  p.locator('[data-testid="track-name"]', { hasText: name }).waitFor({ timeout: 20_000 });

/** Screenshots for the report when E2E_SCREENSHOTS_DIR is set. */
async function shoot(p: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await p.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe('music', () => {
  let before: unknown;
  beforeAll(async () => {
    before = await (await api('GET', '/admin/appearance-settings')).json();
  });
  afterAll(async () => {
    const uploads = (await (await api('GET', '/admin/music/uploads')).json()) as { key: string }[];
    for (const upload of uploads) await api('DELETE', `/admin/music/uploads/${upload.key}`);
    await api('PUT', '/admin/appearance-settings', before);
  });

  it('plays the built-in pieces: the audio context runs, next moves on, pause suspends', async () => {
    const tracks = (await (await api('GET', '/music/tracks')).json()) as Record<string, string>;
    await api('PUT', '/admin/appearance-settings', {
      theme: 'default',
      activeVideo: null,
      music: { mode: 'playlist', keys: ['satie_gymnopedie_1', 'pachelbel_canon'], station: null },
    });
    await signInByToken(page(), provided('admin'));
    await page().goto('/');
    await waitForTrack(page(), tracks.satie_gymnopedie_1 ?? 'missing');
    expect(await controls(page()).getAttribute('data-audio-state')).toBe('none');

    await page().getByRole('button', { name: 'Play' }).click();
    await audioState(page(), 'running');
    await shoot(page(), 'music-top-bar-playing-1280');

    await page().getByRole('button', { name: 'Next track' }).click();
    expect(await trackName(page())).toBe('Pachelbel: Canon in D');
    await audioState(page(), 'running');
    expect(await page().getByRole('button', { name: 'Pause' }).count()).toBe(1);

    await page().getByRole('button', { name: 'Next track' }).click();
    expect(await trackName(page())).toBe('Satie: Gymnopédie No. 1');
    await page().getByRole('button', { name: 'Previous track' }).click();
    expect(await trackName(page())).toBe('Pachelbel: Canon in D');

    await page().getByRole('button', { name: 'Pause' }).click();
    await audioState(page(), 'suspended');
    await page().getByRole('button', { name: 'Play' }).click();
    await audioState(page(), 'running');
  });

  it('plays an uploaded file and moves on to the next track when it ends', async () => {
    await signInByToken(page(), provided('admin'));
    await page().goto('/admin?tab=music');
    const input = page().getByTestId('music-upload-input');
    await input.setInputFiles({
      name: 'minutes.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('minutes of the meeting, not music'),
    });
    await expectToast(
      page(),
      "Music upload failed: 'minutes.mp3' is not a supported audio file: upload an MP3, Ogg (Opus or Vorbis), WAV or FLAC file",
    );
    await input.setInputFiles({ name: 'Short Chime.wav', mimeType: 'audio/wav', buffer: wav(1.5) });
    await expectToast(page(), 'Music file uploaded. Save to add it to the playlist.');
    // Only the upload and one built-in piece, in the list's order (built-in pieces first).
    const ticked = page().getByRole('checkbox', { checked: true });
    while ((await ticked.count()) > 0) await ticked.first().uncheck();
    await page()
      .getByRole('checkbox', { name: /Short Chime/ })
      .check();
    await page().getByRole('checkbox', { name: 'Beethoven: Für Elise' }).check();
    await page().setViewportSize({ width: 1280, height: 900 });
    await shoot(page(), 'music-admin-tab-1280');
    await page().setViewportSize({ width: 390, height: 900 });
    await shoot(page(), 'music-admin-tab-390');
    await page().setViewportSize({ width: 1366, height: 860 });
    await page().getByRole('button', { name: 'Save Music Settings' }).click();
    await expectToast(page(), 'Settings saved successfully.');

    await page().reload();
    await waitForTrack(page(), 'Beethoven: Für Elise');
    await page().getByRole('button', { name: 'Next track' }).click();
    expect(await trackName(page())).toBe('Short Chime');
    await page().getByRole('button', { name: 'Play' }).click();
    // The 1.5 s file plays to its end, then the playlist moves on to the synthesised piece.
    await waitForTrack(page(), 'Beethoven: Für Elise');
    await audioState(page(), 'running');
    expect(await page().getByRole('button', { name: 'Pause' }).count()).toBe(1);
  });

  it('plays the radio station the admin set, named in the top bar', async () => {
    const uploads = (await (await api('GET', '/admin/music/uploads')).json()) as { url: string }[];
    const stream = `${provided('baseUrl')}${uploads[0]?.url ?? '/missing'}`;
    await api('PUT', '/admin/appearance-settings', {
      theme: 'default',
      activeVideo: null,
      music: { mode: 'radio', keys: [], station: { url: stream, name: 'Test Station' } },
    });
    await signInByToken(page(), provided('admin'));
    await page().goto('/');
    await waitForTrack(page(), 'Test Station');
    expect(await page().getByRole('button', { name: 'Next track' }).isDisabled()).toBe(true);
    await page().getByRole('button', { name: 'Play' }).click();
    await page().getByRole('button', { name: 'Pause' }).waitFor();
    await page().setViewportSize({ width: 390, height: 800 });
    await shoot(page(), 'music-top-bar-radio-390');
  });
});
