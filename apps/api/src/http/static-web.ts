import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_DIST_DIR } from '../config/app-root';
import type { RouteMethods } from './strict-http';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** A year: the longest lifetime caches honour, for files whose name changes with their content. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';

/**
 * Built files under assets/ carry a content hash in their name, so a browser
 * keeps them for a year without asking again. Everything else (the page, the
 * service worker, the manifest, the icons) keeps its name across builds and is
 * revalidated on each use (ETag and Last-Modified answer 304 when unchanged).
 */
const cacheControlFor = (root: string, filePath: string) =>
  path.relative(root, filePath).startsWith(`assets${path.sep}`) ? HASHED_CACHE : 'no-cache';

/** Written by the web build beside index.html (apps/web/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/**
 * Written by the web build too (apps/web/scripts/prerender.mjs): route -> a page
 * file of its own whose markup paints before any script runs (/login).
 */
const PRERENDER_FILE = 'prerender.json';
/** A prerendered page's file name as the web build writes them. */
const PAGE_FILE = /^[\w-]+\.html$/;
/** A built script's URL as the web build names them: nothing to escape in a tag. */
const BUILT_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

interface Page {
  body: string;
  /** Weak: one tag for the page in each of its encodings. */
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

// Compressed once at start: the not-found handler that answers client routes
// has no @fastify/compress hook of its own.
const page = (body: string): Page => ({
  body,
  etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  br: brotliCompressSync(body),
  gzip: gzipSync(body, { level: 9 }),
});

/** Whether an Accept-Encoding header takes `coding` (listed, and not at q=0). */
const accepts = (header: string | undefined, coding: string) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((item) => item.trim());
    return (
      name === coding &&
      !params.some((param) => param.startsWith('q=') && Number(param.slice(2)) === 0)
    );
  });

/**
 * The app's page for each client route: index.html, and for a screen the
 * build listed, the same page naming that screen's built files (and the
 * signed-in chrome's) as modulepreload links, so a first visit fetches them
 * beside the entry instead of after it has run; a route the build rendered
 * ahead gets its own page file. Read once, from the build this process
 * serves; a build without the lists serves the plain page.
 */
function loadPages(root: string): (pathname: string) => Page {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the built web app's page, fixed at start
  const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
  const plain = page(shell);
  let listed: unknown = {};
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the build's own list, fixed at start
    listed = JSON.parse(readFileSync(path.join(root, ROUTE_PRELOADS_FILE), 'utf8'));
  } catch {
    // An older build, or one made without the list: every route gets the plain page.
  }
  const pages = new Map<string, Page>();
  for (const [route, files] of Object.entries(listed as Record<string, unknown>)) {
    if (!Array.isArray(files)) continue;
    const links = files
      .filter((file): file is string => typeof file === 'string' && BUILT_SCRIPT.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    pages.set(route, page(shell.replace('</head>', `${links}</head>`)));
  }
  let prerendered: unknown = {};
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the build's own list, fixed at start
    prerendered = JSON.parse(readFileSync(path.join(root, PRERENDER_FILE), 'utf8'));
  } catch {
    // A build without prerendered pages: the pages above serve every route.
  }
  for (const [route, file] of Object.entries(prerendered as Record<string, unknown>)) {
    if (typeof file !== 'string' || !PAGE_FILE.test(file)) continue;
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- a page file the build listed, fixed at start
    pages.set(route, page(readFileSync(path.join(root, file), 'utf8')));
  }
  return (pathname) => {
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return pages.get(route) ?? plain;
  };
}

/** Sends the page for the request's path, revalidated on each use (304 when unchanged). */
function sendPage(
  pageFor: (pathname: string) => Page,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const found = pageFor(request.url.split('?')[0] ?? '/');
  reply
    .header('cache-control', 'no-cache')
    .header('etag', found.etag)
    .header('vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
  const acceptEncoding = request.headers['accept-encoding'];
  if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(found.br);
  if (accepts(acceptEncoding, 'gzip'))
    return reply.header('content-encoding', 'gzip').send(found.gzip);
  return reply.send(found.body);
}

/**
 * Serves the built web app when it exists; client routes (/assignments, ...) get
 * index.html. /api/* never falls back: unknown API paths answer 404 JSON, and a
 * method no route takes on a path that exists answers 405 with Allow.
 */
export async function installStaticWeb(
  app: FastifyInstance,
  distDir: string = WEB_DIST_DIR,
  routeMethods?: RouteMethods,
): Promise<void> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the path is the built web app's folder, fixed at start
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  // The real folder of the build there now: a later build is published beside it, never over it.
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the built web app's folder, fixed at start
  const root = hasWeb ? realpathSync(distDir) : null;
  const pageFor = root === null ? null : loadPages(root);
  if (root !== null && pageFor !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs),
      // compressed once at the highest levels; they are served by Accept-Encoding, with
      // Vary, and are not routes of their own. @fastify/compress passes them through.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', ROUTE_PRELOADS_FILE, PRERENDER_FILE],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(root, filePath));
      },
    });
    // wildcard:false registers one route per built file, so GET / needs the shell explicitly.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(pageFor, request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      pageFor !== null &&
      !isApiPath(pathname) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.extname(pathname);
    if (wantsPage) return sendPage(pageFor, request, reply);
    const allowed = routeMethods?.allowed(pathname) ?? [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ detail: `${request.method} is not allowed here; use ${allowed.join(', ')}` });
    }
    return reply
      .code(404)
      .send({ detail: `Not found: ${request.method} ${pathname.slice(0, 200)}` });
  });
}
