import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@meridian/domain';
import { sql } from 'kysely';
import { buildApp, type App, type BuildAppOptions } from '../../src/compose/app';
import { parseConfig, type RuntimeConfig } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { openScratchSchema } from './scratch-schema';
import {
  currentManifest,
  TEMPLATE_ARCHIVE,
  TEMPLATE_MANIFEST,
} from '../../src/db/first-start-template';
import { MIGRATIONS_DIR } from '../../src/db/migrate';

/** A seeded account of the test app. */
export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** An app on a fresh database with one admin, one manager and one regular user, signed in. */
export interface TestApp {
  app: App;
  database: Database;
  config: RuntimeConfig;
  users: Record<Role, TestUser>;
  tokens: Record<Role, string>;
  /** POSTs /api/v1/token and returns the access token (throws on failure). */
  login(username: string, password: string): Promise<string>;
  /** Authorization header for a token. */
  bearer(token: string): { authorization: string };
  close(): Promise<void>;
}

/** Extra options: config overrides plus any buildApp option. */
export type TestAppOptions = Partial<Omit<BuildAppOptions, 'config' | 'database'>> & {
  config?: Partial<RuntimeConfig>;
};

/** The signing key every test app uses (tests forge tokens with it). */
export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const SRC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Hash of what shapes a fresh database: migrations and the code that loads reference data at start. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_DIR).map((f) => path.join(MIGRATIONS_DIR, f)),
    path.join(SRC_DIR, 'compose', 'app.ts'),
    path.join(SRC_DIR, 'repositories', 'zip-data.repository.ts'),
    path.join(SRC_DIR, 'io', 'zip-table.ts'),
    path.join(SRC_DIR, 'io', 'zip-rules.ts'),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The data folder the build prepared (apps/api/dist/first-start-template.*:
 * initdb, every migration, the zip table) when its manifest matches this code,
 * else undefined. `npm test` builds first, so the tests' template need not run
 * initdb a second time.
 */
async function builtTemplate(): Promise<Blob | undefined> {
  const dist = path.resolve(SRC_DIR, '../dist');
  try {
    const stored = JSON.parse(
      await readFile(path.join(dist, TEMPLATE_MANIFEST), 'utf8'),
    ) as unknown;
    if (JSON.stringify(stored) !== JSON.stringify(await currentManifest())) return undefined;
    return new Blob([await readFile(path.join(dist, TEMPLATE_ARCHIVE))]);
  } catch {
    return undefined; // not built
  }
}

/**
 * A dumped PGlite folder that is migrated and holds the start-up reference data,
 * cached in the temp folder. initdb costs 7 to 30 s per database on a busy
 * machine; loading the dump costs a fraction, so each test file starts fast.
 * Made once per run before the files start (support/global-setup.ts), from the
 * build's prepared data folder when there is one.
 */
export async function embeddedTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `meridian-test-db-${templateKey()}.tgz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not built yet: build it below.
  }
  const seed = await builtTemplate();
  const database = await createDatabase({
    databaseUrl: null,
    dataDir: '',
    inMemory: true,
    ...(seed === undefined ? {} : { embeddedTemplate: seed }),
  });
  try {
    const config = {
      ...parseConfig({ DATA_DIR: '/nonexistent-test-data', REGISTRATION: 'open' }),
      jwtSecret: TEST_JWT_SECRET,
    };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    await app.close();
    const dump = await database.dumpEmbedded?.();
    if (dump === undefined) throw new Error('embedded database cannot be dumped');
    // Write then rename, so a file running in parallel never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * Opens the database the run asks for: PGlite in memory (TEST_DB=pglite) or a
 * fresh schema on TEST_DATABASE_URL (TEST_DB=postgres), dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    return createDatabase({
      databaseUrl: null,
      dataDir: '',
      inMemory: true,
      embeddedTemplate: await embeddedTemplate(),
    });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return openScratchSchema(url, 't');
}

/** A second API node on a test app's database (see createSecondNode). */
export interface SecondNode {
  app: App;
  config: RuntimeConfig;
  close(): Promise<void>;
}

/**
 * Another app instance on the same database as `first`, as a second API node
 * would be: on PostgreSQL with a pool of its own on the same schema (another
 * process's connections); on the embedded database sharing the one handle,
 * which still shows that nothing is kept per app. Config overrides apply to
 * it alone (e.g. a DATA_DIR of its own).
 */
export async function createSecondNode(
  first: TestApp,
  options: TestAppOptions = {},
): Promise<SecondNode> {
  const { config: overrides, ...appOptions } = options;
  let database = first.database;
  let own: Database | undefined;
  if (process.env.TEST_DB === 'postgres') {
    const schema = (
      await sql<{ schema: string }>`select current_schema() as schema`.execute(first.database.db)
    ).rows[0]!.schema;
    own = await createDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      dataDir: '',
      schema,
      migrate: false,
    });
    database = own;
  }
  const config = { ...first.config, ...overrides };
  const app = await buildApp({ config, database, logger: false, ...appOptions });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
}

/** Listens on a free loopback port (for tests that need real HTTP, e.g. streams) and answers its base URL. */
export async function listenOnFreePort(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the test app has no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * "Today" in every test app unless a test sets its own (config.planToday, or
 * the `now` clock with planToday null): before the test data's dates
 * (2026-03 and later), so those jobs are to come, and fixed, so no test's
 * verdict depends on the day it runs. ORG_TIMEZONE stays the default,
 * America/Chicago.
 */
export const TEST_TODAY = '2026-01-05';

/** Builds the app for inject tests, with three signed-in users. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { config: overrides, ...appOptions } = options;
  // Media folders (background videos) live in DATA_DIR: each app gets its own, removed on close.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-api-test-'));
  const config: RuntimeConfig = {
    ...parseConfig({ DATA_DIR: dataDir, REGISTRATION: 'open', PLAN_TODAY: TEST_TODAY }),
    jwtSecret: TEST_JWT_SECRET,
    ...overrides,
  };
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    authRatePerMinute: 1000,
    ...appOptions,
  });
  await app.ready();

  const users = {} as Record<Role, TestUser>;
  for (const role of ['admin', 'manager', 'regular'] as const) {
    const password = `${role}-password-1`;
    const user = await app.services.users.create({
      username: `${role}1`,
      email: `${role}1@example.org`,
      password,
      role,
    });
    users[role] = { ...user, password };
  }

  const login = async (username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password }).toString(),
    });
    if (res.statusCode !== 200)
      throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ access_token: string }>().access_token;
  };
  const tokens = {
    admin: await login(users.admin.username, users.admin.password),
    manager: await login(users.manager.username, users.manager.password),
    regular: await login(users.regular.username, users.regular.password),
  };

  return {
    app,
    database,
    config,
    users,
    tokens,
    login,
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
