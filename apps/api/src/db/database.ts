import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { lockDataDir } from './data-dir-lock';
import { prepareDataFolder, type FirstStartOutcome } from './first-start-template';
import { migrate } from './migrate';
import { PGliteDialect, type WriteClock } from './pglite-dialect';
import type { DB } from './schema';

export type { DB } from './schema';
export type { WriteClock } from './pglite-dialect';

/** Which engine backs the app: embedded PGlite or a PostgreSQL server. */
export type DatabaseKind = 'embedded' | 'postgres';

/** An open database: the Kysely handle, its kind and how to close it. */
export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Closes connections and, for the embedded database, releases DATA_DIR/.lock. */
  close(): Promise<void>;
  /**
   * Embedded only: ticks before every statement that may write. On PostgreSQL
   * other processes write too, so there is none and readers ask the database.
   */
  writeClock?: WriteClock;
  /**
   * Embedded only: a gzipped tarball of the whole data folder, taken while the
   * server runs (the online backup; tests reuse it as a template). It holds the
   * one session, so no transaction is half-written into it.
   */
  dumpEmbedded?: () => Promise<Blob>;
  /** Embedded on a folder only: whether DATA_DIR/db existed, came from the build's template, or from initdb. */
  firstStart?: FirstStartOutcome;
}

/** How to open the database; a Config satisfies it. */
export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL only: use (and create) this schema via search_path, e.g. one per test file. */
  schema?: string;
  /** Embedded only: keep the database in memory (tests); no folder, no lock. */
  inMemory?: boolean;
  /** Embedded only: start from this dumped data folder (see Database.dumpEmbedded) instead of initdb. */
  embeddedTemplate?: Blob;
  /**
   * Embedded on a folder only: the build output folder holding the data folder
   * prepared at build time (first-start-template.*), unpacked when DATA_DIR/db
   * does not exist yet and the template matches the migrations.
   */
  firstStartTemplate?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Called once the database answers, before migrations (start-up timing). */
  onOpened?: () => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PGlite's PostgreSQL keeps its buffer pool inside the WebAssembly heap, which
 * never shrinks, and its default pool is 128 MB on top of a 128 MB heap: the
 * largest share of the server's resident memory (docs/reliability.md). Data
 * pages also sit in the operating system's file cache, so a small pool costs
 * little; 16 MB measured 120 MB less resident after opening a data folder.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * bytea both ways without PGlite's per-byte conversion (a JavaScript array of
 * every byte and a parseInt per byte: 1.6 s to write a megabyte, 0.6 s to
 * read one), which media chunks (migration 0028) cannot afford. A
 * Uint8Array handed back by a serializer is sent as a binary parameter;
 * results arrive as PostgreSQL's hex text, which Buffer decodes natively.
 */
const BYTEA_PASSTHROUGH = {
  // The declared type says string; PGlite sends any ArrayBuffer view as binary.
  serializers: { [BYTEA]: (value: unknown) => value as string },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

async function openPostgres(url: string, schema: string | undefined): Promise<Kysely<DB>> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw new Error(`Invalid schema name '${schema}'`);
  // Imported here: the embedded database never loads the PostgreSQL driver at start.
  const { default: pg } = await import('pg');
  if (schema !== undefined) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens PGlite (in DATA_DIR/db under an exclusive lock, or in memory) or PostgreSQL, then migrates. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  let db: Kysely<DB>;
  let kind: DatabaseKind;
  let unlock = () => {};
  let dumpEmbedded: Database['dumpEmbedded'];
  let writeClock: WriteClock | undefined;
  let firstStart: FirstStartOutcome | undefined;
  if (options.databaseUrl !== null) {
    kind = 'postgres';
    db = await openPostgres(options.databaseUrl, options.schema);
  } else {
    kind = 'embedded';
    if (!options.inMemory) unlock = lockDataDir(options.dataDir);
    try {
      if (!options.inMemory && options.embeddedTemplate === undefined)
        firstStart = await prepareDataFolder(options.dataDir, options.firstStartTemplate);
      const template = options.embeddedTemplate;
      const dataDir = options.inMemory ? undefined : path.join(options.dataDir, 'db');
      const pglite = await PGlite.create(dataDir, {
        startParams: EMBEDDED_START_PARAMS,
        ...BYTEA_PASSTHROUGH,
        ...(template ? { loadDataDir: template } : {}),
      });
      const dialect = new PGliteDialect(pglite);
      writeClock = dialect.clock;
      const embedded = new Kysely<DB>({ dialect });
      db = embedded;
      dumpEmbedded = () => embedded.connection().execute(() => pglite.dumpDataDir('gzip'));
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      unlock();
    }
  };
  try {
    // A trivial query first so a wrong DATABASE_URL fails here, with the connection error.
    await sql`select 1`.execute(db);
    options.onOpened?.();
    if (options.migrate !== false) await migrate(db);
  } catch (error) {
    await close();
    throw error;
  }
  if (dumpEmbedded === undefined || writeClock === undefined) return { db, kind, close };
  return firstStart === undefined
    ? { db, kind, close, dumpEmbedded, writeClock }
    : { db, kind, close, dumpEmbedded, writeClock, firstStart };
}
