import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRefusalPause } from '../src/http/refusal-pause';

// Load (docs/reliability.md): a connection that was just refused is not read from for a
// while, so a flood that ignores Retry-After cannot keep the event loop busy.

const PAUSE_MS = 400;
let app: FastifyInstance;
let base: string;
const serverSockets: Socket[] = [];

beforeAll(async () => {
  app = Fastify();
  installRefusalPause(app, PAUSE_MS);
  app.get('/refused', (_request, reply) => reply.code(503).send({ detail: 'busy' }));
  app.get('/limited', (_request, reply) => reply.code(429).send({ detail: 'slow down' }));
  app.get('/ok', () => ({ ok: true }));
  // Refused before its body is read, as a rate-limited sign-in is: Node then reads the body
  // away after the answer, which resumes the connection unless the pause comes after that.
  app.post(
    '/limited-before-body',
    { onRequest: async (_request, reply) => reply.code(429).send({ detail: 'no' }) },
    () => ({ ok: true }),
  );
  app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

/**
 * Sends requests one after another on one kept-alive connection (a path
 * starting 'POST ' is posted with a small form body); each answer's status
 * and when it came.
 */
async function inSequence(paths: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const began = performance.now();
  const answers: { status: number; atMs: number }[] = [];
  try {
    for (const path of paths) {
      const [method, url] = path.startsWith('POST ') ? ['POST', path.slice(5)] : ['GET', path];
      const status = await new Promise<number>((resolve, reject) => {
        const body = method === 'POST' ? 'username=a&password=b' : undefined;
        http
          .request(
            `${base}${url}`,
            {
              method,
              agent,
              headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          )
          .on('error', reject)
          .end(body);
      });
      answers.push({ status, atMs: performance.now() - began });
    }
  } finally {
    agent.destroy();
  }
  return answers;
}

describe('the pause after a refusal', () => {
  it.each([
    ['/refused', 503],
    ['/limited', 429],
    ['POST /limited-before-body', 429],
  ])(
    'reads the next request on a connection %s was answered on only after the pause',
    async (path, code) => {
      const [refusal, next] = await inSequence([path, '/ok']);
      expect([refusal!.status, next!.status]).toEqual([code, 200]);
      // A lower bound: a slow machine only makes the gap longer.
      expect(next!.atMs - refusal!.atMs).toBeGreaterThanOrEqual(PAUSE_MS - 20);
    },
  );

  it('leaves a connection whose answer was not a refusal reading', async () => {
    serverSockets.length = 0;
    const answers = await inSequence(['/ok', '/ok']);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(serverSockets).toHaveLength(1);
    expect(serverSockets[0]!.isPaused()).toBe(false);
  });
});
