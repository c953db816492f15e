import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/config';
import { addPhysicist, call } from './scheduling-fixtures';
import { createSecondNode, createTestApp, type TestApp } from './support/test-app';

// docs/security.md, finding 7: links handed out start at PUBLIC_URL (else the listen
// address), never the request's Host header; HSTS only over HTTPS, directly or
// from a proxy TRUST_PROXY trusts.

let plain: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  // Its settings are configuration, not data: an app on plain's database, with plain's users
  // and tokens, answers as a node behind the proxy would.
  const node = await createSecondNode(plain, {
    config: { trustProxy: ['127.0.0.1'], publicUrl: 'https://sched.example.org/meridian' },
  });
  behindProxy = { ...plain, app: node.app, config: node.config, close: () => node.close() };
}, 300_000);
afterAll(async () => {
  // The node first: plain's close ends the database they share.
  await behindProxy?.close();
  await plain?.close();
});

/** Links the app's regular user to a new physicist and creates a feed with `headers`; answers its URL. */
async function feedUrl(t: TestApp, headers: Record<string, string>): Promise<string> {
  const physicist = await addPhysicist(t, `Feed ${Math.random()}`, 'lead', '10001');
  const link = await call(
    t,
    'PUT',
    `/api/v1/admin/users/${t.users.regular.id}`,
    { physicist_id: physicist.id },
    'admin',
  );
  expect(link.statusCode).toBe(200);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/calendar',
    headers: { ...t.bearer(t.tokens.regular), ...headers },
  });
  expect(made.statusCode).toBe(200);
  return made.json<{ url: string }>().url;
}

describe('the calendar feed URL', () => {
  it('ignores a forged Host header: without PUBLIC_URL it is built from HOST and PORT', async () => {
    const url = await feedUrl(plain, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(url).not.toContain('evil');
    expect(url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${plain.config.port}/api/v1/calendar/[\\w-]{43}\\.ics$`),
    );
  });

  it('starts at PUBLIC_URL, whatever Host or X-Forwarded-Host a trusted proxy passes on', async () => {
    const url = await feedUrl(behindProxy, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(url).toMatch(
      /^https:\/\/sched\.example\.org\/meridian\/api\/v1\/calendar\/[\w-]{43}\.ics$/,
    );
  });
});

describe('PUBLIC_URL', () => {
  const base = { DATA_DIR: '/nonexistent' };
  it('is read without a trailing slash; unset is null', () => {
    expect(parseConfig({ ...base, PUBLIC_URL: 'https://a.example.org/x/' }).publicUrl).toBe(
      'https://a.example.org/x',
    );
    expect(parseConfig({ ...base, PUBLIC_URL: 'http://a.example.org' }).publicUrl).toBe(
      'http://a.example.org',
    );
    expect(parseConfig(base).publicUrl).toBeNull();
  });

  it('refuses anything but a plain http or https URL, naming the setting', () => {
    for (const bad of [
      'javascript:alert(1)',
      'a.example.org',
      'https://u:p@a.example.org',
      'https://a.example.org/?q=1',
    ]) {
      expect(() => parseConfig({ ...base, PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });
});

describe('Strict-Transport-Security', () => {
  const get = (t: TestApp, headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers,
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });

  it('is not sent over plain HTTP, nor when an untrusted client claims https', async () => {
    expect((await get(plain, {})).headers['strict-transport-security']).toBeUndefined();
    const claimed = await get(plain, { 'x-forwarded-proto': 'https' });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    // Behind a proxy, a peer TRUST_PROXY does not name is not believed either.
    const stranger = await get(behindProxy, { 'x-forwarded-proto': 'https' }, '203.0.113.9');
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    // The trusted proxy relaying plain HTTP: none.
    const relayedHttp = await get(behindProxy, { 'x-forwarded-proto': 'http' });
    expect(relayedHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    const res = await get(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
