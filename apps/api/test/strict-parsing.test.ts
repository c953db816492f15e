import { connect } from 'node:net';
import type { JobRecord } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './scheduling-fixtures';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const detailOf = (body: string) => (JSON.parse(body) as { detail?: unknown }).detail;

describe('ids are plain decimal digits', () => {
  it('refuses hex, exponent, sign, fraction and leading zeros: another row is never touched', async () => {
    const job = (await call(t, 'POST', '/api/v1/jobs/')).json<JobRecord>();
    const n = job.id;
    const spellings = [
      `0x${n.toString(16)}`,
      `${n}e0`,
      `${n * 10}e-1`,
      `+${n}`,
      `${n}.0`,
      `0${n}`,
      `${n}%20`,
      `%20${n}`,
    ];
    for (const id of spellings) {
      const res = await call(t, 'DELETE', `/api/v1/jobs/${id}`, undefined, 'admin');
      expect([400, 404], id).toContain(res.statusCode);
      expect(detailOf(res.body), id).toEqual(expect.any(String));
    }
    // The job those spellings would have meant is still there.
    const put = await call(t, 'PUT', `/api/v1/jobs/${n}`, { ...job, customer: 'still here' });
    expect(put.statusCode).toBe(200);
  });

  it('refuses non-canonical numbers in queries', async () => {
    for (const limit of ['1e1', '+10', '10.0', '0x10', '010']) {
      const res = await call(t, 'GET', `/api/v1/runs?limit=${limit}`, undefined, 'admin');
      expect(res.statusCode, limit).toBe(400);
    }
    expect((await call(t, 'GET', '/api/v1/runs?limit=10', undefined, 'admin')).statusCode).toBe(
      200,
    );
  });
});

describe('JSON routes take JSON (415 otherwise)', () => {
  const physician = { name: 'Strict Parse', role: 'lead', zip_code: '10001' };
  const post = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/physicists/',
      headers: { ...t.bearer(t.tokens.admin), 'content-type': contentType },
      payload,
    });

  it('refuses form-encoded and text bodies on a JSON route with 415 {detail}', async () => {
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'name=a&role=lead&zip_code=10001'],
      ['text/plain', JSON.stringify(physician)],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/xml', '<a/>'],
    ] as const) {
      const res = await post(type, payload);
      expect(res.statusCode, type).toBe(415);
      expect(detailOf(res.body), type).toEqual(expect.any(String));
    }
  });

  it('the sign-in form stays form-encoded: JSON there is 415, a form signs in', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: t.users.admin.username, password: 'x' }),
    });
    expect(json.statusCode).toBe(415);
    expect(detailOf(json.body)).toEqual(expect.any(String));
    await expect(t.login(t.users.admin.username, t.users.admin.password)).resolves.toEqual(
      expect.any(String),
    );
  });

  it('an empty body sent as application/json reads as no body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/notify-all',
      headers: { ...t.bearer(t.tokens.admin), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('every error has the {detail} shape; unknown methods answer 405', () => {
  it('a path parameter over the length limit answers 414 {detail}', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${'9'.repeat(300)}`,
      headers: t.bearer(t.tokens.admin),
      payload: {},
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: expect.any(String) as string });
  });

  it('a URL that is not valid percent-encoding answers 400 {detail}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String) as string });
  });

  it('TRACE, PATCH and DELETE where no route takes them answer 405 with Allow', async () => {
    for (const [method, url, allow] of [
      ['TRACE', '/api/v1/jobs/', 'GET, HEAD, POST'],
      ['PATCH', '/api/v1/jobs/12', 'DELETE, PUT'],
      ['TRACE', '/api/v1/health', 'GET, HEAD'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.bearer(t.tokens.admin) });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(detailOf(res.body)).toEqual(expect.any(String));
    }
    // A path no route serves is still 404.
    const none = await t.app.inject({ method: 'TRACE', url: '/api/v1/no-such-thing' });
    expect(none.statusCode).toBe(404);
  });

  it('malformed HTTP answers 400 {detail} on the socket', async () => {
    const base = await listenOnFreePort(t);
    const port = Number(new URL(base).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ detail: expect.any(String) as string });
  });
});
