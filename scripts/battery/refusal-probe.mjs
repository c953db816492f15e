// The side client of the load part, in a process of its own: autocannon keeps
// the battery's event loop busy, and timing refusals there would measure that
// loop's lag rather than the server. Sends the request it is given every
// 100 ms until told to stop, then reports how long each 429 or 503 took.
const request = JSON.parse(process.argv[2]);
const times = [];
let stopping = false;
process.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

while (!stopping) {
  const began = performance.now();
  const status = await fetch(request.url, {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(30_000),
  })
    .then(async (res) => (await res.arrayBuffer(), res.status))
    .catch(() => 0);
  if (status === 429 || status === 503) times.push(performance.now() - began);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.send(times, () => process.exit(0));
