import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database';
import {
  currentManifest,
  prepareDataFolder,
  TEMPLATE_ARCHIVE,
  TEMPLATE_MANIFEST,
  writeTemplate,
} from '../src/db/first-start-template';
import { listMigrations, MIGRATIONS_DIR } from '../src/db/migrate';
import { extractTarGz, TarError } from '../src/db/untar';
import { ZIP_TABLE_ROWS } from '../src/io/zip-table';
import { embeddedTemplate } from './support/test-app';

// The data folder prepared at build time (docs/reliability.md: a restart after a kill
// during a first start must take < 10 s). The template here is the tests'
// migrated dump, written with the running code's manifest, as the build does.
let scratch: string;
let templateDir: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'meridian-first-start-'));
  templateDir = path.join(scratch, 'build');
  await writeTemplate(templateDir, await embeddedTemplate(), await currentManifest());
}, 180_000);
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const newDataDir = async (name: string) => {
  const dir = path.join(scratch, name);
  await mkdir(dir);
  return dir;
};

describe.skipIf(process.env.TEST_DB === 'postgres')('first start from the build template', () => {
  it('a new DATA_DIR gets a migrated database with the zip table and no user, from the template', async () => {
    const dataDir = await newDataDir('new');
    const database = await createDatabase({
      databaseUrl: null,
      dataDir,
      firstStartTemplate: templateDir,
    });
    try {
      expect(database.firstStart?.kind).toBe('template');
      const applied = await sql<{ name: string }>`select name from schema_migrations order by name`
        .execute(database.db)
        .then((r) => r.rows.map((row) => row.name));
      expect(applied).toEqual(await listMigrations());
      const count = async (table: string) =>
        (
          await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
            database.db,
          )
        ).rows[0]?.n;
      expect(await count('zip_data')).toBe(ZIP_TABLE_ROWS);
      expect(await count('users')).toBe(0);
      expect(await count('tasks')).toBe(0);
    } finally {
      await database.close();
    }
    const again = await createDatabase({
      databaseUrl: null,
      dataDir,
      firstStartTemplate: templateDir,
    });
    await again.close();
    expect(again.firstStart?.kind).toBe('existing');
  }, 120_000);

  it('a start killed while unpacking left a half-written folder: it is removed and the next start succeeds', async () => {
    const dataDir = await newDataDir('killed');
    // What a kill -9 halfway through the unpacking leaves: some files, no DATA_DIR/db.
    const half = path.join(dataDir, 'db.unpacking-0badf00d');
    await mkdir(path.join(half, 'base', '1'), { recursive: true });
    await writeFile(path.join(half, 'PG_VERSION'), '17\n');
    await writeFile(path.join(half, 'base', '1', '1259'), Buffer.alloc(3000, 7));
    const database = await createDatabase({
      databaseUrl: null,
      dataDir,
      firstStartTemplate: templateDir,
    });
    try {
      expect(database.firstStart?.kind).toBe('template');
      const zips = await sql<{ n: number }>`select count(*)::int as n from zip_data`.execute(
        database.db,
      );
      expect(zips.rows[0]?.n).toBe(ZIP_TABLE_ROWS);
    } finally {
      await database.close();
    }
    expect((await readdir(dataDir)).filter((f) => f.startsWith('db'))).toEqual(['db']);
  }, 120_000);

  it('falls back to initdb and the migrations when the template was built from other migrations, or is missing', async () => {
    const migrations = path.join(scratch, 'migrations-plus-one');
    await cp(MIGRATIONS_DIR, migrations, { recursive: true });
    await writeFile(path.join(migrations, '9999_later_change.sql'), 'select 1;');
    const dataDir = await newDataDir('stale');
    const outcome = await prepareDataFolder(dataDir, templateDir, migrations);
    expect(outcome).toEqual({
      kind: 'initdb',
      reason: 'the template was built from other migrations or packages',
    });
    // An edited migration counts as another migration.
    const edited = path.join(scratch, 'migrations-edited');
    await cp(MIGRATIONS_DIR, edited, { recursive: true });
    const [first] = await listMigrations(edited);
    await writeFile(
      path.join(edited, first ?? ''),
      `${await readFile(path.join(edited, first ?? ''), 'utf8')}\n-- edited\n`,
    );
    expect((await prepareDataFolder(dataDir, templateDir, edited)).kind).toBe('initdb');
    expect(await readdir(dataDir)).toEqual([]);
    const missing = await prepareDataFolder(dataDir, path.join(scratch, 'no-build'));
    expect(missing.kind).toBe('initdb');
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('falls back to initdb when the archive does not unpack, leaving no folder behind', async () => {
    const broken = path.join(scratch, 'broken-build');
    await mkdir(broken);
    await cp(path.join(templateDir, TEMPLATE_MANIFEST), path.join(broken, TEMPLATE_MANIFEST));
    const archive = await readFile(path.join(templateDir, TEMPLATE_ARCHIVE));
    await writeFile(path.join(broken, TEMPLATE_ARCHIVE), archive.subarray(0, archive.length / 2));
    const dataDir = await newDataDir('broken');
    const outcome = await prepareDataFolder(dataDir, broken);
    expect(outcome.kind).toBe('initdb');
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('leaves an existing database alone, even when the template differs', async () => {
    const dataDir = await newDataDir('existing');
    await mkdir(path.join(dataDir, 'db'));
    await writeFile(path.join(dataDir, 'db', 'PG_VERSION'), '17\n');
    expect(await prepareDataFolder(dataDir, templateDir)).toEqual({ kind: 'existing' });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });
});

/** One ustar header block with a correct checksum. */
function header(name: string, size: number, type: '0' | '5' | '2'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write('0000600\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write('00000000000\0', 136);
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  block.fill(32, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

const tarOf = (...parts: Buffer[]) => gzipSync(Buffer.concat([...parts, Buffer.alloc(1024)]));

describe('extractTarGz', () => {
  it('writes files and folders below the root', async () => {
    const root = await newDataDir('tar-ok');
    const body = Buffer.from('hello');
    const padded = Buffer.concat([body, Buffer.alloc(512 - body.length)]);
    const n = await extractTarGz(
      tarOf(header('/base/', 0, '5'), header('/base/f', body.length, '0'), padded),
      root,
    );
    expect(n).toBe(1);
    expect(await readFile(path.join(root, 'base', 'f'), 'utf8')).toBe('hello');
  });

  it.each([
    ['a name that leaves the root', header('../escape', 0, '0'), /refused/],
    ['a link', header('/link', 0, '2'), /only files and folders/],
  ])('refuses %s', async (_what, block, message) => {
    const root = await newDataDir(`tar-bad-${Math.random().toString(16).slice(2)}`);
    await expect(extractTarGz(tarOf(block), root)).rejects.toThrow(message);
    expect(existsSync(path.join(scratch, 'escape'))).toBe(false);
  });

  it('refuses a header whose checksum does not match', async () => {
    const root = await newDataDir('tar-sum');
    const block = header('/f', 0, '0');
    block.write('g', 0);
    await expect(extractTarGz(tarOf(block), root)).rejects.toThrow(TarError);
  });
});
