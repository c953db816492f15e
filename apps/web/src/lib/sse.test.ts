import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventSourceMessage } from 'eventsource-parser';
import { followSseStream } from './sse';

/** A Response whose body streams the given chunks, then ends. */
const streamResponse = (chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('followSseStream', () => {
  it('reconnects after a drop and sends Last-Event-ID', async () => {
    const seen: EventSourceMessage[] = [];
    const requests: Headers[] = [];
    const responses = [
      streamResponse(['id: 1\ndata: a\n\n']),
      streamResponse(['id: 2\ndata: done\n\n']),
    ];
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      return Promise.resolve(responses.shift() ?? new Response(null, { status: 500 }));
    });
    const onLost = vi.fn();
    await followSseStream('/optimize/stream/t1', {
      signal: new AbortController().signal,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      baseDelayMs: 1,
      onEvent: (event) => {
        seen.push(event);
        return event.data === 'done' ? 'stop' : 'continue';
      },
      onRefused: vi.fn(),
      onEnded: vi.fn(),
      onLost,
    });
    expect(seen.map((e) => e.data)).toEqual(['a', 'done']);
    expect(requests[0]?.get('Last-Event-ID')).toBeNull();
    expect(requests[1]?.get('Last-Event-ID')).toBe('1');
    expect(onLost).not.toHaveBeenCalled();
  });

  it('resumes from the last id seen, also after events that carry none', async () => {
    const requests: Headers[] = [];
    const responses = [
      // Chunks split inside a line; the second event has no id of its own.
      streamResponse(['id: 4\nda', 'ta: a\n\ndata: b\n', '\n']),
      streamResponse(['id: 5\ndata: done\n\n']),
    ];
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      return Promise.resolve(responses.shift() ?? new Response(null, { status: 500 }));
    });
    const seen: string[] = [];
    await followSseStream('/optimize/stream/t', {
      signal: new AbortController().signal,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      baseDelayMs: 1,
      onEvent: (event) => {
        seen.push(event.data);
        return event.data === 'done' ? 'stop' : 'continue';
      },
      onRefused: vi.fn(),
      onEnded: vi.fn(),
      onLost: vi.fn(),
    });
    expect(seen).toEqual(['a', 'b', 'done']);
    expect(requests[1]?.get('Last-Event-ID')).toBe('4');
  });

  it('does not glue a line the dropped connection cut off onto the next stream', async () => {
    const responses = [
      streamResponse(['id: 1\ndata: a\n\ndata: cut of']),
      streamResponse(['id: 2\ndata: done\n\n']),
    ];
    const fetchImpl = vi.fn(() =>
      Promise.resolve(responses.shift() ?? new Response(null, { status: 500 })),
    );
    const seen: string[] = [];
    await followSseStream('/optimize/stream/t', {
      signal: new AbortController().signal,
      fetchImpl,
      baseDelayMs: 1,
      onEvent: (event) => {
        seen.push(event.data);
        return event.data === 'done' ? 'stop' : 'continue';
      },
      onRefused: vi.fn(),
      onEnded: vi.fn(),
      onLost: vi.fn(),
    });
    expect(seen).toEqual(['a', 'done']);
  });

  it("waits the server's retry delay before reconnecting instead of its own backoff", async () => {
    const responses = [
      streamResponse(['retry: 5\nid: 1\ndata: a\n\n']),
      streamResponse(['id: 2\ndata: done\n\n']),
    ];
    const fetchImpl = vi.fn(() =>
      Promise.resolve(responses.shift() ?? new Response(null, { status: 500 })),
    );
    // A fake clock: the reconnect happens at the server's 5 ms, not before, and not at the
    // client's own 60 s backoff.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let finished = false;
      const following = followSseStream('/optimize/stream/t', {
        signal: new AbortController().signal,
        fetchImpl,
        baseDelayMs: 60_000,
        onEvent: (event) => (event.data === 'done' ? 'stop' : 'continue'),
        onRefused: vi.fn(),
        onEnded: vi.fn(),
        onLost: vi.fn(),
      }).then(() => (finished = true));
      await vi.advanceTimersByTimeAsync(4);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      await following;
      expect(finished).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops on a 404 with the server detail and never reconnects', async () => {
    const fetchImpl = vi.fn(() =>
      Promise.resolve(Response.json({ detail: 'Task not found' }, { status: 404 })),
    );
    const onRefused = vi.fn();
    await followSseStream('/optimize/stream/x', {
      signal: new AbortController().signal,
      fetchImpl: fetchImpl,
      onEvent: () => 'continue',
      onRefused,
      onEnded: vi.fn(),
      onLost: vi.fn(),
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect((onRefused.mock.calls[0]?.[0] as Error).message).toBe('Task not found');
  });

  it('stops without reconnecting when a reconnect is answered 204 No Content', async () => {
    const requests: Headers[] = [];
    const responses = [
      // The stream ends after event 2 without the consumer having seen a final message.
      streamResponse(['id: 1\ndata: a\n\n', 'id: 2\ndata: b\n\n']),
      new Response(null, { status: 204 }),
    ];
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      return Promise.resolve(responses.shift() ?? new Response(null, { status: 500 }));
    });
    const onEnded = vi.fn();
    const onLost = vi.fn();
    const onRefused = vi.fn();
    await followSseStream('/optimize/stream/t', {
      signal: new AbortController().signal,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      baseDelayMs: 1,
      onEvent: () => 'continue',
      onRefused,
      onEnded,
      onLost,
    });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(requests[1]?.get('Last-Event-ID')).toBe('2');
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onLost).not.toHaveBeenCalled();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('reports a lost connection once the retries are used up', async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError('network down')));
    const onLost = vi.fn();
    await followSseStream('/optimize/stream/t', {
      signal: new AbortController().signal,
      fetchImpl: fetchImpl,
      baseDelayMs: 1,
      maxRetries: 2,
      onEvent: () => 'continue',
      onRefused: vi.fn(),
      onEnded: vi.fn(),
      onLost,
    });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('sends the bearer token in the header, never in the URL', async () => {
    localStorage.setItem('meridian.token', 'not-a-jwt');
    const fetchImpl = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(streamResponse(['data: x\n\n'])),
    );
    const controller = new AbortController();
    await followSseStream('/analytics/compare_stream/c', {
      signal: controller.signal,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      onEvent: () => 'stop',
      onRefused: vi.fn(),
      onEnded: vi.fn(),
      onLost: vi.fn(),
    });
    const [url] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/analytics/compare_stream/c');
    expect(String(url)).not.toContain('token');
  });

  it('returns quietly when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchImpl = vi.fn();
    await followSseStream('/x', {
      signal: controller.signal,
      fetchImpl: fetchImpl,
      onEvent: () => 'continue',
      onRefused: vi.fn(),
      onEnded: vi.fn(),
      onLost: vi.fn(),
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
