import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

/** Records a short real WebM in the browser (canvas + MediaRecorder), so no binary is committed. */
async function recordWebm(p: Page): Promise<Buffer> {
  const base64 = await p.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2d canvas');
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 30; frame += 1) {
      context.fillStyle = `hsl(${frame * 12}, 60%, 40%)`;
      context.fillRect(0, 0, 320, 180);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

async function savedAppearance(): Promise<Record<string, unknown>> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  const response = await fetch(`${provided('baseUrl')}/api/v1/admin/appearance-settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('background videos', () => {
  // Other files share this server: leave the appearance as it was found.
  let before: Record<string, unknown> | undefined;
  afterAll(async () => {
    if (!before) return;
    const token = await apiToken(provided('baseUrl'), provided('admin'));
    await fetch(`${provided('baseUrl')}/api/v1/admin/appearance-settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...before, activeVideo: null }),
    });
  });

  it('refuses a file that is not a video, plays an uploaded one on the landing, deletes it', async () => {
    before = await savedAppearance();
    await signInByToken(page(), provided('admin'));
    await page().goto('/admin?tab=appearance');
    const input = page().getByTestId('background-upload-input');

    await input.setInputFiles({
      name: 'notes.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('meeting notes, not a video'),
    });
    await expectToast(
      page(),
      "Video upload failed: 'notes.mp4' is not a supported video: upload an MP4, QuickTime, WebM or Ogg video file",
    );

    const webm = await recordWebm(page());
    await input.setInputFiles({ name: 'Lobby Loop.webm', mimeType: 'video/webm', buffer: webm });
    await expectToast(page(), 'Video uploaded successfully.');
    const choice = page().getByRole('radio', { name: /^lobby-loop-[0-9a-f]{8}\.webm/ });
    await choice.check();
    await page().getByRole('button', { name: 'Save Appearance' }).click();
    await expectToast(page(), 'Settings saved successfully.');
    const name = (await savedAppearance()).activeVideo as string;
    expect(name).toMatch(/^lobby-loop-[0-9a-f]{8}\.webm$/);

    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    const video = page().getByTestId('landing-video');
    expect(await video.getAttribute('src')).toBe(`/media/backgrounds/${name}`);
    // The browser decoded frames of the stored file: it is served as a playable video.
    await page().waitForFunction(() => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid="landing-video"]');
      return element !== null && element.readyState >= 2 && element.error === null;
    });

    await signInByToken(page(), provided('admin'));
    await page().goto('/admin?tab=appearance');
    await page()
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page(), 'Video deleted.');
    expect((await savedAppearance()).activeVideo).toBeNull();
    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    await page().getByRole('heading', { name: 'Access Your Portal' }).waitFor();
    expect(await page().getByTestId('landing-video').count()).toBe(0);
  });
});
