/**
 * How fast a node serves an uploaded video from the database
 * (docs/performance.md): a 50 MB MP4 (random bytes after its header, so nothing compresses) is
 * uploaded through the service, then downloaded over real HTTP from the app
 * listening on loopback: whole, ten times in a row, one client at a time,
 * and as a player seeking does (`bytes=<middle>-`). Each figure runs from the
 * request to the last byte received, and checks the bytes.
 * Run: npm run bench:media   (embedded database; BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../src/compose/app';
import { parseConfig } from '../src/config/config';
import { createDatabase, type Database } from '../src/db/database';
import { openScratchSchema } from '../test/support/scratch-schema';
import { machineLine } from './bench-app';

const MB = 1024 * 1024;
const SIZE = 50 * MB;
const ROUNDS = 10;

/** The database the bench runs on; its close drops a PostgreSQL schema it made. */
async function openDatabase(): Promise<{ database: Database; label: string }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url === undefined || url === '') {
    const database = await createDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
    return { database, label: 'embedded (PGlite in memory)' };
  }
  return {
    database: await openScratchSchema(url, 'bench'),
    label: 'PostgreSQL (BENCH_DATABASE_URL)',
  };
}

/** The video, held once in memory to check every download against. */
function video(): Buffer {
  const bytes = randomBytes(SIZE);
  Buffer.from([0, 0, 0, 0x18]).copy(bytes, 0);
  Buffer.from('ftypisom').copy(bytes, 4);
  return bytes;
}

async function download(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const hash = createHash('sha256');
  let received = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    received += chunk.length;
  }
  return {
    ms: performance.now() - started,
    status: res.status,
    received,
    sha256: hash.digest('hex'),
  };
}

async function main(): Promise<void> {
  const { database, label } = await openDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-bench-media-'));
  const config = {
    ...parseConfig({ DATA_DIR: dataDir }),
    jwtSecret: 'bench-secret-0123456789-abcdefghijklmnop',
  };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no port');
    const bytes = video();
    const expected = createHash('sha256').update(bytes).digest('hex');
    const pieces = Array.from({ length: SIZE / (64 * 1024) }, (_, i) =>
      bytes.subarray(i * 64 * 1024, (i + 1) * 64 * 1024),
    );
    const upStarted = performance.now();
    const { url } = await app.services.backgrounds.upload(Readable.from(pieces), 'bench.mp4');
    const uploadMs = performance.now() - upStarted;
    const base = `http://127.0.0.1:${address.port}${url}`;

    console.log(`# media download bench: ${label}`);
    console.log(machineLine());
    console.log(
      `upload of 50 MB through the service (64 KB pieces): ${(uploadMs / 1000).toFixed(2)} s`,
    );
    console.log('| request | round | s | MB/s | bytes checked |');
    console.log('|---|---:|---:|---:|---|');
    const rates: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const got = await download(base);
      const ok = got.status === 200 && got.received === SIZE && got.sha256 === expected;
      const rate = SIZE / MB / (got.ms / 1000);
      rates.push(rate);
      console.log(
        `| whole 50 MB | ${round} | ${(got.ms / 1000).toFixed(2)} | ${rate.toFixed(1)} | ${ok ? 'yes' : 'NO'} |`,
      );
    }
    const from = SIZE / 2 + 12345;
    const part = await download(base, { range: `bytes=${from}-` });
    const partOk =
      part.status === 206 &&
      part.received === SIZE - from &&
      part.sha256 === createHash('sha256').update(bytes.subarray(from)).digest('hex');
    console.log(
      `| bytes=${from}- (25 MB) | 1 | ${(part.ms / 1000).toFixed(2)} | ${((SIZE - from) / MB / (part.ms / 1000)).toFixed(1)} | ${partOk ? 'yes' : 'NO'} |`,
    );
    const sorted = [...rates].sort((a, b) => a - b);
    console.log(
      `median whole-file rate: ${sorted[Math.floor(ROUNDS / 2)]!.toFixed(1)} MB/s over ${ROUNDS} downloads (too few for a percentile)`,
    );
    console.log(`resident memory after: ${Math.round(process.memoryUsage().rss / MB)} MB`);
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
