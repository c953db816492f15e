import diagnostics from 'node:diagnostics_channel';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MATRIX, type Caller, type MatrixRow } from './role-matrix';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Registered routes that have no row in the table, each public on purpose. All
 * lie outside /api/v1, which the authentication hook guards; none serves
 * personal data. The test fails when one stops matching any route.
 */
const PUBLIC_NON_API: readonly { routes: RegExp; why: string }[] = [
  {
    routes:
      /^(GET|HEAD) \/api\/docs(\/|\/json|\/yaml|\/static\/\*|\/static\/index\.html|\/static\/swagger-initializer\.js)?$/,
    why: 'the OpenAPI page and document (@fastify/swagger-ui); calling the API still needs a token',
  },
  {
    routes: /^(GET|HEAD) \/media\/backgrounds\/\{name\}$/,
    why: 'background videos: the sign-in page plays the active one before anyone has a token',
  },
  {
    routes: /^(GET|HEAD) \/media\/music\/\{name\}$/,
    why: "music files an admin uploaded: the top bar's <audio> element cannot send a bearer header",
  },
  {
    routes: /^(GET|HEAD) \/(index\.html|assets\/app\.js)?$/,
    why: "the built web app: its shell at / and one route per file (@fastify/static with wildcard: false); here the two files of this test's stand-in build",
  },
];

let t: TestApp;
let forged: string;
let webDist: string;
/** Every route the test app registered, as `METHOD /path/{param}` like the table's rows. */
let registered: Set<string>;

beforeAll(async () => {
  // A stand-in web build, so the static routes do not depend on whether apps/web was built.
  webDist = await mkdtemp(path.join(tmpdir(), 'meridian-matrix-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Meridian</title>');
  await writeFile(path.join(webDist, 'assets/app.js'), 'export {};');

  // Fastify announces each new instance on this channel before any plugin registers,
  // so an onRoute hook added here sees every route, hidden ones included.
  const routesByApp = new Map<FastifyInstance, Set<string>>();
  const recordRoutes = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes = new Set<string>();
    routesByApp.set(fastify, routes);
    fastify.addHook('onRoute', (route) => {
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) routes.add(`${method} ${url}`);
    });
  };
  diagnostics.subscribe('fastify.initialization', recordRoutes);
  try {
    t = await createTestApp({ webDistDir: webDist });
  } finally {
    diagnostics.unsubscribe('fastify.initialization', recordRoutes);
  }
  registered = routesByApp.get(t.app) ?? new Set();
  // A well-formed admin token signed with another key: "bad token" must never pass.
  forged = await new SignJWT({ role: 'admin', ver: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(t.users.admin.username)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const urlOf = (row: MatrixRow) =>
  row.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(row.params?.[name] ?? '999999'),
  ) + (row.query ? `?${new URLSearchParams(row.query).toString()}` : '');

const BOUNDARY = 'role-matrix-boundary';
const multipartOf = (file: { name: string; content: string }) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
  `Content-Type: text/csv\r\n\r\n${file.content}\r\n--${BOUNDARY}--\r\n`;

const headersFor = (caller: Caller): Record<string, string> => {
  switch (caller) {
    case 'none':
      return {};
    case 'bad':
      return { authorization: `Bearer ${forged}` };
    case 'regular':
    case 'manager':
    case 'admin':
      return { authorization: `Bearer ${t.tokens[caller]}` };
  }
};

/** Status of an endless stream: the head is read, then the body only when it is an error. */
async function streamStatus(row: MatrixRow, headers: Record<string, string>): Promise<number> {
  const res = await t.app.inject({
    method: row.method,
    url: urlOf(row),
    headers,
    payloadAsStream: true,
  });
  const body = res.stream();
  if (res.statusCode < 400) {
    // The server side ends when the app closes (its streams stop at preClose).
    body.destroy();
    return res.statusCode;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { detail: unknown };
  expect(typeof parsed.detail).toBe('string');
  return res.statusCode;
}

describe('role matrix', () => {
  it('has exactly one row per registered route (hidden ones too), apart from the public allow-list', () => {
    const rows = ROLE_MATRIX.map((r) => `${r.method} ${r.path}`);
    expect(new Set(rows).size).toBe(rows.length);
    const table = new Set(rows);
    // Fastify adds a HEAD route for every GET with the GET's hooks, so the GET row covers it.
    const unexplained = [...registered].filter(
      (route) =>
        !table.has(route) &&
        !(route.startsWith('HEAD ') && table.has(`GET ${route.slice('HEAD '.length)}`)) &&
        !PUBLIC_NON_API.some((allowed) => allowed.routes.test(route)),
    );
    expect(unexplained).toEqual([]);
    expect(rows.filter((row) => !registered.has(row))).toEqual([]);
  });

  it('allow-lists only routes outside /api/v1, each still registered', () => {
    expect(registered.size).toBeGreaterThan(ROLE_MATRIX.length);
    for (const allowed of PUBLIC_NON_API) {
      const matched = [...registered].filter((route) => allowed.routes.test(route));
      expect(matched, allowed.why).not.toEqual([]);
      for (const route of matched) expect(route).not.toMatch(/^\w+ \/api\/v1(\/|$)/);
    }
  });

  it.each(ROLE_MATRIX.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s answers as the table says',
    async (_name, row) => {
      const actual: Partial<Record<Caller, number>> = {};
      for (const caller of ['none', 'bad', 'regular', 'manager', 'admin'] as const) {
        const headers = headersFor(caller);
        if (row.stream === true) {
          actual[caller] = await streamStatus(row, headers);
          continue;
        }
        const res = await t.app.inject({
          method: row.method,
          url: urlOf(row),
          ...(row.file !== undefined
            ? {
                headers: {
                  ...headers,
                  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
                },
                payload: multipartOf(row.file),
              }
            : row.form !== undefined
              ? {
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  payload: new URLSearchParams(row.form).toString(),
                }
              : { headers, ...(row.body !== undefined ? { payload: row.body as object } : {}) }),
        });
        actual[caller] = res.statusCode;
        if (res.statusCode >= 400)
          expect(typeof res.json<{ detail: unknown }>().detail).toBe('string');
      }
      expect(actual).toEqual(row.expect);
    },
  );
});
