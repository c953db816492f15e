import { JOB_ZIP_INPUT_PATTERN, ZIP_INPUT_PATTERN } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from './support/openapi-arbitraries';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Rules that fit a schema are in the served OpenAPI document, which is the
 * API's contract (docs/security.md): a zip's pattern, an id's length and
 * range, the caps of event streams. A client generated from the document
 * refuses what the server would refuse. Runs on both databases.
 */

interface Operation {
  parameters?: { name: string; in: string; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 300_000);
afterAll(async () => {
  await t.close();
});

const bodyOf = (path: string, method: string): JsonSchema => {
  const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  expect(schema, `${method.toUpperCase()} ${path} has a JSON body`).toBeDefined();
  return schema!;
};

describe('zip codes in the document', () => {
  it("a job's zip carries its pattern (a US zip, or the spec's missing values) and its length", () => {
    const zip = bodyOf('/api/v1/jobs/{id}', 'put').properties?.zip_code;
    expect(zip).toMatchObject({
      type: 'string',
      maxLength: 20,
      pattern: JOB_ZIP_INPUT_PATTERN.source,
    });
    const pattern = new RegExp(zip!.pattern!);
    for (const ok of ['10001', '02108', '2108', '10001-2345', '100012345', ' 60601 ', '', 'N/A'])
      expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ['1000Z', '10001-23', 'ABCDE', '12', '123456', 'n/a1'])
      expect(pattern.test(bad), bad).toBe(false);
  });

  it("a physicist's home and a kit's location carry the zip pattern, without missing values", () => {
    for (const [path, method, field] of [
      ['/api/v1/physicists/', 'post', 'home_zip'],
      ['/api/v1/physicists/{id}', 'put', 'home_zip'],
      ['/api/v1/kits/', 'post', 'current_location_zip'],
      ['/api/v1/kits/{id}', 'put', 'current_location_zip'],
    ] as const) {
      expect(bodyOf(path, method).properties?.[field], `${path} ${field}`).toMatchObject({
        type: 'string',
        minLength: 3,
        maxLength: 10,
        pattern: ZIP_INPUT_PATTERN.source,
      });
    }
    expect(new RegExp(ZIP_INPUT_PATTERN.source).test('n/a')).toBe(false);
  });

  it('the server refuses a zip outside the pattern with 400 naming the field, as the document says', async () => {
    const job = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/jobs/',
        headers: t.bearer(t.tokens.admin),
      })
    ).json<{ id: number; version: number }>();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${job.id}`,
      headers: t.bearer(t.tokens.admin),
      payload: {
        ...job,
        customer: 'Zip Pattern',
        location: '',
        package: '',
        start: null,
        end: null,
        reason: '',
        zip_code: '1000Z',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Invalid body field 'zip_code': /);
  });
});

describe('whole numbers read from text', () => {
  it('an id in a path carries its digits, its length and its range', () => {
    const id = doc.paths['/api/v1/jobs/{id}']?.put?.parameters?.find((p) => p.name === 'id');
    expect(id?.schema).toMatchObject({
      type: 'string',
      maxLength: 10,
      pattern: '^(0|[1-9][0-9]{0,15})$',
    });
    expect(JSON.stringify(id)).toContain('A whole number from 1 to 2147483647');
    const limit = doc.paths['/api/v1/runs']?.get?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ maxLength: 3 });
    expect(JSON.stringify(limit)).toContain('A whole number from 1 to 500');
  });
});

describe('event streams in the document', () => {
  it("every stream operation lists the user's cap (429) and the node's bound (503), each with Retry-After", () => {
    const streams = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.responses['200'] !== undefined)
        .filter(([, op]) => JSON.stringify(op.responses['200']).includes('text/event-stream'))
        .map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    expect(streams.map((s) => s.name)).toContain('get /api/v1/notifications/stream');
    expect(streams.length).toBeGreaterThanOrEqual(4);
    for (const { name, op } of streams) {
      expect(op.responses['429']?.description, name).toMatch(/SHED_STREAMS_PER_USER/);
      expect(op.responses['503']?.description, name).toMatch(/SHED_STREAMS_OPEN/);
      expect(op.responses['429']?.headers, name).toHaveProperty('retry-after');
      expect(op.responses['503']?.headers, name).toHaveProperty('retry-after');
    }
  });
});
