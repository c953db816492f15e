// Concurrent edits: `writers` PUTs of one job at one version, `rounds` times;
// exactly one may win each round, the rest answer 409.
import { api, start, stop } from './server.mjs';

export async function concurrentEdits(target, port, counts, record) {
  const server = await start(target, port);
  let wrong = 0;
  const answers = {};
  for (let round = 0; round < counts.rounds; round++) {
    const made = await api(server, 'POST', '/api/v1/jobs/');
    if (made.status !== 201 && made.status !== 200)
      throw new Error(`making a job answered ${made.status}`);
    const job = made.body;
    const statuses = await Promise.all(
      Array.from({ length: counts.writers }, (_, w) =>
        api(server, 'PUT', `/api/v1/jobs/${job.id}`, { ...job, customer: `Writer ${w}` }).then(
          (r) => r.status,
        ),
      ),
    );
    for (const s of statuses) answers[s] = (answers[s] ?? 0) + 1;
    if (statuses.filter((s) => s === 200).length !== 1) wrong++;
  }
  await stop(server);
  const other = Object.entries(answers)
    .filter(([s]) => s !== '200' && s !== '409')
    .reduce((n, [, c]) => n + c, 0);
  record(
    `${counts.rounds} rounds of ${counts.writers} PUTs at one version: rounds without exactly one 200`,
    wrong,
    0,
    wrong === 0,
    counts.rounds,
  );
  record('answers other than 200 or 409', other, 0, other === 0, counts.rounds * counts.writers);
}
