import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../src/http/fastify-types';
import { HttpError } from '../src/http/http-error';
import { STREAM_RECHECK_MS, UserStreams } from '../src/http/user-streams';

// docs/security.md, finding 2: the per-user cap and the revocation check of every event
// stream, on vitest's fake clock (the server's own 2 s interval, no waiting).

const ann: AuthUser = { id: 1, username: 'ann', role: 'regular' };
const bob: AuthUser = { id: 2, username: 'bob', role: 'manager' };

/** A stream request of `user` whose token resolves to whatever `current()` says now. */
function request(current: () => AuthUser | null | Error, token = 'Bearer a'): FastifyRequest {
  return {
    headers: { authorization: token },
    reauthenticate: () => {
      const now = current();
      return now instanceof Error ? Promise.reject(now) : Promise.resolve(now);
    },
  } as unknown as FastifyRequest;
}

/** A stream's answer: its connection closes when the test emits 'close'. */
function connection(destroyed = false): FastifyReply & { raw: EventEmitter } {
  return { raw: Object.assign(new EventEmitter(), { destroyed }) } as unknown as FastifyReply & {
    raw: EventEmitter;
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('UserStreams: one cap per user', () => {
  it('admits 10 streams of a user, refuses the 11th with 429 and Retry-After, admits another user, and a release frees a place', () => {
    const streams = new UserStreams(10);
    const leases = Array.from({ length: 10 }, () =>
      streams.acquire(
        request(() => ann),
        connection(),
        ann,
      ),
    );
    let refusal: unknown;
    try {
      streams.acquire(
        request(() => ann),
        connection(),
        ann,
      );
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(429);
    expect(Number((refusal as HttpError).headers['retry-after'])).toBeGreaterThan(0);
    const other = streams.acquire(
      request(() => bob),
      connection(),
      bob,
    );
    expect(streams.size).toBe(11);
    leases[3]!.release();
    leases[3]!.release(); // twice is once
    expect(streams.size).toBe(10);
    expect(() =>
      streams.acquire(
        request(() => ann),
        connection(),
        ann,
      ),
    ).not.toThrow();
    other.release();
    streams.close();
  });

  it('takes its cap from the setting (SHED_STREAMS_PER_USER)', () => {
    const streams = new UserStreams(2);
    streams.acquire(
      request(() => ann),
      connection(),
      ann,
    );
    streams.acquire(
      request(() => ann),
      connection(),
      ann,
    );
    expect(() =>
      streams.acquire(
        request(() => ann),
        connection(),
        ann,
      ),
    ).toThrow(/At most 2 event streams/);
    streams.close();
  });
});

describe('UserStreams: a place frees when its connection closes', () => {
  it("gives the place back at the connection's close, before the stream's handler returns, and aborts `ended`", () => {
    const streams = new UserStreams(2);
    const answers = [connection(), connection()];
    const leases = answers.map((answer) =>
      streams.acquire(
        request(() => ann),
        answer,
        ann,
      ),
    );
    // The handlers are still busy (a database read, a write that never drains): only the
    // connections close. Both places are free at once.
    for (const answer of answers) answer.raw.emit('close');
    expect(streams.size).toBe(0);
    expect(leases.map((l) => l.ended.aborted)).toEqual([true, true]);
    const again = [connection(), connection()].map((answer) =>
      streams.acquire(
        request(() => ann),
        answer,
        ann,
      ),
    );
    expect(streams.size).toBe(2);
    // The old handlers' own release comes late and frees nothing of the new streams.
    for (const lease of leases) lease.release();
    expect(streams.size).toBe(2);
    for (const lease of again) lease.release();
    expect(streams.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds no place for a connection that closed before the stream was counted', () => {
    const streams = new UserStreams(1);
    const lease = streams.acquire(
      request(() => ann),
      connection(true),
      ann,
    );
    expect(lease.ended.aborted).toBe(true);
    expect(streams.size).toBe(0);
    const answer = connection();
    streams.acquire(
      request(() => ann),
      answer,
      ann,
    );
    expect(streams.size).toBe(1);
    // A release after the close (the stream's own finally) is the same single release.
    answer.raw.emit('close');
    expect(answer.raw.listenerCount('close')).toBe(0);
    expect(streams.size).toBe(0);
    streams.close();
  });
});

describe('UserStreams: revocation ends a stream within 5 s', () => {
  it('checks every 2 s: a revoked token (null) ends its streams at the next check, others go on', async () => {
    expect(STREAM_RECHECK_MS).toBeLessThanOrEqual(5000);
    let annNow: AuthUser | null = ann;
    const streams = new UserStreams(10);
    const mine = [1, 2].map(() =>
      streams.acquire(
        request(() => annNow),
        connection(),
        ann,
      ),
    );
    const theirs = streams.acquire(
      request(() => bob, 'Bearer b'),
      connection(),
      bob,
    );
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS * 3);
    expect(mine.map((l) => l.ended.aborted)).toEqual([false, false]);

    annNow = null; // password reset, deletion or logout
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS);
    expect(mine.map((l) => l.ended.aborted)).toEqual([true, true]);
    expect(theirs.ended.aborted).toBe(false);
    for (const lease of [...mine, theirs]) lease.release();
    // Nothing open, nothing ticking.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends a stream whose user now has another role', async () => {
    let now: AuthUser = ann;
    const streams = new UserStreams(10);
    const lease = streams.acquire(
      request(() => now),
      connection(),
      ann,
    );
    now = { ...ann, role: 'manager' };
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS);
    expect(lease.ended.aborted).toBe(true);
    streams.close();
  });

  it('keeps a stream when the check itself fails (database unreachable), and ends it once a check says revoked', async () => {
    let now: AuthUser | null | Error = new Error('connection refused');
    const streams = new UserStreams(10);
    const lease = streams.acquire(
      request(() => now),
      connection(),
      ann,
    );
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS * 2);
    expect(lease.ended.aborted).toBe(false);
    now = null;
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS);
    expect(lease.ended.aborted).toBe(true);
    streams.close();
  });

  it('ends every stream on close, and a stream opened after close at once', () => {
    const streams = new UserStreams(10);
    const lease = streams.acquire(
      request(() => ann),
      connection(),
      ann,
    );
    streams.close();
    expect(lease.ended.aborted).toBe(true);
    expect(
      streams.acquire(
        request(() => ann),
        connection(),
        ann,
      ).ended.aborted,
    ).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
