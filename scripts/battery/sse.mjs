// A small Server-Sent Events reader: events with their ids, and a way to cut
// the connection after some of them. Each stream has a connection of its own,
// closed when the stream ends (`Connection: close`), so that no idle socket of
// the battery's is left in the server to blur its socket count.
import http from 'node:http';
import { auth } from './server.mjs';

/** Opens `url` as an event stream; resolves with the response (headers read) and the request. */
function open(server, url, token, lastEventId) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.base}${url}`, {
      agent: false,
      headers: {
        ...auth(token),
        accept: 'text/event-stream',
        connection: 'close',
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      },
    });
    req.on('response', (res) => resolve({ req, res }));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Reads `url`'s stream, resuming after `lastEventId` when given, until the
 * stream ends, `stopAfter` events have come (then the socket is cut), or
 * `timeoutMs` passes. Answers the status, the events in order, whether the
 * battery cut it (`cut`) and whether that was the time limit (`timedOut`).
 */
export async function readEvents(
  server,
  url,
  { lastEventId, stopAfter = Infinity, timeoutMs = 120_000, token = server.token } = {},
) {
  const { req, res } = await open(server, url, token, lastEventId);
  const status = res.statusCode;
  const events = [];
  if (status !== 200) {
    res.resume();
    await new Promise((resolve) => res.on('close', resolve));
    return { status, events, cut: false, timedOut: false };
  }
  let cut = false;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cut = true;
    req.destroy();
  }, timeoutMs);
  const decoder = new TextDecoder();
  let buffer = '';
  let event = {};
  try {
    for await (const chunk of res) {
      buffer += decoder.decode(chunk, { stream: true });
      let at;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at).replace(/\r$/, '');
        buffer = buffer.slice(at + 1);
        if (line === '') {
          if (event.data !== undefined) events.push(event);
          event = {};
          if (events.length >= stopAfter) {
            cut = true;
            req.destroy();
            break;
          }
        } else if (line.startsWith('id:')) event.id = line.slice(3).trim();
        else if (line.startsWith('data:'))
          event.data = (event.data === undefined ? '' : `${event.data}\n`) + line.slice(5).trim();
      }
      if (cut) break;
    }
  } catch (error) {
    if (!cut) throw error;
  } finally {
    clearTimeout(timer);
  }
  return { status, events, cut, timedOut };
}

/** Opens a stream and answers once its headers arrived, with a function that cuts it. */
export async function openStream(server, url, token = server.token) {
  const { req, res } = await open(server, url, token);
  const ended = new Promise((resolve) => res.on('close', resolve));
  res.resume();
  return {
    status: res.statusCode,
    async close() {
      req.destroy();
      await ended;
    },
  };
}
