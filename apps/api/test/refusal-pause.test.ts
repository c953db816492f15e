import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installRefusalPause } from '../src/http/refusal-pause';

// Load (docs/reliability.md): a connection that was just refused is not read from for a
// while, so a flood that ignores Retry-After cannot keep the event loop busy.

// The pause's end is held by the test (no clock): while held, the connection must be paused
// and its next request unanswered; released, the request is answered.
const held: (() => void)[] = [];
let app: FastifyInstance;
let base: string;
const serverSockets: Socket[] = [];

beforeAll(async () => {
  app = Fastify();
  installRefusalPause(app, (resume) => held.push(resume));
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

/** One request on `agent` (a path starting 'POST ' is posted with a small form body); its status. */
function ask(agent: http.Agent, path: string): Promise<number> {
  const [method, url] = path.startsWith('POST ') ? ['POST', path.slice(5)] : ['GET', path];
  const body = method === 'POST' ? 'username=a&password=b' : undefined;
  return new Promise<number>((resolve, reject) => {
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
}

/** Lets the event loop go round `turns` times (a read socket would be answered meanwhile). */
async function turns(count: number) {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('the pause after a refusal', () => {
  it.each([
    ['/refused', 503],
    ['/limited', 429],
    ['POST /limited-before-body', 429],
  ])(
    'reads the next request on a connection %s was answered on only after the pause',
    async (path, code) => {
      serverSockets.length = 0;
      held.length = 0;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect(await ask(agent, path)).toBe(code);
        await vi.waitFor(() => expect(held).toHaveLength(1));
        // Node reads a refused request's unread body away on the next ticks, which resumes
        // the connection: the pause has to hold after them.
        await turns(5);
        expect(serverSockets).toHaveLength(1);
        expect(serverSockets[0]!.isPaused()).toBe(true);
        let next: number | undefined;
        const asking = ask(agent, '/ok').then((status) => (next = status));
        await turns(20);
        expect(next).toBeUndefined();
        expect(serverSockets[0]!.isPaused()).toBe(true);
        held[0]!();
        await asking;
        expect(next).toBe(200);
        expect(serverSockets).toHaveLength(1);
      } finally {
        agent.destroy();
      }
    },
  );

  it('leaves a connection whose answer was not a refusal reading', async () => {
    serverSockets.length = 0;
    held.length = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect([await ask(agent, '/ok'), await ask(agent, '/ok')]).toEqual([200, 200]);
    } finally {
      agent.destroy();
    }
    expect(held).toEqual([]);
    expect(serverSockets).toHaveLength(1);
    expect(serverSockets[0]!.isPaused()).toBe(false);
  });
});
