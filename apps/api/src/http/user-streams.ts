import type { FastifyReply, FastifyRequest } from 'fastify';
import './fastify-types';
import type { AuthUser } from './fastify-types';
import { HttpError } from './http-error';

/** How often every open stream's token is checked again: revocation ends it within 5 s. */
export const STREAM_RECHECK_MS = 2000;
/** Seconds a client over its stream cap is told to wait (a slot frees when one of its streams ends). */
const OVER_CAP_RETRY_AFTER_SECONDS = 5;

/**
 * Calls `round` every `ms` until the returned function is called. Tests inject
 * a hand-driven one; production uses setInterval (unref'd: open streams never
 * keep a stopping process alive).
 */
export type StreamTicker = (ms: number, round: () => Promise<void>) => () => void;

const intervalTicker: StreamTicker = (ms, round) => {
  const timer = setInterval(() => void round(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** One open event stream of a user. */
export interface StreamLease {
  /**
   * Aborted when the client's connection closes, the stream's token no longer
   * stands or the server stops: end the stream.
   */
  readonly ended: AbortSignal;
  /** Gives the user's slot back; call once when the stream has ended. */
  release(): void;
}

interface OpenStream {
  user: AuthUser;
  /** The request's Authorization header: streams on one token are checked once per round. */
  token: string;
  reauthenticate: () => Promise<AuthUser | null>;
  controller: AbortController;
}

/**
 * Every event stream of this process (task, what-if and comparison streams and
 * the notification stream) counts against one cap per user, and every open
 * stream's token is checked again every STREAM_RECHECK_MS against the users
 * table (SessionUsers via the request's `reauthenticate`), so a password
 * reset, role change or deletion ends the user's streams on every node within
 * that time: each node checks its own streams against the shared database.
 */
export class UserStreams {
  private readonly open = new Map<number, Set<OpenStream>>();
  private stopTicker: (() => void) | null = null;
  private checking = false;
  private closed = false;

  constructor(
    private readonly perUser: number,
    private readonly ticker: StreamTicker = intervalTicker,
    private readonly recheckMs: number = STREAM_RECHECK_MS,
  ) {}

  /** Streams open now (all users; for tests and logs). */
  get size(): number {
    let n = 0;
    for (const streams of this.open.values()) n += streams.size;
    return n;
  }

  /**
   * Counts a new stream of the request's user, or answers 429 with
   * Retry-After when that user already holds `perUser` streams here. The
   * place is given back when the answer's connection closes (the client
   * went, or the stream ended), at that moment: not when the stream's
   * handler next looks, which may be after a database read that waits its
   * turn or a write that never drains (the battery's streams part met the
   * cap with ten streams its client had closed; docs/reliability.md).
   */
  acquire(request: FastifyRequest, reply: FastifyReply, user: AuthUser): StreamLease {
    const mine = this.open.get(user.id) ?? new Set<OpenStream>();
    if (mine.size >= this.perUser) {
      throw new HttpError(
        429,
        `At most ${this.perUser} event streams may be open at once per user; close one first`,
        { 'retry-after': String(OVER_CAP_RETRY_AFTER_SECONDS) },
      );
    }
    const reauthenticate = request.reauthenticate ?? (() => Promise.resolve(null));
    const stream: OpenStream = {
      user,
      token: request.headers.authorization ?? '',
      reauthenticate,
      controller: new AbortController(),
    };
    mine.add(stream);
    this.open.set(user.id, mine);
    if (this.closed) stream.controller.abort();
    else this.stopTicker ??= this.ticker(this.recheckMs, () => this.recheck());
    let released = false;
    const connection = reply.raw;
    const release = () => {
      if (released) return;
      released = true;
      connection.off('close', hangUp);
      mine.delete(stream);
      if (mine.size === 0 && this.open.get(user.id) === mine) this.open.delete(user.id);
      if (this.open.size === 0) {
        this.stopTicker?.();
        this.stopTicker = null;
      }
    };
    // 'close' comes when the last byte is handed over or the connection drops first.
    const hangUp = () => {
      stream.controller.abort();
      release();
    };
    connection.once('close', hangUp);
    // Gone while the request was still in its hooks (the token check): nothing to hold.
    if (connection.destroyed) hangUp();
    return { ended: stream.controller.signal, release };
  }

  /**
   * One round: ends every stream whose token no longer resolves to the same
   * user with the same role. A failed check (the database unreachable) keeps
   * the stream; the next round asks again. Rounds never overlap.
   */
  async recheck(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const verdicts = new Map<string, Promise<AuthUser | null | 'unknown'>>();
      const checks: Promise<void>[] = [];
      for (const streams of this.open.values()) {
        for (const stream of streams) {
          if (stream.controller.signal.aborted) continue;
          let verdict = verdicts.get(stream.token);
          if (verdict === undefined) {
            verdict = stream.reauthenticate().catch(() => 'unknown' as const);
            verdicts.set(stream.token, verdict);
          }
          checks.push(
            verdict.then((now) => {
              if (now === 'unknown') return;
              if (now === null || now.id !== stream.user.id || now.role !== stream.user.role) {
                stream.controller.abort();
              }
            }),
          );
        }
      }
      await Promise.all(checks);
    } finally {
      this.checking = false;
    }
  }

  /** Ends every open stream and stops checking (the server is closing). */
  close(): void {
    this.closed = true;
    for (const streams of this.open.values()) {
      for (const stream of streams) stream.controller.abort();
    }
    this.stopTicker?.();
    this.stopTicker = null;
  }
}
