// Asks a server's health endpoint every 100 ms from a thread of its own, so
// that what it times is the server's answer and not the battery's own event
// loop: in the hostile-xlsx part that loop builds and sends a 9.2 MB upload
// five times a second, and a health check queued behind it was timed late
// (docs/reliability.md, "Hostile workbooks").
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { send, sleep } from './server.mjs';

const EVERY_MS = 100;
const NO_ANSWER_MS = 10_000;

/**
 * Starts asking `url` every 100 ms; answers { stop } where stop() resolves
 * to each answer's latency in ms, in order (Infinity: none within 10 s, or
 * not 200).
 */
export function healthPoller(url) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url } });
  const times = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const answered = await times;
      await worker.terminate();
      return answered;
    },
  };
}

async function poll(url) {
  const times = [];
  let running = true;
  parentPort.once('message', () => (running = false));
  while (running) {
    const began = performance.now();
    const status = await Promise.race([
      send(url).then((r) => r.status),
      sleep(NO_ANSWER_MS).then(() => 0),
    ]).catch(() => 0);
    const took = performance.now() - began;
    times.push(status === 200 ? took : Infinity);
    await sleep(Math.max(0, EVERY_MS - took));
  }
  parentPort.postMessage(times);
}

if (!isMainThread && workerData?.url) await poll(workerData.url);
