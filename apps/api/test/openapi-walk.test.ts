import fc from 'fast-check';
import type { Role } from '@meridian/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hostileString,
  oddId,
  valueOf,
  wrongValuesFor,
  type JsonSchema,
} from './support/openapi-arbitraries';
import { schemaProblem } from './support/openapi-schema-check';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The served OpenAPI document is the contract (docs/security.md): every
 * operation in it is walked with requests fast-check generates from its
 * schemas, plus hostile mutations (NUL and other C0 controls, huge strings,
 * wrong types, missing fields, non-canonical ids, the wrong media type), as
 * each role and anonymously. Every answer must be below 500, have a status
 * the operation lists, and a body its schema describes. New routes are walked
 * as soon as they are in the document. Runs on both databases.
 */

const SEED = 20_261_129;
/** Generated requests per operation. */
const RUNS = 50;

type Who = 'anonymous' | Role;
const WHO: readonly Who[] = ['anonymous', 'regular', 'manager', 'admin'];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface MediaType {
  schema?: JsonSchema;
}
interface Response {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  security?: unknown[];
}
interface Walked {
  method: string;
  path: string;
  operation: Operation;
}

/** One generated request. */
interface WalkRequest {
  who: Who;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body: { type: string; payload: string | Buffer } | null;
  mutation: string;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
const tokens = new Map<Role, string>();
/** Ids seen in answers: generated paths use them, so requests reach real rows. */
const seenIds = new Set<string>();
let crewCount = 0;
let seeded = 0;

beforeAll(async () => {
  t = await createTestApp({
    // Task starts are cancelled at once; awaited ones end within a fraction of a second.
    tasks: {
      optimizeTimeLimitMs: 200,
      compareTimeLimitMs: 200,
      singleRunTimeLimitMs: 200,
      maxActiveTasks: 3,
    },
  });
  for (const role of ['regular', 'manager', 'admin'] as const) tokens.set(role, t.tokens[role]);
  await seed();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
}, 300_000);
afterAll(async () => {
  // No task may still write when the database goes (PostgreSQL drops the test's schema).
  await vi.waitFor(() => expect(t.app.work.runner.activeCount).toBe(0), { timeout: 30_000 });
  await t.close();
});

const admin = (options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${tokens.get('admin')}` },
  });

/** A few rows of every kind the walk's ids can reach; topped up after destructive walks. */
async function seed(): Promise<void> {
  const count = async (url: string) => {
    const res = await admin({ method: 'GET', url });
    return res.statusCode === 200 ? (res.json<unknown[]>().length ?? 0) : 0;
  };
  const post = async (url: string, payload?: object) => {
    const res = await admin({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== 201) throw new Error(`seed ${url}: ${res.statusCode} ${res.body}`);
  };
  seeded += 1;
  for (let i = await count('/api/v1/physicists/'); i < 4; i++) {
    const name = `Walk Physicist ${seeded}-${i}`;
    await post('/api/v1/physicists/', {
      name,
      role: i % 2 ? 'lead' : 'dataacq',
      home_zip: '60601',
    });
    await post('/api/v1/availability/', {
      physicist_name: name,
      start_date: '2026-03-02',
      end_date: '2026-03-03',
    });
  }
  for (let i = await count('/api/v1/kits/'); i < 3; i++) {
    await post('/api/v1/kits/', {
      name: `Walk Kit ${seeded}-${i}`,
      current_location_zip: '10001',
      is_out_for_maintenance: false,
      comments: '',
    });
  }
  for (let i = await count('/api/v1/jobs/'); i < 4; i++) await post('/api/v1/jobs/');
}

/** Every role has a valid token: an operation may have logged it out, deleted or demoted it. */
async function ensureCrew(): Promise<void> {
  for (const role of ['regular', 'manager', 'admin'] as const) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${tokens.get(role)}` },
    });
    if (res.statusCode === 200 && res.json<{ role: string }>().role === role) continue;
    crewCount += 1;
    const username = `walk-${role}-${crewCount}`;
    const password = `Walk crew ${role} #${crewCount} quartz`;
    await t.app.services.users.create({
      username,
      email: `${username}@example.org`,
      password,
      role,
    });
    // A fresh address each time: the walk's failed sign-ins may have locked the usual one.
    const signedIn = await t.app.services.auth.login(
      username,
      password,
      `198.51.100.${crewCount % 250}`,
    );
    tokens.set(role, signedIn.token);
  }
}

/** Ids of every answer's rows, as strings. */
function harvest(value: unknown, depth = 0): void {
  if (depth > 4 || value === null || typeof value !== 'object' || seenIds.size > 400) return;
  for (const [key, item] of Object.entries(value)) {
    if (
      (key === 'id' || key.endsWith('_id')) &&
      (typeof item === 'number' || typeof item === 'string')
    ) {
      seenIds.add(String(item));
    } else harvest(item, depth + 1);
  }
}

