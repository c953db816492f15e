import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDemoLogins, seedDemo, type DemoLogin } from '../src/demo/seed-demo';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-demo-'));
});
afterAll(async () => {
  await t.close();
});

describe('seedDemo', () => {
  it('creates admin, manager and viewer once, stores their logins 0600, and is idempotent', async () => {
    const deps = { db: t.database.db, dataDir, services: t.app.services };
    const first = await seedDemo(deps);
    expect(first.logins.map((l) => [l.username, l.role])).toEqual([
      ['admin', 'admin'],
      ['manager', 'manager'],
      ['viewer', 'regular'],
    ]);
    const file = path.join(dataDir, 'demo-logins.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first.logins);

    const second = await seedDemo(deps);
    expect(second.logins).toEqual(first.logins);
    // The viewer is linked to a physicist who has jobs, so /my-schedule shows something.
    expect(first.viewerPhysicist).not.toBeNull();
    expect(second.viewerPhysicist).toBe(first.viewerPhysicist);
    const viewer = first.logins.find((l) => l.username === 'viewer')!;
    const token = await t.login(viewer.username, viewer.password);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/schedule',
      headers: t.bearer(token),
    });
    const body = mine.json<{ physicist: { name: string }; entries: unknown[] }>();
    expect(body.physicist.name).toBe(first.viewerPhysicist);
    expect(body.entries.length).toBeGreaterThanOrEqual(4);
    for (const login of first.logins)
      await expect(t.login(login.username, login.password)).resolves.toBeTruthy();
  });

  it('gives the admin ADMIN_PASSWORD when it is set, on a new and an existing demo, without storing or printing it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'meridian-demo-admin-'));
    const other = await createTestApp();
    try {
      const deps = { db: other.database.db, dataDir: dir, services: other.app.services };
      const chosen = 'the-operators-own-admin-pw';
      const first = await seedDemo({ ...deps, adminPassword: chosen });
      const admin = first.logins.find((l) => l.role === 'admin')!;
      expect(admin.fromEnv).toBe(true);
      await expect(other.login('admin', chosen)).resolves.toBeTruthy();
      const stored = await readFile(path.join(dir, 'demo-logins.json'), 'utf8');
      expect(stored).not.toContain(chosen);
      const printed = formatDemoLogins(first.logins);
      expect(printed).not.toContain(chosen);
      expect(printed).toContain('username: admin  password: (ADMIN_PASSWORD)  role: admin');
      // The other accounts keep their printed random passwords.
      const manager = first.logins.find((l) => l.role === 'manager')!;
      await expect(other.login(manager.username, manager.password)).resolves.toBeTruthy();

      // A later start with another ADMIN_PASSWORD: the admin follows it.
      await seedDemo({ ...deps, adminPassword: 'a-second-admin-password' });
      await expect(other.login('admin', 'a-second-admin-password')).resolves.toBeTruthy();
      await expect(other.login('admin', chosen)).rejects.toThrow(/401/);
    } finally {
      await other.close();
    }
  }, 300_000);

  it('formats the lines printed at every demo start', () => {
    const logins: DemoLogin[] = [{ username: 'admin', password: 'pw', role: 'admin' }];
    expect(formatDemoLogins(logins)).toBe(
      'Demo logins:\n  username: admin  password: pw  role: admin',
    );
    const viewer: DemoLogin[] = [{ username: 'viewer', password: 'pw', role: 'regular' }];
    expect(formatDemoLogins(viewer, 'Ana Lead')).toBe(
      'Demo logins:\n  username: viewer  password: pw  role: regular  (linked to physicist Ana Lead: see My schedule)',
    );
  });
});
