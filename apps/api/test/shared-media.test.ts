import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/compose/app';
import { postFile } from './scheduling-fixtures';
import { createSecondNode, createTestApp, type SecondNode, type TestApp } from './support/test-app';

// Scale-out (docs/security.md, finding 10): uploaded media live in the database, so a file uploaded
// through one API node is served by another whose DATA_DIR has never seen
// it. On PostgreSQL the second node has a pool of its own on the same schema;
// on the embedded database it shares the one handle (createSecondNode).

const MB = 1024 * 1024;
/** An MP4 of 2.5 MB: three chunks, the last one half full; its bytes after the header are random. */
const VIDEO = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  randomBytes(2.5 * MB - 12),
]);
const SIZE = VIDEO.length;

let a: TestApp;
let b: App;
let second: SecondNode;
const folders: string[] = [];
const newFolder = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'meridian-media-node-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  a = await createTestApp();
  second = await createSecondNode(a, { config: { dataDir: await newFolder() } });
  b = second.app;
});
afterAll(async () => {
  await second.close();
  await a.close();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const mediaRows = () =>
  a.database.db
    .selectFrom('media_files')
    .leftJoin('media_chunks', 'media_chunks.media_id', 'media_files.id')
    .select(['media_files.name', 'media_chunks.idx'])
    .execute();

describe('media on two API nodes sharing one database', () => {
  let url = '';
  let name = '';

  it('a video uploaded through one node is served whole by the other, from the database', async () => {
    const res = await postFile(
      a,
      '/api/v1/admin/backgrounds/upload',
      'Harbour.mp4',
      VIDEO,
      'admin',
    );
    expect(res.statusCode).toBe(201);
    ({ url, name } = res.json<{ url: string; name: string }>());
    // Neither node wrote it to disk.
    expect(existsSync(path.join(a.config.dataDir, 'media'))).toBe(false);
    expect(await readdir(second.config.dataDir)).toEqual([]);
    expect((await mediaRows()).filter((row) => row.name === name).map((row) => row.idx)).toEqual([
      0, 1, 2,
    ]);

    const whole = await get(b, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe(String(SIZE));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    // The ETag is the content's SHA-256, the same on both nodes.
    expect(whole.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await get(a.app, url)).headers.etag).toBe(whole.headers.etag);
  });

  it('serves byte ranges across chunk boundaries on the other node (206), and 416 past the end', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-11', 0, 11],
      // Across the boundary between chunks 0 and 1.
      [`bytes=${MB - 5}-${MB + 4}`, MB - 5, MB + 4],
      // Across two boundaries: the whole middle chunk and a piece on each side.
      [`bytes=${MB - 1}-${2 * MB}`, MB - 1, 2 * MB],
      // From the last chunk's start to the end, as a player seeking does.
      [`bytes=${2 * MB}-`, 2 * MB, SIZE - 1],
      ['bytes=-100', SIZE - 100, SIZE - 1],
      [`bytes=${SIZE - 1}-${SIZE + 1000}`, SIZE - 1, SIZE - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await get(b, url, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(part.headers['content-length'], range).toBe(String(end - start + 1));
      expect(part.rawPayload.equals(VIDEO.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`, 'bytes=-0']) {
      const outside = await get(a.app, url, { range });
      expect(outside.statusCode, range).toBe(416);
      expect(outside.headers['content-range'], range).toBe(`bytes */${SIZE}`);
      expect(outside.json<{ detail: string }>().detail).toBe(
        `The range '${range}' is outside the file's ${SIZE} bytes`,
      );
    }
    // Several ranges, or a range whose end is before its start, get the whole file.
    for (const range of ['bytes=0-1,5-6', 'bytes=9-3']) {
      const whole = await get(b, url, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.length, range).toBe(SIZE);
    }
  });

  it('answers 304 to If-None-Match, and the whole file when If-Range names another version', async () => {
    const { etag } = (await get(a.app, url, { range: 'bytes=0-0' })).headers;
    expect(typeof etag).toBe('string');
    const cached = await get(b, url, { 'if-none-match': String(etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    const stale = await get(b, url, { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(VIDEO)).toBe(true);
    const same = await get(b, url, { range: 'bytes=0-9', 'if-range': String(etag) });
    expect(same.statusCode).toBe(206);
    expect(same.rawPayload.equals(VIDEO.subarray(0, 10))).toBe(true);
    const head = await b.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(SIZE));
    expect(head.rawPayload.length).toBe(0);
  });

  it('a music file uploaded through the other node is listed and played on the first', async () => {
    const wav = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0x08, 0, 0]),
      Buffer.from('WAVEfmt '),
      randomBytes(3000),
    ]);
    const res = await postFile(
      { ...a, app: b },
      '/api/v1/admin/music/upload',
      'Night Drive.wav',
      wav,
      'admin',
    );
    expect(res.statusCode).toBe(201);
    const { key, url: trackUrl } = res.json<{ key: string; url: string }>();
    const listed = await a.app.inject({
      method: 'GET',
      url: '/api/v1/admin/music/uploads',
      headers: a.bearer(a.tokens.admin),
    });
    expect(listed.json<{ key: string }[]>().map((upload) => upload.key)).toContain(key);
    const played = await get(a.app, trackUrl, { range: 'bytes=0-3' });
    expect(played.statusCode).toBe(206);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.body).toBe('RIFF');
  });

  it('deleting through one node deletes the rows, and neither node serves it', async () => {
    const del = await b.inject({
      method: 'DELETE',
      url: `/api/v1/admin/backgrounds/${name}`,
      headers: a.bearer(a.tokens.admin),
    });
    expect(del.statusCode).toBe(204);
    expect((await mediaRows()).filter((row) => row.name === name)).toEqual([]);
    const orphans = await a.database.db
      .selectFrom('media_chunks')
      .leftJoin('media_files', 'media_files.id', 'media_chunks.media_id')
      .where('media_files.id', 'is', null)
      .select('media_chunks.idx')
      .execute();
    expect(orphans).toEqual([]);
    for (const app of [a.app, b]) {
      const gone = await get(app, url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json<{ detail: string }>().detail).toBe(`No background video named '${name}'`);
    }
  });
});

describe('media files an earlier version kept in DATA_DIR/media', () => {
  it('are imported into the database at start, once, under their own names', async () => {
    const dataDir = await newFolder();
    const videos = path.join(dataDir, 'media', 'backgrounds');
    const music = path.join(dataDir, 'media', 'music');
    await mkdir(videos, { recursive: true });
    await mkdir(music, { recursive: true });
    const old = Buffer.concat([Buffer.from('OggS'), randomBytes(1.5 * MB)]);
    await writeFile(path.join(videos, 'sunrise-0a1b2c3d.ogv'), old);
    // A name the server could have chosen, but not a video: left where it is.
    await writeFile(path.join(videos, 'notes-11223344.mp4'), 'not a video');
    // Not a name the server chooses: never read.
    await writeFile(path.join(videos, 'README.txt'), 'hello');
    const mp3 = Buffer.concat([
      Buffer.from('ID3'),
      Buffer.from([4, 0, 0, 0, 0, 0, 0]),
      randomBytes(900),
    ]);
    await writeFile(path.join(music, 'theme-99aabbcc.mp3'), mp3);

    const started = await createSecondNode(a, { config: { dataDir } });
    try {
      // Served by the first node, whose DATA_DIR never held it.
      const served = await get(a.app, '/media/backgrounds/sunrise-0a1b2c3d.ogv');
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/ogg');
      expect(served.rawPayload.equals(old)).toBe(true);
      const track = await get(a.app, '/media/music/theme-99aabbcc.mp3');
      expect(track.statusCode).toBe(200);
      expect(track.headers['content-type']).toBe('audio/mpeg');
      expect(track.rawPayload.equals(mp3)).toBe(true);
      // The imported files moved aside; the refused and unknown ones stayed.
      expect((await readdir(videos)).sort()).toEqual(['README.txt', 'notes-11223344.mp4']);
      expect(await readdir(music)).toEqual([]);
      expect(
        await readdir(path.join(dataDir, 'media', 'imported-to-database', 'backgrounds')),
      ).toEqual(['sunrise-0a1b2c3d.ogv']);
      expect((await get(a.app, '/media/backgrounds/notes-11223344.mp4')).statusCode).toBe(404);
    } finally {
      await started.close();
    }

    // A file put back by hand and a second start: the name is already stored, so nothing doubles.
    await writeFile(path.join(videos, 'sunrise-0a1b2c3d.ogv'), old);
    const again = await createSecondNode(a, { config: { dataDir } });
    await again.close();
    const rows = await a.database.db
      .selectFrom('media_files')
      .select(['name', 'size_bytes'])
      .where('name', 'in', ['sunrise-0a1b2c3d.ogv', 'theme-99aabbcc.mp3', 'notes-11223344.mp4'])
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: 'sunrise-0a1b2c3d.ogv', size_bytes: old.length },
      { name: 'theme-99aabbcc.mp3', size_bytes: mp3.length },
    ]);
    expect(await readdir(videos)).not.toContain('sunrise-0a1b2c3d.ogv');
  });
});
