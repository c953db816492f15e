/**
 * `npm run bench:api`: GET /api/v1/jobs/ over real HTTP with autocannon, against
 * a raw Fastify route that answers the very same bytes (no auth, no database,
 * no validation: the ceiling for this payload on this machine), in one run.
 * The app runs on the embedded database in memory with 100 and 10,000 jobs.
 * Each row: 10 connections for DURATION seconds, after a 2 s warm-up.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { machineLine, openBenchApp } from './bench-app';

const SIZES = (process.env.BENCH_SIZES ?? '100,10000').split(',').map(Number);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 10;

interface Figures {
  rps: number;
  mbPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Figures> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  return {
    rps: result.requests.average,
    mbPerSecond: result.throughput.average / 1e6,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A bare Fastify answering `body` with `headers`: what the framework alone costs for these bytes. */
async function rawServer(body: Buffer, headers: Record<string, string>) {
  const raw = Fastify({ logger: false });
  raw.get('/raw', (_request, reply) => {
    reply.headers(headers);
    return reply.send(body);
  });
  await raw.listen({ port: 0, host: '127.0.0.1' });
  const address = raw.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { raw, url: `http://127.0.0.1:${port}/raw` };
}

async function main(): Promise<void> {
  const bench = await openBenchApp();
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const address = bench.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const jobsUrl = `http://127.0.0.1:${port}/api/v1/jobs/`;
  console.log(machineLine());
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per row after a 2 s warm-up`);
  console.log('');
  console.log(
    '| jobs | request | answer bytes | API req/s | raw Fastify req/s | API / raw | API p50 / p99 ms |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---|');
  for (const size of SIZES) {
    await bench.loadJobs(size);
    const scenarios: [string, Record<string, string>][] = [
      ['identity', {}],
      ['gzip', { 'accept-encoding': 'gzip' }],
      ['br', { 'accept-encoding': 'br' }],
    ];
    for (const [name, extra] of scenarios) {
      const headers = { ...bench.headers, ...extra };
      // inject keeps the bytes as sent (fetch would decode them): the raw server sends the same.
      const sample = await bench.app.inject({ method: 'GET', url: '/api/v1/jobs/', headers });
      if (sample.statusCode !== 200) throw new Error(`GET /jobs/ answered ${sample.statusCode}`);
      const rawHeaders: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
      };
      const encoding = sample.headers['content-encoding'];
      if (typeof encoding === 'string') rawHeaders['content-encoding'] = encoding;
      const { raw, url } = await rawServer(sample.rawPayload, rawHeaders);
      await load(jobsUrl, headers, 2);
      const api = await load(jobsUrl, headers, DURATION);
      await load(url, extra, 2);
      const ceiling = await load(url, extra, DURATION);
      await raw.close();
      if (api.errors > 0)
        throw new Error(`${api.errors} failed API requests (${name}, ${size} jobs)`);
      console.log(
        `| ${size.toLocaleString('en-US')} | ${name} | ${sample.rawPayload.length.toLocaleString('en-US')} | ${api.rps.toFixed(1)} | ${ceiling.rps.toFixed(1)} | ${(api.rps / ceiling.rps).toFixed(2)}x | ${api.p50} / ${api.p99} |`,
      );
    }
    // A client that already holds the current version: 304 with no body.
    const etag = (await fetch(jobsUrl, { headers: bench.headers })).headers.get('etag') ?? '';
    const revalidate = await load(jobsUrl, { ...bench.headers, 'if-none-match': etag }, DURATION);
    console.log(
      `| ${size.toLocaleString('en-US')} | If-None-Match (304) | 0 | ${revalidate.rps.toFixed(1)} | | | ${revalidate.p50} / ${revalidate.p99} |`,
    );
  }
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
