/* eslint-disable security/detect-non-literal-fs-filename -- the folders are the configured data folder and the server's own build output */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ZIP_TABLE_ROWS } from '../io/zip-table';
import { listMigrations, MIGRATIONS_DIR } from './migrate';
import { extractTarGz } from './untar';

/**
 * A data folder prepared at build time (`npm run build:server`): PGlite's
 * initdb, every migration and the zip table, dumped as a gzipped tarball into
 * the build output. A first start on a new DATA_DIR unpacks it instead of
 * running initdb and the migrations, which took 12 to 15 CPU seconds and left
 * 90 MB more resident memory (docs/reliability-notes.md). It holds nothing
 * that must differ per installation: no user, no secret, no task.
 */
export const TEMPLATE_ARCHIVE = 'first-start-template.tar.gz';
export const TEMPLATE_MANIFEST = 'first-start-template.json';

/** What the template was made from; a start uses it only when all of it matches the running code. */
export interface TemplateManifest {
  format: 1;
  pglite: string;
  migrations: { name: string; sha256: string }[];
  zipRows: number;
}

const UNPACKING = 'db.unpacking-';

/** The version of the PGlite package installed beside the code: its data folders are its own format. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The manifest the running code would write: every migration file by name and content hash. */
export async function currentManifest(migrationsDir = MIGRATIONS_DIR): Promise<TemplateManifest> {
  const migrations = [];
  for (const name of await listMigrations(migrationsDir)) {
    const bytes = await readFile(path.join(migrationsDir, name));
    migrations.push({ name, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return { format: 1, pglite: pgliteVersion(), migrations, zipRows: ZIP_TABLE_ROWS };
}

/** Writes the archive and its manifest into `outDir`, each by write-then-rename. */
export async function writeTemplate(
  outDir: string,
  archive: Blob,
  manifest: TemplateManifest,
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const put = async (name: string, bytes: Buffer | string) => {
    const partial = path.join(outDir, `${name}.${randomBytes(4).toString('hex')}.partial`);
    await writeFile(partial, bytes);
    await rename(partial, path.join(outDir, name));
  };
  await put(TEMPLATE_ARCHIVE, Buffer.from(await archive.arrayBuffer()));
  await put(TEMPLATE_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Why a template cannot serve this code, or null when it can. */
async function mismatch(templateDir: string, migrationsDir: string): Promise<string | null> {
  const manifestFile = path.join(templateDir, TEMPLATE_MANIFEST);
  if (!existsSync(manifestFile) || !existsSync(path.join(templateDir, TEMPLATE_ARCHIVE)))
    return `no template in ${templateDir}`;
  const stored = JSON.stringify(JSON.parse(await readFile(manifestFile, 'utf8')) as unknown);
  const current = JSON.stringify(await currentManifest(migrationsDir));
  return stored === current ? null : 'the template was built from other migrations or packages';
}

/** How the database folder of a start came to be. */
export type FirstStartOutcome =
  | { kind: 'existing' }
  | { kind: 'template'; files: number; ms: number }
  | { kind: 'initdb'; reason: string };

const isEmptyOrMissing = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Called under the data folder's lock, before PGlite opens DATA_DIR/db. Removes
 * what a start killed while unpacking left (DATA_DIR/db.unpacking-*), then, when
 * DATA_DIR/db does not exist yet and the template matches the code, unpacks the
 * template into a new DATA_DIR/db.unpacking-* folder and renames it to
 * DATA_DIR/db: a kill leaves either no database folder or a whole one. Otherwise
 * PGlite runs initdb and the migrations as before (the outcome says why).
 */
export async function prepareDataFolder(
  dataDir: string,
  templateDir: string | undefined,
  migrationsDir = MIGRATIONS_DIR,
): Promise<FirstStartOutcome> {
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith(UNPACKING))
      rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  const dbDir = path.join(dataDir, 'db');
  if (!isEmptyOrMissing(dbDir)) return { kind: 'existing' };
  if (templateDir === undefined) return { kind: 'initdb', reason: 'no template given' };
  const reason = await mismatch(templateDir, migrationsDir);
  if (reason !== null) return { kind: 'initdb', reason };
  const started = performance.now();
  const staging = path.join(dataDir, `${UNPACKING}${randomBytes(4).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  let files: number;
  try {
    files = await extractTarGz(await readFile(path.join(templateDir, TEMPLATE_ARCHIVE)), staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    return { kind: 'initdb', reason: `the template did not unpack: ${(error as Error).message}` };
  }
  // An empty DATA_DIR/db (made by hand, say) would make the rename fail: it holds nothing.
  if (existsSync(dbDir)) rmSync(dbDir, { recursive: true });
  renameSync(staging, dbDir);
  // The rename itself reaches the disk too (the files were flushed before it).
  const dirFd = openSync(dataDir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
  return { kind: 'template', files, ms: Math.round(performance.now() - started) };
}
