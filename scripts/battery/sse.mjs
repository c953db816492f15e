// A small Server-Sent Events reader over fetch: events with their ids, and a
// way to cut the connection after some of them.
import { auth } from './server.mjs';

/**
 * Reads `url`'s stream, resuming after `lastEventId` when given, until the
 * stream ends, `stopAfter` events have come (then the socket is cut), or
 * `timeoutMs` passes. Answers the status and the events in order.
 */
export async function readEvents(
  server,
  url,
  { lastEventId, stopAfter = Infinity, timeoutMs = 120_000, token = server.token } = {},
) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const events = [];
  let status = 0;
  try {
    const res = await fetch(`${server.base}${url}`, {
      headers: {
        ...auth(token),
        accept: 'text/event-stream',
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      },
      signal: controller.signal,
    });
    status = res.status;
    if (status !== 200) {
      await res.arrayBuffer();
      return { status, events, cut: false };
    }
    const decoder = new TextDecoder();
    let buffer = '';
    let event = {};
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let at;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at).replace(/\r$/, '');
        buffer = buffer.slice(at + 1);
        if (line === '') {
          if (event.data !== undefined) events.push(event);
          event = {};
          if (events.length >= stopAfter) {
            controller.abort();
            break;
          }
        } else if (line.startsWith('id:')) event.id = line.slice(3).trim();
        else if (line.startsWith('data:'))
          event.data = (event.data === undefined ? '' : `${event.data}\n`) + line.slice(5).trim();
      }
      if (controller.signal.aborted) break;
    }
    return { status, events, cut: controller.signal.aborted, timedOut };
  } catch (error) {
    if (controller.signal.aborted) return { status, events, cut: true, timedOut };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Opens a stream and answers once its headers arrived, with a function that cuts it. */
export async function openStream(server, url, token = server.token) {
  const controller = new AbortController();
  const res = await fetch(`${server.base}${url}`, {
    headers: { ...auth(token), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reading = (async () => {
    try {
      for await (const chunk of res.body) void chunk;
    } catch {
      // cut by us
    }
  })();
  return {
    status: res.status,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