const stringify = (value: unknown): string | string[] =>
  Array.isArray(value)
    ? value.map((v) => String(v))
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const BOUNDARY = 'walk-boundary-7f3a';

/** Percent-encodes a path segment; a lone surrogate becomes its (invalid) UTF-8 bytes. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function multipart(fileName: string, field: string, content: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
  );
}

/** The requests of one operation: valid ones from its schemas, and mutated ones. */
function requestsOf({ operation }: Walked): fc.Arbitrary<WalkRequest> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const known = [...seenIds];
  const pathValue = (p: Parameter) =>
    fc.oneof(
      { weight: 2, arbitrary: valueOf(p.schema).map((v) => String(v)) },
      ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
    );
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p)])));
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, valueOf(p.schema).map(stringify)])),
    { requiredKeys: queryParams.filter((p) => p.required === true).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string | string[]>>;
  const content = operation.requestBody?.content ?? {};
  const [type, media] = Object.entries(content)[0] ?? [null, undefined];
  const bodySchema = media?.schema;
  const bodyValue: fc.Arbitrary<unknown> =
    bodySchema === undefined ? fc.constant(undefined) : valueOf(bodySchema);

  const fieldNames = Object.keys(bodySchema?.properties ?? {});
  const mutations: fc.Arbitrary<string>[] = [
    fc.constant('none'),
    fc.constant('none'),
    fc.constant('query-nul'),
  ];
  if (pathParams.length > 0) mutations.push(fc.constant('odd-id'), fc.constant('hostile-path'));
  if (queryParams.length > 0) mutations.push(fc.constant('wrong-query'));
  if (type !== null) mutations.push(fc.constant('wrong-media-type'), fc.constant('no-body'));
  if (fieldNames.length > 0)
    mutations.push(
      fc.constant('hostile-field'),
      fc.constant('wrong-type'),
      fc.constant('missing-field'),
    );

  return fc
    .record({
      who: fc.constantFrom(...WHO),
      path,
      query,
      body: bodyValue,
      mutation: fc.oneof(...mutations),
      field: fieldNames.length > 0 ? fc.constantFrom(...fieldNames) : fc.constant(''),
      hostile: hostileString,
      odd: oddId,
      pick: fc.nat(),
      fileText: fc.oneof(
        fc.constant(
          'record_type,customer,zip_code,start,end,comment\njob,Walk Clinic,60601,2027-04-05,2027-04-06,x\n',
        ),
        fc.constant('name,role,home_zip\nWalk Imported,lead,60601\n'),
        fc.string({ maxLength: 200 }),
        hostileString,
      ),
    })
    .map((g): WalkRequest => {
      const request: WalkRequest = {
        who: g.who,
        path: { ...g.path },
        query: { ...g.query },
        body: null,
        mutation: g.mutation,
      };
      let body = g.body as Record<string, unknown> | undefined;
      const names = pathParams.map((p) => p.name);
      switch (g.mutation) {
        case 'odd-id':
          request.path[names[0]!] = g.odd;
          break;
        case 'hostile-path':
          request.path[names[0]!] = encodeSegment(g.hostile.slice(0, 300));
          break;
        case 'query-nul':
          request.query.q = g.hostile.slice(0, 2000);
          break;
        case 'wrong-query':
          request.query[queryParams[0]!.name] = g.odd;
          break;
        case 'hostile-field':
          body = { ...(body ?? {}), [g.field]: g.hostile };
          break;
        case 'wrong-type': {
          const wrong = wrongValuesFor(bodySchema?.properties?.[g.field]);
          body = { ...(body ?? {}), [g.field]: wrong[g.pick % wrong.length] };
          break;
        }
        case 'missing-field':
          if (body !== undefined) {
            body = { ...body };
            delete body[g.field];
          }
          break;
        default:
          break;
      }
      if (type === 'multipart/form-data') {
        const fileName =
          g.mutation === 'hostile-field' ? `f${g.hostile.slice(0, 50)}.csv` : 'walk.csv';
        const field = g.mutation === 'missing-field' ? 'other' : 'file';
        request.body = {
          type: `multipart/form-data; boundary=${BOUNDARY}`,
          payload: multipart(fileName, field, g.fileText),
        };
      } else if (type === 'application/x-www-form-urlencoded') {
        const form = new URLSearchParams();
        for (const [key, value] of Object.entries(body ?? {})) form.set(key, String(value));
        request.body = { type, payload: form.toString() };
      } else if (type !== null && body !== undefined) {
        request.body = { type, payload: JSON.stringify(body) };
      }
      if (g.mutation === 'wrong-media-type') {
        request.body = { type: 'text/plain', payload: 'plain text' };
      } else if (g.mutation === 'no-body') {
        request.body = null;
      }
      return request;
    });
}

interface Finding {
  operation: string;
  status: number;
  problem: string;
  request: string;
}

