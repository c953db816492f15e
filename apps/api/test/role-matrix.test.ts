import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MATRIX, type Caller, type MatrixRow } from './role-matrix';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let forged: string;

beforeAll(async () => {
  t = await createTestApp();
  // A well-formed admin token signed with another key: "bad token" must never pass.
  forged = await new SignJWT({ role: 'admin', ver: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(t.users.admin.username)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
});
afterAll(async () => {
  await t.close();
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

describe('role matrix', () => {
  it('has exactly one row per API route (OpenAPI document vs committed table)', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const rows = ROLE_MATRIX.map((r) => `${r.method} ${r.path}`);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual([...routes].sort());
  });

  it.each(ROLE_MATRIX.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s answers as the table says',
    async (_name, row) => {
      const actual: Partial<Record<Caller, number>> = {};
      for (const caller of ['none', 'bad', 'regular', 'manager', 'admin'] as const) {
        const headers = headersFor(caller);
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
