import type { FastifyReply, FastifyRequest } from 'fastify';
import { byteRange, etagMatches } from '../http/byte-range';
import { HttpError, notFound } from '../http/http-error';
import type { MediaLibrary } from '../services/media-library';

/** Stored names are random and never reused, so a copy can be cached for good. */
const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Answers GET (and HEAD) of a stored media file from the database, so every
 * node serves every file: its type, a strong ETag from its SHA-256 (304 to
 * If-None-Match), and byte ranges for seeking (206 with Content-Range, 416
 * past the end; If-Range with another ETag gets the whole file). The content
 * streams a chunk at a time as the client reads it.
 */
export function mediaFileHandler(library: MediaLibrary, what: string) {
  return async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = request.params;
    const file = await library.open(name);
    if (file === null) throw notFound(`No ${what} named '${name}'`);
    const etag = `"${file.sha256}"`;
    void reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('last-modified', file.createdAt.toUTCString())
      .header('cache-control', CACHE_FOR_GOOD);
    // RFC 9110 section 13.2.2: If-None-Match is judged before Range.
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === etag
        ? byteRange(request.headers.range, file.sizeBytes)
        : ({ kind: 'full' } as const);
    if (range.kind === 'unsatisfiable') {
      throw new HttpError(
        416,
        `The range '${request.headers.range ?? ''}' is outside the file's ${file.sizeBytes} bytes`,
        { 'content-range': `bytes */${file.sizeBytes}` },
      );
    }
    const [start, end] =
      range.kind === 'partial' ? [range.start, range.end] : [0, file.sizeBytes - 1];
    if (range.kind === 'partial') {
      void reply.code(206).header('content-range', `bytes ${start}-${end}/${file.sizeBytes}`);
    }
    void reply
      .header('content-type', file.contentType)
      .header('content-length', String(end - start + 1));
    if (request.method === 'HEAD') return reply.send();
    return reply.send(file.read(start, end));
  };
}