/** Sends one request and judges its answer against the document. */
async function walkOne(walked: Walked, request: WalkRequest, findings: Finding[]): Promise<void> {
  const url = walked.path.replace(/\{(\w+)\}/g, (_m, name: string) => request.path[name] ?? '1');
  const headers: Record<string, string> = {};
  if (request.who !== 'anonymous') headers.authorization = `Bearer ${tokens.get(request.who)}`;
  if (request.body !== null) headers['content-type'] = request.body.type;
  const stream = walked.operation.responses['200']?.content?.['text/event-stream'] !== undefined;
  const res = await t.app.inject({
    method: walked.method.toUpperCase() as 'GET',
    url,
    query: request.query,
    headers,
    ...(request.body === null ? {} : { payload: request.body.payload }),
    ...(stream ? { payloadAsStream: true } : {}),
  });
  const status = res.statusCode;
  const note = (problem: string, body = '') =>
    findings.push({
      operation: `${walked.method.toUpperCase()} ${walked.path}`,
      status,
      problem,
      request: `${request.who} ${request.mutation} ${url.slice(0, 120)} ${body.slice(0, 200)}`,
    });
  if (stream) {
    res.stream().destroy();
    if (status === 200) {
      if (!String(res.headers['content-type']).startsWith('text/event-stream'))
        note('a stream answered no event stream');
      return;
    }
  }
  const text = stream ? '' : res.body;
  // 503 with Retry-After is the documented answer of a full server (load shedding, the task
  // cap); any other 5xx, or a 503 the document does not list, is a bug.
  const shed = status === 503 && walked.operation.responses['503'] !== undefined;
  if (status >= 500 && !shed) note('5xx', text);
  const documented = walked.operation.responses[String(status)];
  if (documented === undefined) {
    note('status not in the document', text);
    return;
  }
  if ((status === 429 || status === 503) && res.headers['retry-after'] === undefined)
    note('no Retry-After');
  if (status === 204) {
    if (text !== '') note('a 204 with a body', text);
    return;
  }
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const media = Object.keys(documented.content ?? {});
  if (media.length > 0 && !media.includes(type)) {
    note(`content-type ${type}, the document says ${media.join(' or ')}`, text);
    return;
  }
  const json = documented.content?.['application/json']?.schema;
  if (json === undefined || stream) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    note('a JSON answer that is not JSON', text);
    return;
  }
  const problem = schemaProblem(json, body);
  if (problem !== null) note(`body: ${problem}`, text);
  if (status < 300) harvest(body);
  // A task started: cancel it at once, so no optimisation outlasts its request.
  const id = (body as { id?: unknown } | null)?.id;
  if (status === 202 && typeof id === 'string') {
    await admin({ method: 'DELETE', url: `/api/v1/tasks/${id}` });
  }
}

/**
 * Operations whose success is costly (a whole-database dump): after its first
 * one, the admin's requests carry a bad query, so the walk stays quick while
 * every other answer of the operation is still checked.
 */
const COSTLY = new Set(['get /api/v1/admin/backup']);

/** GETs first, then writes, then deletions and replace-all uploads, then what ends sessions. */
function rank({ method, path }: Walked): number {
  if (/\/(auth\/logout|me\/password|admin\/users\/\{id\})/.test(path)) return 3;
  if (method === 'delete' || path.endsWith('/upload')) return 2;
  return method === 'get' ? 0 : 1;
}

describe('the OpenAPI document', () => {
  it('describes every answer of every operation under generated and hostile requests', async () => {
    const walked: Walked[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations))
        walked.push({ method, path, operation });
    }
    walked.sort((a, b) => rank(a) - rank(b));
    const findings: Finding[] = [];
    let requests = 0;
    for (const [index, operation] of walked.entries()) {
      await ensureCrew();
      const generated = fc.sample(requestsOf(operation), { numRuns: RUNS, seed: SEED + index });
      if (COSTLY.has(`${operation.method} ${operation.path}`)) {
        generated
          .filter((r) => r.who === 'admin' && r.mutation === 'none')
          .slice(1)
          .forEach((r) => {
            r.mutation = 'query-nul';
            r.query.q = '\u0000';
          });
      }
      for (const request of generated) {
        await walkOne(operation, request, findings);
        requests += 1;
      }
      if (operation.method !== 'get') {
        await ensureCrew();
        await seed();
      }
    }
    // Each finding once per operation, status and problem.
    const distinct = new Map<string, Finding>();
    for (const f of findings)
      distinct.set(`${f.operation} ${f.status} ${f.problem.slice(0, 60)}`, f);
    console.log(
      `openapi walk: ${walked.length} operations, ${requests} requests, ${distinct.size} findings`,
    );
    for (const f of distinct.values()) {
      console.log(`finding: ${f.operation} ${f.status} ${f.problem} | ${f.request}`);
    }
    expect([...distinct.values()]).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(walked.length * RUNS);
    // Thousands of requests: on a loaded shared machine this is minutes, not the default minute.
  }, 1_200_000);
});
