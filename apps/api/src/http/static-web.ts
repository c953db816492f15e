import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { WEB_DIST_DIR } from '../config/app-root';
import type { RouteMethods } from './strict-http';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

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
  if (hasWeb) {
    // The real folder of the build there now: a later build is published beside it, never over it.
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the built web app's folder, fixed at start
    const root = realpathSync(distDir);
    await app.register(fastifyStatic, { root, wildcard: false, index: false });
    // wildcard:false registers one route per built file, so GET / needs the shell explicitly.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasWeb &&
      !isApiPath(pathname) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.extname(pathname);
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
