import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * Answers `{detail}` for the failures Fastify answers before any hook runs: a
 * path parameter over the router's length limit (414) and a URL that is not
 * valid percent-encoding (400). Without it those answers carry Fastify's own
 * `{error, code, message, statusCode}` body.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 400;
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path segment of this URL is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not valid percent-encoding'
        : 'Bad request';
  void reply.code(status).send({ detail });
}

/**
 * Answers `{detail}` for requests Node's HTTP parser refuses before Fastify
 * sees them (malformed request line, headers over the size limit, a request
 * that took too long to arrive); Fastify's default writes its own shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * JSON bodies only where a route takes JSON: Fastify's text/plain parser is
 * removed, so a JSON route sent text (or any type no parser takes) answers
 * 415 instead of validating a string. An empty body sent as
 * application/json is read as no body, as many clients send that header on
 * a POST without content; Fastify would answer 400 for it.
 */
export function installJsonOnlyBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

/** A route's URL pattern as a regular expression over the request's path. */
function patternOf(url: string): RegExp {
  const parts = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  // eslint-disable-next-line security/detect-non-literal-regexp -- built from our own route table, every literal escaped
  return new RegExp(`^${parts.join('/')}$`);
}

/**
 * Which methods each route pattern answers, collected as routes are added, so
 * that a request with a method no route takes on a path some route serves
 * answers 405 with `Allow` (RFC 9110 15.5.6) rather than 404.
 */
export class RouteMethods {
  private readonly routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  /** Records every route the app registers from now on. */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      let entry = this.routes.get(route.url);
      if (entry === undefined) {
        entry = { pattern: patternOf(route.url), methods: new Set() };
        this.routes.set(route.url, entry);
      }
      for (const method of methods) entry.methods.add(method.toUpperCase());
    });
  }

  /** The methods some route takes on this path, sorted; empty when no route serves it. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const { pattern, methods: own } of this.routes.values()) {
      if (pattern.test(path)) for (const method of own) methods.add(method);
    }
    return [...methods].sort();
  }
}
