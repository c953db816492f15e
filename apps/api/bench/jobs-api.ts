/**
 * Benchmark of the jobs API on the embedded database (PGlite in memory, Fastify
 * inject, no network): GET /api/v1/jobs/ at 1,000 and 10,000 jobs, plus the
 * zip table load, the bulk insert and POST /api/v1/analyze/ for context.
 * Run: npm run bench:api:inject
 */
import { machineLine, openBenchApp } from './bench-app';

const SIZES = [1_000, 10_000];
const RUNS = 7;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const bench = await openBenchApp();
  const { app, headers } = bench;
  console.log(machineLine());
  console.log(
    `open PGlite + migrate: ${bench.openMs.toFixed(0)} ms; buildApp incl. zip table load: ${bench.buildMs.toFixed(0)} ms`,
  );
  console.log('| jobs | bulk insert ms | GET /jobs/ median ms | min ms | body MB | analyze ms |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const insertMs = await bench.loadJobs(size);
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/jobs/', headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`GET /jobs/ answered ${res.statusCode}`);
      if (run > 0) times.push(ms); // the first run warms the query plan and the JIT
      bytes = res.rawPayload.length;
    }
    const a0 = performance.now();
    const analyzed = await app.inject({ method: 'POST', url: '/api/v1/analyze/', headers });
    const analyzeMs = performance.now() - a0;
    if (analyzed.statusCode !== 200) throw new Error(`analyze answered ${analyzed.statusCode}`);
    console.log(
      `| ${size} | ${insertMs.toFixed(0)} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${(bytes / 1e6).toFixed(2)} | ${analyzeMs.toFixed(0)} |`,
    );
  }
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
