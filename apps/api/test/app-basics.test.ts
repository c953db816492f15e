import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'meridian-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Meridian</title>');
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
});

describe('health and documentation', () => {
  it('GET /api/v1/health answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const expected = process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded';
    expect(res.json()).toEqual({ status: 'ok', database: expected, version: '0.1.0' });
  });

  it('serves the OpenAPI UI at /api/docs built from the zod schemas', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = doc.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>().paths;
    expect(paths['/api/v1/auth/register']?.post?.requestBody).toBeDefined();
  });
});

describe('error answers', () => {
  it('unknown /api paths answer 404 JSON, even for GET with a browser Accept', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/v1/nope' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('malformed JSON answers 400 {detail} without a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(String(body.detail)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('a validation error names the field and the problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'ok-name', email: 'x@example.org', password: 'short' },
    });
    expect(res.json()).toEqual({
      detail: "Invalid body field 'password': Password must be at least 12 characters",
    });
  });

  it('an unsupported content type answers 415 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ detail: unknown }>().detail).toEqual(expect.any(String));
  });
});

describe('headers', () => {
  it('sets helmet headers and no-store on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('static web app', () => {
  it('serves files and falls back to index.html for client routes, never for /api', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const url of ['/', '/assignments', '/admin?tab=users']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>Meridian</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
  });
});
