import { ErrorBodySchema } from '@meridian/contracts';
import type { Role } from '@meridian/domain';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The served OpenAPI document is the API's contract (docs/security.md): every
 * operation lists every status it can answer. A route declares its successes
 * and the errors only it knows of (a 409 on a stale version, a 422 with
 * line-numbered errors) in its zod `response`; the statuses that follow from
 * how the route is registered are added here, once, from its traits:
 *
 * - 400 on every operation: the text guard reads the query and path of every
 *   request, and schemas refuse the rest;
 * - 401 unless the route is public (which carries `security: []` instead);
 * - 403 when a role guard leaves some signed-in role out;
 * - 404 when the path names something (a parameter);
 * - 413 and 415 when the route takes a body (1 MB limit; JSON routes take JSON only);
 * - 429 with Retry-After under a rate limit, 503 with Retry-After in a load class.
 *
 * apps/api/test/openapi-walk.test.ts walks every operation of the document and
 * fails on any status or body the document does not describe.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart/form-data upload: the description of its one `file` field. */
    upload?: string;
    /** The media types of a 200 that is a file, not JSON (an export, a backup, a feed). */
    produces?: readonly string[];
    /** Further statuses the route's hooks answer that its traits do not show (429 of a per-user gate). */
    answers?: readonly ErrorStatus[];
  }
}

/** The error statuses the API answers, each with a `{detail}` body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 422 | 429 | 503;

/** Marks a guard with the roles it lets through, so the document knows who meets 403. */
export function markRoles<T extends object>(guard: T, roles: readonly Role[] | 'some'): T {
  return Object.assign(guard, { [ROLES]: roles });
}

/**
 * What a task start may answer besides its own schema: 409 when the user's
 * one task of the kind is already queued or running, or an awaited task was
 * cancelled; 503 past MAX_ACTIVE_TASKS or when an awaited task outlasts its wait.
 */
export const TASK_START_ANSWERS: readonly ErrorStatus[] = [409, 503];

const ROLES = Symbol('allowed roles');
const ALL_ROLES: readonly Role[] = ['regular', 'manager', 'admin'];

const DESCRIPTIONS = new Map<number, string>(
  Object.entries({
    400: 'The request is not valid: a field, the query or the path (detail names it)',
    401: 'Not signed in, or the token is no longer valid',
    403: "The signed-in user's role may not do this",
    404: 'Nothing with this id or name',
    409: 'Conflicts with the current state (a stale version, or what the detail names)',
    413: 'The body or file is larger than the limit',
    414: 'A path segment is longer than 100 characters',
    415: 'The body is not of a media type this operation takes',
    422: 'The file was read but not imported (detail names the problem)',
    429: 'Too many requests; wait for Retry-After seconds',
    503: 'The server is busy; wait for Retry-After seconds',
  } satisfies Record<ErrorStatus, string>).map(([code, text]) => [Number(code), text]),
);

/**
 * What 429 and 503 mean on an event stream: the user's cap and the node's
 * bound (http/user-streams.ts, http/load-shedding.ts; the cap is always the
 * smaller, config/load-shedding.ts, so one user never holds every stream).
 */
const STREAM_DESCRIPTIONS = new Map<string, string>([
  [
    '429',
    'This user already holds SHED_STREAMS_PER_USER (default 10) event streams of any kind on this node; close one, or wait for Retry-After seconds',
  ],
  [
    '503',
    'This node already holds SHED_STREAMS_OPEN (default 500) event streams of all users; wait for Retry-After seconds',
  ],
]);

/** Retry-After, in seconds, on every 429 and 503. */
const RETRY_AFTER = {
  'retry-after': {
    type: 'integer',
    minimum: 0,
    description: 'Seconds to wait before asking again',
  },
};

type JsonObject = Record<string, unknown>;

