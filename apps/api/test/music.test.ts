import { MAX_MUSIC_FILE_BYTES } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A real PCM WAV: a 440 Hz tone of `samples` 16-bit mono samples at 8 kHz. */
function wav(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const BOUNDARY = 'music-test-boundary';
const upload = (fileName: string, bytes: Buffer, token = t.tokens.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/music/upload',
    headers: { ...t.bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          `Content-Type: audio/mpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
/** Every media row, complete or not: a refused upload leaves none behind. */
const storedRows = () =>
  t.database.db
    .selectFrom('media_files')
    .select(['id', 'name', 'complete'])
    .orderBy('id')
    .execute();
const get = <T>(url: string, token = t.tokens.admin) =>
  t.app.inject({ method: 'GET', url, headers: t.bearer(token) }).then((r) => r.json<T>());
const putMusic = (music: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/appearance-settings',
    headers: t.bearer(t.tokens.admin),
    payload: { theme: 'default', activeVideo: null, music },
  });
const detail = (response: { json: <T>() => T }) => response.json<{ detail: string }>().detail;

describe('music uploads', () => {
  it('keeps a WAV, lists it as a track, serves it as audio with byte ranges', async () => {
    const bytes = wav();
    const res = await upload('Lobby Strings.wav', bytes);
    expect(res.statusCode).toBe(201);
    const stored = res.json<{ key: string; name: string; url: string; size_bytes: number }>();
    expect(stored.key).toMatch(/^lobby-strings-[0-9a-f]{8}\.wav$/);
    expect(stored).toMatchObject({
      name: 'Lobby Strings',
      url: `/media/music/${stored.key}`,
      size_bytes: bytes.length,
    });
    expect(
      (await get<Record<string, string>>('/api/v1/music/tracks', t.tokens.regular))[stored.key],
    ).toBe('Lobby Strings');

    const file = await t.app.inject({ method: 'GET', url: stored.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: stored.url,
      headers: { range: 'bytes=0-43' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 44))).toBe(true);

    // A playlist names it; the player gets its address, after a built-in piece (no address).
    expect(
      (await putMusic({ mode: 'playlist', keys: ['satie_gymnopedie_1', stored.key] })).statusCode,
    ).toBe(200);
    expect(await get('/api/v1/music/settings', t.tokens.regular)).toEqual({
      mode: 'playlist',
      keys: ['satie_gymnopedie_1', stored.key],
      station: null,
      urls: { [stored.key]: stored.url },
      url: null,
      name: 'Satie: Gymnopédie No. 1',
    });

    // Deleting it takes it out of the saved playlist and stops serving it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/music/uploads/${stored.key}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(removed.statusCode).toBe(204);
    const saved = await get<{ music: { keys: string[] } }>('/api/v1/admin/appearance-settings');
    expect(saved.music.keys).toEqual(['satie_gymnopedie_1']);
    expect((await t.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/music/uploads/${stored.key}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(again.statusCode).toBe(404);
    expect(detail(again)).toBe(`No uploaded music file named '${stored.key}'`);
  });

  it('refuses a file that is not audio with a 400 naming it, and keeps nothing', async () => {
    const before = await storedRows();
    for (const [name, bytes] of [
      ['notes.mp3', Buffer.from('meeting notes, not music')],
      [
        'clip.ogg',
        Buffer.concat([Buffer.from('OggS'), Buffer.alloc(40), Buffer.from('\x80theora')]),
      ],
      ['song.aac', Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.alloc(400)])],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe(
        `'${name}' is not a supported audio file: upload an MP3, Ogg (Opus or Vorbis), WAV or FLAC file`,
      );
    }
    expect(await storedRows()).toEqual(before);
  });

  it('answers 400 without a file and 413 above the size cap, keeping nothing', async () => {
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/music/upload',
      headers: t.bearer(t.tokens.admin),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(detail(notMultipart)).toBe(
      "Send the music file as multipart/form-data in a field named 'file'",
    );
    const before = await storedRows();
    const big = Buffer.alloc(MAX_MUSIC_FILE_BYTES + 1);
    wav().copy(big);
    const res = await upload('long.wav', big);
    expect(res.statusCode).toBe(413);
    expect(detail(res)).toBe('The music file is larger than the limit of 50 MB');
    expect(await storedRows()).toEqual(before);
  });

  it('refuses playlist keys that are neither a built-in piece nor a stored file', async () => {
    for (const key of ['../../etc/passwd', 'gone-0a1b2c3d.mp3']) {
      const res = await putMusic({ mode: 'playlist', keys: [key] });
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe(`Invalid body field 'music.keys': unknown track '${key}'`);
    }
  });
});

describe('radio station and the Content-Security-Policy', () => {
  const mediaSrc = async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    return /(?:^|;)media-src ([^;]*)/.exec(csp)?.[1];
  };

  it('allows media from our origin plus the saved station origin only', async () => {
    expect((await putMusic({ mode: 'playlist', keys: [], station: null })).statusCode).toBe(200);
    expect(await mediaSrc()).toBe("'self'");
    const station = { url: 'https://radio.example.org:8443/live/classical.mp3', name: 'Classical' };
    expect((await putMusic({ mode: 'radio', keys: [], station })).statusCode).toBe(200);
    expect(await mediaSrc()).toBe("'self' https://radio.example.org:8443");
    // The API's own answers carry the same policy.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(api.headers['content-security-policy'])).toContain(
      "media-src 'self' https://radio.example.org:8443",
    );

    // Saved by another process (straight into the table): the next page load follows it.
    await t.app.services.repositories.settings.put('appearance', {
      theme: 'default',
      activeVideo: null,
      music: { mode: 'radio', keys: [], station: { url: 'http://10.0.0.7/stream', name: 'LAN' } },
    });
    expect(await mediaSrc()).toBe("'self' http://10.0.0.7");
    expect((await putMusic({ mode: 'playlist', keys: [], station: null })).statusCode).toBe(200);
    expect(await mediaSrc()).toBe("'self'");
  });

  it.each([
    [
      { mode: 'radio', keys: [] },
      "Invalid body field 'music.station': radio mode needs a station (its url and name)",
    ],
    [
      { mode: 'radio', keys: [], station: { url: 'ftp://radio.example.org/a', name: 'A' } },
      /music\.station\.url/,
    ],
    [
      { mode: 'radio', keys: [], station: { url: "javascript:alert('x')", name: 'A' } },
      /music\.station\.url/,
    ],
    [
      { mode: 'radio', keys: [], station: { url: 'https://a.example; script-src *', name: 'A' } },
      /music\.station\.url/,
    ],
    [
      { mode: 'radio', keys: [], station: { url: 'https://radio.example.org/', name: ' ' } },
      /music\.station\.name/,
    ],
  ])('refuses %j with a 400 naming the field', async (music, message) => {
    const res = await putMusic(music);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(detail(res)).toBe(message);
    else expect(detail(res)).toMatch(message);
  });
});
