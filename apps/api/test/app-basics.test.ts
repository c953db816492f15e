import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'meridian-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Meridian</title></head><body></body></html>',
  );
  // As the web build lists them (apps/web/route-preloads.ts); a name that is no built file is left out.
  await writeFile(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({ '/my-schedule': ['/assets/app.js', '/assets/x.js"><script>'] }),
  );
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  // As apps/web/scripts/prerender.mjs writes them: a route's own page; a name outside the build is left out.
  await writeFile(
    path.join(dist, 'prerender.json'),
    JSON.stringify({ '/about': 'about.html', '/admin': '../index.html' }),
  );
  await writeFile(
    path.join(dist, 'about.html'),
    '<!doctype html><html><head><title>Meridian</title></head><body><h1>About</h1></body></html>',
  );
  // As the web build writes them (apps/web/scripts/precompress.mjs): a brotli copy beside the file.
  const big = `export const words = ${JSON.stringify('word '.repeat(2000))};`;
  await writeFile(path.join(dist, 'assets', 'big-Ab12.js'), big);
  await writeFile(path.join(dist, 'assets', 'big-Ab12.js.br'), brotliCompressSync(big));
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
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

  it('sends the precompressed copy to a browser that takes brotli, and the plain file otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-Ab12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const words');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/big-Ab12.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const words');
    // The compressed copy is not a file of its own.
    expect((await t.app.inject({ method: 'GET', url: '/assets/big-Ab12.js.br' })).statusCode).toBe(
      404,
    );
  });

  it("names a screen's built files in its page for preloading, and no others", async () => {
    const schedule = await t.app.inject({ method: 'GET', url: '/my-schedule/' });
    expect(schedule.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/app.js"></head>',
    );
    expect(schedule.body).not.toContain('<script>');
    for (const url of ['/', '/login', '/assignments']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<title>Meridian</title>');
      expect(res.body).not.toContain('modulepreload');
    }
    expect((await t.app.inject({ method: 'GET', url: '/route-preloads.json' })).statusCode).toBe(
      404,
    );
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/my-schedule',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(schedule.body);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/my-schedule',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const again = await t.app.inject({
      method: 'GET',
      url: '/my-schedule',
      headers: { 'if-none-match': schedule.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves a route the build rendered ahead its own page, compressed and revalidated', async () => {
    const about = await t.app.inject({ method: 'GET', url: '/about/' });
    expect(about.body).toContain('<h1>About</h1>');
    expect(about.headers['cache-control']).toBe('no-cache');
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(about.body);
    for (const url of ['/admin', '/login']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('<h1>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/prerender.json' })).statusCode).toBe(404);
  });

  it('lets browsers keep hashed built files for a year and revalidate everything else', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/my-schedule', '/sw.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['etag']).toBeDefined();
    }
  });
});
