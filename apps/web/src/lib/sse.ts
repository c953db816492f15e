import { ErrorBodySchema } from '@meridian/contracts';
import { API_BASE, ApiError, sessionEndedError } from './api-client';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { getToken } from './session-store';

/** What the consumer decides after each event: keep listening, or the stream is finished. */
export type SseVerdict = 'continue' | 'stop';

export interface SseStreamOptions {
  /** Called for every event; return 'stop' after the final message (complete or error). */
  onEvent: (event: EventSourceMessage) => SseVerdict;
  /** The server refused the stream (4xx: unknown task, no access): no reconnect. */
  onRefused: (error: ApiError) => void;
  /**
   * The server answered 204 No Content: the stream had already ended and we
   * hold its last event id (a reconnect after the final event). No reconnect.
   */
  onEnded: () => void;
  /** The connection dropped and every reconnect failed before a final message. */
  onLost: () => void;
  /** Aborting closes the stream and stops reconnecting; no callback fires afterwards. */
  signal: AbortSignal;
  /** Reconnect attempts in a row without receiving an event. */
  maxRetries?: number;
  /** First reconnect delay; doubled on each failed attempt, capped at 8 s. */
  baseDelayMs?: number;
  fetchImpl?: typeof fetch;
}

const MAX_DELAY_MS = 8000;

/** A failure worth a reconnect (network error, 5xx, stream ended early). */
class TransientError extends Error {}

/**
 * What outlives one connection, as EventSource keeps it: the last event id
 * (sent back as Last-Event-ID) and the server's requested reconnection delay.
 */
interface StreamPosition {
  lastEventId: string | null;
  retryMs: number | null;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

async function refusal(response: Response): Promise<ApiError> {
  const fallback = `Request failed with status ${response.status}`;
  try {
    const parsed = ErrorBodySchema.safeParse(await response.json());
    return new ApiError(parsed.success ? parsed.data.detail : fallback, response.status);
  } catch {
    return new ApiError(fallback, response.status);
  }
}

/**
 * Follows a Server-Sent Events stream with fetch rather than EventSource, because
 * EventSource cannot send the Authorization header and tokens never travel in
 * URLs (OWASP ASVS 14.2.1). After a drop it reconnects with backoff and
 * sends Last-Event-ID, so the server resumes without loss or duplicates.
 * Resolves when the stream is finished, refused, lost or aborted.
 */
export async function followSseStream(path: string, options: SseStreamOptions): Promise<void> {
  const { signal, maxRetries = 5, baseDelayMs = 500, fetchImpl = fetch } = options;
  const position: StreamPosition = { lastEventId: null, retryMs: null };
  let failures = 0;
  while (!signal.aborted) {
    try {
      const verdict = await readOnce(path, position, options, fetchImpl, () => {
        failures = 0; // Any event proves the connection works again.
      });
      if (verdict === 'stop' || signal.aborted) return;
      if (verdict === 'ended') {
        options.onEnded();
        return;
      }
      if (verdict instanceof ApiError) {
        options.onRefused(verdict);
        return;
      }
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof TransientError) && !(error instanceof TypeError)) throw error;
    }
    failures++;
    if (failures > maxRetries) {
      options.onLost();
      return;
    }
    const delay = position.retryMs ?? Math.min(baseDelayMs * 2 ** (failures - 1), MAX_DELAY_MS);
    await wait(delay, signal);
  }
}

/**
 * One connection: 'stop' on a final event, 'ended' on 204 (nothing more will
 * come, as EventSource reads it), an ApiError on a 4xx, else throws to reconnect.
 */
async function readOnce(
  path: string,
  position: StreamPosition,
  options: SseStreamOptions,
  fetchImpl: typeof fetch,
  onAlive: () => void,
): Promise<'stop' | 'ended' | ApiError> {
  const headers = new Headers({ Accept: 'text/event-stream' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (position.lastEventId !== null) headers.set('Last-Event-ID', position.lastEventId);
  const response = await fetchImpl(`${API_BASE}${path}`, {
    headers,
    signal: options.signal,
    cache: 'no-store',
  });
  if (response.status === 204) return 'ended';
  if (response.status >= 400 && response.status < 500) {
    // A 401 to the stored token ends the session (the app goes to /login), as for any request.
    return sessionEndedError(response.status, token) ?? refusal(response);
  }
  if (!response.ok || !response.body) throw new TransientError(`HTTP ${response.status}`);
  // A fresh parser per connection: a line the dropped connection cut off must not
  // prefix the new stream's first line.
  const events: EventSourceMessage[] = [];
  const parser = createParser({
    onEvent: (event) => {
      // The library reports an event's own id; the id persists until another arrives.
      if (event.id !== undefined) position.lastEventId = event.id;
      events.push(event);
    },
    onRetry: (ms) => {
      position.retryMs = ms;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new TransientError('stream ended before its final message');
      parser.feed(value);
      for (const event of events.splice(0)) {
        onAlive();
        if (options.onEvent(event) === 'stop') return 'stop';
      }
    }
  } finally {
    // Closes the connection when we stop early; harmless after the end.
    reader.cancel().catch(() => undefined);
  }
}
