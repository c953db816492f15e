// Preloaded into the server the battery starts (node --import): answers the
// battery's questions over the IPC channel, so the server's own code carries
// no test hooks. 'probe' answers its active handles and timers and its memory;
// 'loop-start' starts measuring the main thread's event-loop delay (sampled
// every 10 ms) and 'loop-stop' answers it in ms and stops.
import { monitorEventLoopDelay } from 'node:perf_hooks';

let loop = null;
const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;

process.on('message', (message) => {
  if (message === 'probe') {
    const resources = {};
    for (const kind of process.getActiveResourcesInfo())
      resources[kind] = (resources[kind] ?? 0) + 1;
    process.send?.({ resources, memory: process.memoryUsage() });
  } else if (message === 'loop-start') {
    loop?.disable();
    loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    process.send?.({ loop: 'started' });
  } else if (message === 'loop-stop') {
    loop?.disable();
    const answer =
      loop === null || loop.count === 0
        ? { samples: 0 }
        : {
            samples: loop.count,
            p50: ms(loop.percentile(50)),
            p99: ms(loop.percentile(99)),
            max: ms(loop.max),
          };
    loop = null;
    process.send?.({ loop: answer });
  }
});
