import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/compose/app';
import { postFile } from './scheduling-fixtures';
import { createSecondNode, createTestApp, type SecondNode, type TestApp } from './support/test-app';

// docs/security.md, finding 9: two API nodes on one database allow what one allows. The
// sign-in throttle (5 failures lock an account, 20 an address), the
// per-address cap on the sign-in routes and the per-user import limit are
// counted in the database, so requests alternating between two app
// instances are counted together. On PostgreSQL the second node has a pool
// of its own (two processes' worth of connections); on the embedded database
// it shares the one handle, which still shows the counts are not per app.

const IMPORTS_PER_MINUTE = 3;
let a: TestApp;
let b: App;
let second: SecondNode;

beforeAll(async () => {
  // The configuration's defaults: 5 failures per account, 20 per address, 30 sign-in requests a minute.
  a = await createTestApp({ authRatePerMinute: 30, config: { importRatePerMinute: 3 } });
  second = await createSecondNode(a, { authRatePerMinute: 30 });
  b = second.app;
});
afterAll(async () => {
  await second.close();
  await a.close();
});

const nodes = () => [a.app, b] as const;
const onNode = (i: number) => nodes()[i % 2]!;

const signIn = (app: App, username: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/token',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });

describe('two API nodes on one database', () => {
  it('5 failed sign-ins in total lock the account, alternating between the nodes', async () => {
    expect(a.config.loginThrottle.perAccount).toBe(5);
    const { username, password } = a.users.manager;
    for (let i = 0; i < 5; i++) {
      const res = await signIn(onNode(i), username, 'wrong-password', `10.5.0.${i}`);
      expect(res.statusCode, `failure ${i + 1} on node ${i % 2}`).toBe(401);
    }
    // Three failures landed on one node and two on the other: each alone saw fewer than 5.
    for (const app of nodes()) {
      const res = await signIn(app, username, password, '10.5.1.1');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Other accounts are unaffected on either node.
    expect(
      (await signIn(b, a.users.regular.username, a.users.regular.password, '10.5.1.2')).statusCode,
    ).toBe(200);
  });

  it('20 failed sign-ins from one address lock it on both nodes, whatever the accounts', async () => {
    expect(a.config.loginThrottle.perAddress).toBe(20);
    for (let i = 0; i < 20; i++) {
      const res = await signIn(onNode(i), `spray-${i}`, 'guess-guess', '10.6.0.1');
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    for (const app of nodes()) {
      const res = await signIn(app, a.users.admin.username, a.users.admin.password, '10.6.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.json<{ detail: string }>().detail).toMatch(/Too many failed sign-in attempts/);
    }
  });

  it('the per-address cap on registration (AUTH_RATE_PER_MINUTE) counts both nodes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await onNode(i).inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: '10.7.0.1',
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    // 30 pass to validation (400), wherever they land; the 31st is over the cap.
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const onA = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: '10.7.0.1',
      payload: {},
    });
    expect(onA.statusCode).toBe(429);
    expect(onA.headers['retry-after']).toBeDefined();
  });

  it('the per-user import limit (IMPORT_RATE_PER_MINUTE) counts both nodes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= IMPORTS_PER_MINUTE; i++) {
      const res = await postFile(
        { ...a, app: onNode(i) },
        '/api/v1/kits/import',
        'kits.csv',
        'name\n',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, IMPORTS_PER_MINUTE)).not.toContain(429);
    expect(statuses[IMPORTS_PER_MINUTE]).toBe(429);
    // Another user's budget is their own.
    const admin = await postFile(
      { ...a, app: b },
      '/api/v1/kits/import',
      'kits.csv',
      'name\n',
      'admin',
    );
    expect(admin.statusCode).not.toBe(429);
  });
});
