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
