// The side client of the load part, in a process of its own: autocannon keeps
// the battery's event loop busy, and timing refusals there would measure that
// loop's lag rather than the server. It opens its kept-alive connections
// first (a health check on each), says 'ready', and the load starts only
// then: like autocannon's own latencies, its times are answers on open
// connections. (A connection opened in the storm of the load's own connects
// waits in the listen queue: Node's libuv accepts one connection per loop
// iteration, and that wait is connection set-up, not an answer.) Then it
// sends the request it is given every 100 ms until told to stop, taking its
// CONNECTIONS in turn, so each connection asks again 400 ms after its last
// answer: past the server's pause after a refusal (250 ms, refusal-pause.ts),
// which is for a client that re-asks at once, not for the next one. It
// reports how long each 429 or 503 took, how many answers were something
// else, how many requests got no answer at all (dropped samples would flatter
// the figure), and how many connections it had to open.
import http from 'node:http';

const request = JSON.parse(process.argv[2]);
const CONNECTIONS = 4;
const agents = Array.from(
  { length: CONNECTIONS },
  () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
);
const report = { times: [], other: 0, failed: 0, connections: 0 };
let stopping = false;
process.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

const once = (agent, { url, method = 'GET', headers = {}, body } = request) =>
  new Promise((resolve) => {
    const req = http.request(url, { method, headers, agent, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(0));
    });
    req.on('socket', (socket) => {
      if (!socket.counted) {
        socket.counted = true;
        report.connections += 1;
      }
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', () => resolve(0));
    req.end(body);
  });

const health = new URL('/api/v1/health', request.url).href;
for (const agent of agents)
  if ((await once(agent, { url: health })) !== 200)
    throw new Error(`no answer from ${health} before the load`);
process.send('ready');

for (let turn = 0; !stopping; turn++) {
  const began = performance.now();
  const status = await once(agents[turn % CONNECTIONS]);
  const took = performance.now() - began;
  if (status === 429 || status === 503) report.times.push(took);
  else if (status === 0) report.failed += 1;
  else report.other += 1;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
for (const agent of agents) agent.destroy();
process.send(report, () => process.exit(0));
