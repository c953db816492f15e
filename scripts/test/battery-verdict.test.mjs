// The battery's judgements at unit scale: a row that
// claims a target from fewer than 20 samples says 'too few', a miss stays a
// miss; the load part's answers row fails a list answering 401 to everything
// and a run with connection errors; and the self-test's fault proxy breaks
// what it names (in front of a small stand-in server, so this runs in
// seconds; `npm run battery:selftest` runs the real parts against the real
// server behind it).
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../battery/server.mjs';
import { readEvents } from '../battery/sse.mjs';
import { judgeAnswers, p99, recorder, verdict } from '../battery/verdict.mjs';

const PROXY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../battery/fault-proxy.mjs');

describe('a row and its samples', () => {
  it('says too few for a target met on fewer than 20 samples, and met from 20', () => {
    expect(verdict(true, 19)).toBe('too few');
    expect(verdict(true, 20)).toBe(true);
    expect(verdict(true, undefined)).toBe(true);
  });

  it('keeps a miss a miss at any sample size', () => {
    expect(verdict(false, 1)).toBe(false);
    const rows = [];
    recorder(rows)('tables neither old nor new', 1, 0, false, 3);
    expect(rows).toEqual([
      { check: 'tables neither old nor new', n: 3, measured: 1, target: 0, ok: false },
    ]);
  });

  it('takes the 99th percentile by nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(p99(hundred)).toBe(99);
    expect(p99([5])).toBe(5);
    expect(p99([])).toBe(0);
  });
});

describe('the load part judges every answer', () => {
  it('fails a list that answers 401 to everything', () => {
    const judged = judgeAnswers({ 401: 5000 }, [200, 503], 0, 0);
    expect(judged.ok).toBe(false);
    expect(judged.unexpected).toEqual({ 401: 5000 });
  });

  it('fails connection errors and timeouts, and a run where nothing was served', () => {
    expect(judgeAnswers({ 200: 100 }, [200, 503], 3, 0).ok).toBe(false);
    expect(judgeAnswers({ 200: 100 }, [200, 503], 1, 1).ok).toBe(false);
    expect(judgeAnswers({ 503: 100 }, [200, 503], 0, 0).ok).toBe(false);
  });

  it('passes answers and overload refusals the target may give', () => {
    expect(judgeAnswers({ 200: 900, 503: 100 }, [200, 503], 0, 0).ok).toBe(true);
    expect(judgeAnswers({ 200: 28, 429: 4000 }, [200, 429, 503], 0, 0).ok).toBe(true);
  });
});

/** A free port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

describe('the fault proxy', () => {
  let upstream;
  let upstreamPort;
  const proxies = [];

  beforeAll(async () => {
    upstreamPort = await freePort();
    // A stand-in for the server: a list, a stream of two events ending with its final one,
    // and an upload that answers with the bytes of the file it got.
    upstream = http.createServer((req, res) => {
      if (req.url === '/api/v1/jobs/') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[]');
      } else if (req.url === '/api/v1/optimize/stream/1') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('id: 1\ndata: {"type":"progress"}\n\n');
        res.end('id: 2\ndata: {"type":"complete"}\n\n');
      } else {
        const chunks = [];
        req.on('data', (chunk) => chunks.push(chunk));
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(Buffer.concat(chunks));
        });
      }
    });
    await new Promise((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const proxy of proxies) proxy.kill('SIGTERM');
    await new Promise((resolve) => upstream.close(resolve));
  });

  /** A proxy with `fault` in front of the stand-in; answers its base URL. */
  async function proxied(fault) {
    const port = await freePort();
    const child = fork(PROXY, [fault, String(port), String(upstreamPort)]);
    proxies.push(child);
    await new Promise((resolve) => child.once('message', resolve));
    return `http://127.0.0.1:${port}`;
  }

  it('list-401 answers 401 to the list, which the stand-in answers 200', async () => {
    expect((await send(`http://127.0.0.1:${upstreamPort}/api/v1/jobs/`)).status).toBe(200);
    expect((await send(`${await proxied('list-401')}/api/v1/jobs/`)).status).toBe(401);
  });

  it('drop-final passes a stream on without its final event', async () => {
    const server = { base: await proxied('drop-final'), token: 'x' };
    const read = await readEvents(server, '/api/v1/optimize/stream/1', { timeoutMs: 10_000 });
    expect(read.events.map((e) => e.id)).toEqual(['1']);
    const direct = { base: `http://127.0.0.1:${upstreamPort}`, token: 'x' };
    const whole = await readEvents(direct, '/api/v1/optimize/stream/1', { timeoutMs: 10_000 });
    expect(whole.events.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('partial-import sends a CSV upload on with only the first half of its rows', async () => {
    const csv = ['record_type,customer', 'job,A', 'job,B', 'job,C', 'job,D'].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv]), 's.csv');
    const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
    const res = await send(`${await proxied('partial-import')}/api/v1/schedules/upload`, {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type') },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.text).toContain('record_type,customer\njob,A\njob,B\r\n');
    expect(res.text).not.toContain('job,C');
  });
});
