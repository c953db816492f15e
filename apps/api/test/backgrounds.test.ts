import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/http-error';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The first bytes of each container, followed by filler: enough for the content check. */
const filler = Buffer.alloc(2000, 7);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), filler]);
const MOV = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), filler]);
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  filler,
]);
const MKV = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]),
  Buffer.from('matroska'),
  filler,
]);
const OGG = Buffer.concat([Buffer.from('OggS'), filler]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), filler]);

const BOUNDARY = 'backgrounds-test-boundary';
const upload = (fileName: string, bytes: Buffer, token = t.tokens.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/backgrounds/upload',
    headers: {
      ...t.bearer(token),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          `Content-Type: video/mp4\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

interface Listed {
  name: string;
  url: string;
  size_bytes: number;
  active: boolean;
}
const list = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/backgrounds',
      headers: t.bearer(t.tokens.admin),
    })
  ).json<Listed[]>();
/** Every media row, complete or not: a refused upload leaves none behind. */
const storedRows = () =>
  t.database.db
    .selectFrom('media_files')
    .select(['id', 'name', 'complete'])
    .orderBy('id')
    .execute();
const setActive = (activeVideo: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/appearance-settings',
    headers: t.bearer(t.tokens.admin),
    payload: { theme: 'default', activeVideo, music: { mode: 'playlist', keys: [] } },
  });
const activeUrl = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/backgrounds/active' })).json<{
    url: string | null;
  }>().url;

describe('background videos', () => {
  it('stores an upload under a server-chosen name from its content, and serves it publicly', async () => {
    const res = await upload('Ocean Waves (final).MP4', MP4);
    expect(res.statusCode).toBe(201);
    const { name, url } = res.json<{ name: string; url: string }>();
    expect(name).toMatch(/^ocean-waves-final-[0-9a-f]{8}\.mp4$/);
    expect(url).toBe(`/media/backgrounds/${name}`);
    expect(await list()).toContainEqual(
      expect.objectContaining({ name, url, size_bytes: MP4.length, active: false }),
    );

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(MP4)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ftyp');
  });

  it.each([
    ['clip.bin', MOV, '.mov'],
    ['clip.mp4', WEBM, '.webm'],
    ['clip', OGG, '.ogv'],
  ])('recognises %s by its bytes as %s', async (fileName, bytes, extension) => {
    const res = await upload(fileName, bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json<{ name: string }>().name.endsWith(extension)).toBe(true);
  });

  it.each([
    ['notes.mp4', Buffer.from('just some text, not a video')],
    ['picture.webm', PNG],
    ['movie.mkv', MKV],
    ['empty.mp4', Buffer.alloc(0)],
  ])('refuses %s by content with 415 and keeps nothing', async (fileName, bytes) => {
    const before = await storedRows();
    const res = await upload(fileName, bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json<{ detail: string }>().detail).toBe(
      `'${fileName}' is not a supported video: upload an MP4, QuickTime, WebM or Ogg video file`,
    );
    expect(await storedRows()).toEqual(before);
  });

  it('plays the active video on the public landing and clears it when the file is deleted', async () => {
    expect(await activeUrl()).toBeNull();
    const { name } = (await upload('loop.webm', WEBM)).json<{ name: string }>();
    expect((await setActive(name)).statusCode).toBe(200);
    expect(await activeUrl()).toBe(`/media/backgrounds/${name}`);
    expect((await list()).find((video) => video.name === name)?.active).toBe(true);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/backgrounds/${name}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(del.statusCode).toBe(204);
    expect(await activeUrl()).toBeNull();
    expect((await list()).some((video) => video.name === name)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/backgrounds/${name}` })).statusCode,
    ).toBe(404);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/backgrounds/${name}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ detail: string }>().detail).toBe(`No background video named '${name}'`);
  });

  it('never reaches outside the folder by name', async () => {
    for (const name of ['..%2Fjwt-secret', '..%2F..%2Fpackage.json', '.upload-x', 'a%00.mp4']) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/backgrounds/${name}`,
        headers: t.bearer(t.tokens.admin),
      });
      // NUL is refused at the edge (400, http/text-guard.ts) before any name is looked up.
      expect(del.statusCode).toBe(name.includes('%00') ? 400 : 404);
      const get = await t.app.inject({ method: 'GET', url: `/media/backgrounds/${name}` });
      expect([400, 403, 404]).toContain(get.statusCode);
    }
  });

  it('answers 413 for a stream cut at the size limit and keeps nothing', async () => {
    const before = await storedRows();
    const cut = Object.assign(Readable.from([MP4]), { truncated: true });
    const outcome = t.app.services.backgrounds.upload(cut, 'huge.mp4');
    await expect(outcome).rejects.toBeInstanceOf(HttpError);
    await expect(outcome).rejects.toMatchObject({ statusCode: 413 });
    expect(await storedRows()).toEqual(before);
  });
});