function rolesOf(hook: unknown): readonly Role[] | 'some' | undefined {
  const hooks = Array.isArray(hook) ? hook : [hook];
  for (const h of hooks) {
    const roles = (h as { [ROLES]?: readonly Role[] | 'some' } | undefined)?.[ROLES];
    if (roles !== undefined) return roles;
  }
  return undefined;
}

/** The error statuses a route's registration implies. */
export function impliedErrors(route: RouteOptions, hasBody: boolean): Set<ErrorStatus> {
  const config = (route.config ?? {}) as JsonObject & {
    public?: boolean;
    rateLimit?: unknown;
    loadClass?: unknown;
    upload?: string;
    answers?: readonly ErrorStatus[];
  };
  const statuses = new Set<ErrorStatus>([400]);
  if (config.public !== true) statuses.add(401);
  const roles = rolesOf(route.onRequest);
  if (roles === 'some' || (roles !== undefined && ALL_ROLES.some((r) => !roles.includes(r)))) {
    statuses.add(403);
  }
  if (route.url.includes(':')) {
    statuses.add(404);
    // A path parameter over the router's 100 characters (strict-http.ts answers {detail}).
    statuses.add(414);
  }
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (config.rateLimit !== undefined) statuses.add(429);
  if (config.loadClass !== undefined) statuses.add(503);
  // Every event stream counts against the user's one cap of streams.
  if ((route as { sse?: unknown }).sse !== undefined) statuses.add(429);
  for (const status of config.answers ?? []) statuses.add(status);
  return statuses;
}

const errorJson = z.toJSONSchema(ErrorBodySchema, { target: 'openapi-3.0' }) as JsonObject;
delete errorJson.$schema;

/**
 * @fastify/swagger's `transform`: zod schemas to JSON Schema (the type
 * provider's own transform), then the implied errors, Retry-After, no body on
 * 204, multipart uploads, event streams and `security: []` on public routes.
 */
export function contractTransform(
  input: Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions },
): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as JsonObject | undefined;
  const { route, url } = input;
  if (schema === undefined || schema.hide === true || !url.startsWith('/api/v1/')) return out;
  const config = (route.config ?? {}) as {
    public?: boolean;
    upload?: string;
    produces?: readonly string[];
  };

  if (config.upload !== undefined) {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary', description: config.upload } },
      required: ['file'],
    };
  }
  // Status code to response: the route's own first, then what its traits imply.
  const response = new Map(Object.entries((schema.response ?? {}) as Record<string, JsonObject>));
  if (response.size === 0) {
    // Without a declared success the route answers 200 with a body of its own choosing.
    response.set('200', { description: 'Success' });
  }
  if (config.produces !== undefined) {
    const file = { schema: { type: 'string', format: 'binary' } };
    response.set('200', {
      description: 'The file',
      content: Object.fromEntries(config.produces.map((type) => [type, file])),
    });
  }
  if ((route as { sse?: unknown }).sse !== undefined) {
    // An event stream: 200 opens it (text/event-stream); 204 when the client has the final event.
    for (const code of [...response.keys()]) if (code.startsWith('2')) response.delete(code);
    response.set('200', {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    });
    if (route.url.includes(':')) response.set('204', { type: 'null' });
  }
  for (const status of impliedErrors(route, schema.body !== undefined)) {
    if (!response.has(String(status))) response.set(String(status), { ...errorJson });
  }
  const stream = (route as { sse?: unknown }).sse !== undefined;
  for (const [code, entry] of response) {
    const known =
      (stream ? STREAM_DESCRIPTIONS.get(code) : undefined) ?? DESCRIPTIONS.get(Number(code));
    if (known !== undefined && entry.description === undefined) entry.description = known;
    if (code === '204') response.set(code, { type: 'null', description: 'No content' });
    else if (code === '429' || code === '503') entry.headers = RETRY_AFTER;
  }
  schema.response = Object.fromEntries(response);
  if (config.public === true) schema.security = [];
  return out;
}
