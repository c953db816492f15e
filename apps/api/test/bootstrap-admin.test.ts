import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/compose/app';
import { parseConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { bootstrapAdmin } from '../src/services/bootstrap-admin';
import { createTestDatabase, TEST_JWT_SECRET } from './support/test-app';

// The first start of an empty users table (no default admin password: OWASP ASVS 6.3.2).
let opened: { app: App; database: Database; dataDir: string } | null = null;

afterEach(async () => {
  await opened?.app.close();
  await opened?.database.close();
  if (opened) await rm(opened.dataDir, { recursive: true, force: true });
  opened = null;
});

/** An app on a fresh database with no users at all (createTestApp would seed three). */
async function emptyApp(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-bootstrap-'));
  const config = {
    ...parseConfig({ DATA_DIR: dataDir, ...env }),
    jwtSecret: TEST_JWT_SECRET,
  };
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, authRatePerMinute: 1000 });
  await app.ready();
  opened = { app, database, dataDir };
  const run = () => bootstrapAdmin(config, app.services.repositories.users, app.services.users);
  return { app, config, run };
}

const signIn = (app: App, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });

describe('bootstrapAdmin', () => {
  it('creates admin with a random password that signs in, and only once', async () => {
    const { app, run } = await emptyApp();
    const first = await run();
    expect(first).toMatchObject({ created: true, username: 'admin' });
    const password = first.generatedPassword;
    expect(password).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const login = await signIn(app, 'admin', password!);
    expect(login.statusCode).toBe(200);
    const me = await app.services.repositories.users.findByUsername('admin');
    expect(me?.role).toBe('admin');

    // Second start: the admin exists, nothing is created and no password is handed out.
    expect(await run()).toEqual({ created: false, username: 'admin', generatedPassword: null });
    expect(await app.services.repositories.users.count()).toBe(1);
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD and hands out no password', async () => {
    const { app, run } = await emptyApp({
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'chosen-by-the-operator',
    });
    expect(await run()).toEqual({ created: true, username: 'chief', generatedPassword: null });
    expect((await signIn(app, 'chief', 'chosen-by-the-operator')).statusCode).toBe(200);
    expect((await signIn(app, 'admin', 'chosen-by-the-operator')).statusCode).toBe(401);
  });

  it('creates no admin when any user exists, even a regular one', async () => {
    const { app, run } = await emptyApp({ ADMIN_PASSWORD: 'chosen-by-the-operator' });
    await app.services.users.create({
      username: 'early-bird',
      email: 'early@example.org',
      password: 'early-bird-password',
      role: 'regular',
    });
    expect(await run()).toEqual({ created: false, username: 'admin', generatedPassword: null });
    expect(await app.services.repositories.users.findByUsername('admin')).toBeUndefined();
    expect(await app.services.repositories.users.count()).toBe(1);
  });
});
