import type { FastifyRequest } from 'fastify';
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
        ann,
      ),
    );
    let refusal: unknown;
    try {
      streams.acquire(
        request(() => ann),
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
      bob,
    );
    expect(streams.size).toBe(11);
    leases[3]!.release();
    leases[3]!.release(); // twice is once
    expect(streams.size).toBe(10);
    expect(() =>
      streams.acquire(
        request(() => ann),
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
      ann,
    );
    streams.acquire(
      request(() => ann),
      ann,
    );
    expect(() =>
      streams.acquire(
        request(() => ann),
        ann,
      ),
    ).toThrow(/At most 2 event streams/);
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
        ann,
      ),
    );
    const theirs = streams.acquire(
      request(() => bob, 'Bearer b'),
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
      ann,
    );
    streams.close();
    expect(lease.ended.aborted).toBe(true);
    expect(
      streams.acquire(
        request(() => ann),
        ann,
      ).ended.aborted,
    ).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
