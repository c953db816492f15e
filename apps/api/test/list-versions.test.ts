import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKit, addPhysicist, call, type As } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Enough rows that the lists pass the 1 KB compression threshold.
  for (let i = 0; i < 12; i++) await addPhysicist(t, `Physicist Number ${i}`, 'lead', '60601');
  for (let i = 0; i < 12; i++) await addKit(t, `Kit Number ${i}`, '10001');
  for (let i = 0; i < 12; i++) await call(t, 'POST', '/api/v1/jobs/');
});
afterAll(async () => {
  await t.close();
});

const LISTS: Record<string, { url: string; as: As }> = {
  jobs: { url: '/api/v1/jobs/', as: 'regular' },
  assignments: { url: '/api/v1/assignments/', as: 'regular' },
  physicists: { url: '/api/v1/physicists/', as: 'regular' },
  kits: { url: '/api/v1/kits/', as: 'regular' },
  availability: { url: '/api/v1/availability/', as: 'regular' },
  users: { url: '/api/v1/admin/users', as: 'admin' },
  zips: { url: '/api/v1/zip-data', as: 'regular' },
};

const get = (name: string, headers: Record<string, string> = {}) => {
  const { url, as } = LISTS[name]!;
  return t.app.inject({ method: 'GET', url, headers: { ...t.bearer(t.tokens[as]), ...headers } });
};

async function etags(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(LISTS)) {
    const res = await get(name);
    expect(res.statusCode, name).toBe(200);
    const etag = res.headers.etag;
    expect(etag, name).toMatch(/^"[\w-]+"$/);
    out[name] = etag as string;
  }
  return out;
}

/** The lists whose ETag differs between two readings. */
const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((name) => before[name] !== after[name]);

describe('list versions', () => {
  it('keep their ETag across reads', async () => {
    const first = await etags();
    expect(changed(first, await etags())).toEqual([]);
  });

  it('change the ETag of exactly the lists a write touches', async () => {
    const writes: [string, () => Promise<unknown>, string[]][] = [
      ['a new job', () => call(t, 'POST', '/api/v1/jobs/'), ['jobs', 'assignments', 'zips']],
      [
        'a new physicist',
        () => addPhysicist(t, 'Another Person', 'dataacq', '94103'),
        ['jobs', 'assignments', 'physicists', 'zips'],
      ],
      [
        'a new kit',
        () => addKit(t, 'Another Kit', '73301'),
        ['jobs', 'assignments', 'kits', 'zips'],
      ],
      [
        'a leave record',
        () =>
          call(t, 'POST', '/api/v1/availability/', {
            physicist_name: 'Another Person',
            start_date: '2026-12-01',
            end_date: '2026-12-03',
          }),
        ['availability'],
      ],
      [
        'a new user',
        () =>
          call(
            t,
            'POST',
            '/api/v1/admin/users',
            { username: 'newcomer', email: 'newcomer@example.com', password: 'a-long-password-1' },
            'admin',
          ),
        ['users'],
      ],
    ];
    for (const [what, write, lists] of writes) {
      const before = await etags();
      const res = (await write()) as { statusCode?: number } | undefined;
      if (res?.statusCode !== undefined) expect(res.statusCode, what).toBeLessThan(300);
      expect(changed(before, await etags()).sort(), what).toEqual([...lists].sort());
    }
  });

  it('answer 304 to a matching If-None-Match, and the body again once it is stale', async () => {
    const first = await get('jobs');
    const etag = first.headers.etag as string;
    const again = await get('jobs', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('jobs', { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    await call(t, 'POST', '/api/v1/jobs/');
    const stale = await get('jobs', { 'if-none-match': etag });
    expect(stale.statusCode).toBe(200);
    expect(stale.json<unknown[]>().length).toBe(first.json<unknown[]>().length + 1);
  });

  it('send the same JSON compressed when asked, and plain otherwise', async () => {
    for (const name of Object.keys(LISTS)) {
      const plain = await get(name);
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(plain.headers['content-type'], name).toMatch(/^application\/json/);
      if (plain.body.length < 1024) continue;
      const gz = await get(name, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], name).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8'), name).toBe(plain.body);
      const br = await get(name, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding'], name).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8'), name).toBe(plain.body);
      expect(br.rawPayload.length, name).toBeLessThan(plain.body.length);
    }
  });

  it('compress other answers over 1 KB too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });
});
