// Waiting for a task: the API lists a user's active tasks, and a finished
// task's stream replays its final event, which says how it ended.
import { api, sleep } from './server.mjs';
import { readEvents } from './sse.mjs';

/** Waits until task `id` is no longer active (at most `ms`); answers 'complete', 'error: <its message>' or 'unfinished'. */
export async function awaitTask(server, id, url, ms = 180_000) {
  const began = performance.now();
  while (performance.now() - began < ms) {
    const active = await api(server, 'GET', '/api/v1/tasks/active');
    if (active.status === 200 && !active.body.some((task) => task.id === id)) {
      const final = await readEvents(server, url, { timeoutMs: 10_000 });
      const data = final.events.at(-1)?.data ?? '';
      const type = /"type":"(complete|error)"/.exec(data)?.[1];
      if (type === 'error')
        return `error: ${/"(?:message|detail|error)":"([^"]*)"/.exec(data)?.[1] ?? data.slice(0, 200)}`;
      return type ?? 'unfinished';
    }
    await sleep(1000);
  }
  return 'unfinished';
}
