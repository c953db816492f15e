// The battery self-test's broken build: a proxy, in a process of its own, in
// front of the real built server, that breaks one thing the battery must
// catch. The server itself carries no test switch; the battery's clients talk
// to the proxy's port (scripts/battery/server.mjs, useFault). Faults:
//   list-401        the job, leave and roster lists answer 401
//   drop-final      event streams lose their final event (complete or error)
//   partial-import  a CSV schedule upload reaches the server with only the
//                   first half of its rows, as an import that writes part of
//                   the table and answers 200
// Usage (forked): node fault-proxy.mjs FAULT LISTEN_PORT SERVER_PORT
import http from 'node:http';

const [fault, listenPort, serverPort] = process.argv.slice(2);
const HOST = '127.0.0.1';
const LISTS = new Set(['/api/v1/jobs/', '/api/v1/availability/', '/api/v1/physicists/']);
const isFinal = (frame) => /"type":"(complete|error)"/.test(frame);

/** The multipart body with its .csv part cut to its header and the first half of its rows. */
function halveCsv(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (boundary === null) return body;
  const text = body.toString('latin1');
  const named = text.search(/filename="[^"]*\.csv"/);
  if (named < 0) return body;
  const start = text.indexOf('\r\n\r\n', named) + 4;
  const end = text.indexOf(`\r\n--${boundary[1] ?? boundary[2]}`, start);
  if (start < 4 || end < 0) return body;
  const lines = text.slice(start, end).split('\n');
  const kept = lines.slice(0, 1 + Math.floor((lines.length - 1) / 2)).join('\n');
  return Buffer.from(text.slice(0, start) + kept + text.slice(end), 'latin1');
}

/** Passes an event stream on frame by frame, leaving out its final event. */
function withoutFinal(from, to) {
  let buffer = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, at + 2);
      buffer = buffer.slice(at + 2);
      if (!isFinal(frame)) to.write(frame);
    }
  });
  from.on('end', () => to.end(isFinal(buffer) ? '' : buffer));
  from.on('error', () => to.destroy());
}

function forward(req, res, body) {
  const headers = { ...req.headers };
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  const upstream = http.request(
    {
      host: HOST,
      port: Number(serverPort),
      method: req.method,
      path: req.url,
      headers,
      agent: false,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (fault === 'drop-final' && /text\/event-stream/.test(answer.headers['content-type'] ?? ''))
        withoutFinal(answer, res);
      else answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(res.headersSent ? undefined : '{"detail":"the server behind the proxy is down"}');
  });
  // A client that cuts its connection cuts the server's too, as without the proxy.
  res.on('close', () => upstream.destroy());
  if (body !== undefined) upstream.end(body);
  else req.pipe(upstream);
}

const proxy = http.createServer((req, res) => {
  const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
  if (fault === 'list-401' && req.method === 'GET' && LISTS.has(path)) {
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"detail":"Not authenticated"}');
    return;
  }
  if (fault === 'partial-import' && req.method === 'POST' && path === '/api/v1/schedules/upload') {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () =>
      forward(req, res, halveCsv(Buffer.concat(chunks), req.headers['content-type'])),
    );
    return;
  }
  forward(req, res);
});
// As the real server: answers for long streams and big uploads are not cut by the proxy.
proxy.requestTimeout = 0;
proxy.listen(Number(listenPort), HOST, () => process.send?.('ready'));
process.on('SIGTERM', () => {
  proxy.closeAllConnections();
  proxy.close(() => process.exit(0));
});
