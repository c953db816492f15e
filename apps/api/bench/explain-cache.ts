/**
 * Benchmark of GET /api/v1/assignments/{job_id}/explain on the embedded
 * database (PGlite in memory, Fastify inject): a cold call (a leave record was
 * just added and removed, so the data versions moved and the plan is rebuilt)
 * against a warm one (nothing written since, the cached plan answers).
 * Run: npm run bench:explain
 */
import { machineLine, openBenchApp } from './bench-app';

const SIZES = [500, 2_000];
const RUNS = 7;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const bench = await openBenchApp();
  const { app, headers, demo } = bench;
  console.log(machineLine());
  console.log('| jobs | cold median ms | warm median ms | warm min ms |');
  console.log('|---:|---:|---:|---:|');
  const who = demo.physicists[0]!.name;
  for (const size of SIZES) {
    await bench.loadJobs(size);
    const jobs = await app.inject({ method: 'GET', url: '/api/v1/jobs/', headers });
    const ids = jobs.json<{ id: number; start: string | null }[]>().filter((j) => j.start);
    const explain = async (i: number) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/assignments/${ids[i % ids.length]!.id}/explain`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`explain answered ${res.statusCode}`);
      return performance.now() - t0;
    };
    const cold: number[] = [];
    const warm: number[] = [];
    await explain(0); // warms the JIT and the query plans
    for (let run = 0; run < RUNS; run++) {
      // A real write moves the unavailability counter: the next call rebuilds.
      const added = await app.inject({
        method: 'POST',
        url: '/api/v1/availability/',
        headers,
        payload: { physicist_name: who, start_date: '2030-01-01', end_date: '2030-01-02' },
      });
      const { id } = added.json<{ id: number }>();
      await app.inject({ method: 'DELETE', url: `/api/v1/availability/${id}`, headers });
      cold.push(await explain(run));
      warm.push(await explain(run + 1));
    }
    console.log(
      `| ${size} | ${median(cold).toFixed(0)} | ${median(warm).toFixed(0)} | ${Math.min(...warm).toFixed(0)} |`,
    );
  }
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
