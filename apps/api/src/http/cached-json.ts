import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body kept in memory for one data version, with its strong ETag. */
export interface CachedJson {
  readonly etag: string;
  /** The JSON as UTF-8 bytes. */
  readonly body: Buffer;
  gzip(): Promise<Buffer>;
  br(): Promise<Buffer>;
}

/** Bodies smaller than this go uncompressed (the same threshold as @fastify/compress). */
const COMPRESS_FROM = 1024;

/** True when an If-None-Match header lists `etag` (or is *). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The best encoding the client accepts: br, then gzip, else none. */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Answers a cached list: 304 when the client already holds this version,
 * else the body, precompressed when the client accepts it. The body was
 * checked against the route's schema when it was read, so it is sent as
 * the bytes it is.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedJson,
): Promise<FastifyReply> {
  reply.header('etag', body.etag);
  reply.header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding =
    body.body.length >= COMPRESS_FROM ? pickEncoding(request.headers['accept-encoding']) : null;
  if (encoding === null) return reply.send(body.body);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? await body.br() : await body.gzip());
}
