import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClassBound, LoadClass, LoadShedding } from '../config/load-shedding';
import './fastify-types';
import { HttpError } from './http-error';

/** Seconds a shed client is told to wait: short, since a slot frees as soon as one answer is sent. */
const SHED_RETRY_AFTER_SECONDS = 1;

/** A queued request: granted a slot (true) or, on the queue timeout, refused (false). */
type Waiter = (admitted: boolean) => void;

/**
 * At most `inFlight` holders at once, at most `queue` more waiting in arrival
 * order. Acquiring never waits when the queue is full: the caller refuses at
 * once, which is what keeps an overload answer cheap and fast.
 */
export class ConcurrencyGate {
  private held = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly bound: ClassBound,
    private readonly queueTimeoutMs: number,
  ) {}

  /** Holders now (for tests and logs). */
  get inFlight(): number {
    return this.held;
  }

  /** Requests waiting now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves true once the caller holds a slot (it must call release() once),
   * false when it is refused: the queue is full, or its wait ran out.
   */
  acquire(): boolean | Promise<boolean> {
    if (this.held < this.bound.inFlight) {
      this.held += 1;
      return true;
    }
    if (this.waiting.length >= this.bound.queue) return false;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = (admitted) => {
        clearTimeout(timer);
        resolve(admitted);
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve(false);
      }, this.queueTimeoutMs);
      timer.unref();
      this.waiting.push(waiter);
    });
  }

  /** Frees a slot: it passes straight to the longest-waiting request, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(true);
    else this.held = Math.max(0, this.held - 1);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Frees the request's load-shedding slot (null when its route has no class). */
    releaseLoadSlot: (() => void) | null;
  }
  interface FastifyContextConfig {
    /** The class whose per-node bound this route counts against (load-shedding.ts). */
    loadClass?: LoadClass;
  }
}

type GatePhase = 'onRequest' | 'preParsing';

/**
 * Where each class waits for its slot. Lists and streams at the app's first
 * hook, before the token is checked (a database read). Sign-ins once their
 * route's own refusals have run (the address lock and the per-address rate
 * limit, two in-memory look-ups), still before the body is read: a sign-in
 * about to be refused 429 never queues behind admitted ones for its answer.
 */
const GATE_PHASE: Record<LoadClass, GatePhase> = {
  lists: 'onRequest',
  'sign-in': 'preParsing',
  streams: 'onRequest',
};

/** Fastify's own words for a body over the route's limit, which it checks after this gate. */
const BODY_TOO_LARGE = 'Request body is too large';

/** Whether the request announces a body over its route's limit (Content-Length). */
function declaresTooLarge(request: FastifyRequest): boolean {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > request.routeOptions.bodyLimit;
}

const overloaded = (what: LoadClass) =>
  new HttpError(503, `The server is busy (${what}); try again in ${SHED_RETRY_AFTER_SECONDS} s`, {
    'retry-after': String(SHED_RETRY_AFTER_SECONDS),
  });

/**
 * Bounds each class's concurrent requests on this node. A request beyond the
 * bound is answered 503 with Retry-After before its body is read or its
 * answer built, and (lists, streams: the app's first hook) before its token
 * is checked; see GATE_PHASE. A slot is
 * held until the answer is sent or the client goes (an open stream holds
 * one for its whole life).
 */
export function installLoadShedding(
  app: FastifyInstance,
  settings: LoadShedding,
): Record<LoadClass, ConcurrencyGate> {
  const gates: Record<LoadClass, ConcurrencyGate> = {
    lists: new ConcurrencyGate(settings.bounds.lists, settings.queueTimeoutMs),
    'sign-in': new ConcurrencyGate(settings.bounds['sign-in'], settings.queueTimeoutMs),
    streams: new ConcurrencyGate(settings.bounds.streams, settings.queueTimeoutMs),
  };
  app.decorateRequest('releaseLoadSlot', null);
  const admit = async (request: FastifyRequest, reply: FastifyReply, phase: GatePhase) => {
    const what = request.routeOptions.config.loadClass;
    if (what === undefined || GATE_PHASE[what] !== phase) return;
    // Refused from its headers without a slot: a flood of oversized sign-ins filled the sign-in
    // queue and had the server answer 503 to them (docs/reliability.md, "abuse").
    if (declaresTooLarge(request)) throw new HttpError(413, BODY_TOO_LARGE);
    const gate = gates[what];
    const admitted = await gate.acquire();
    if (!admitted) throw overloaded(what);
    // A client that left while queued: pass its slot on rather than do work nobody reads.
    if (request.raw.destroyed || reply.raw.destroyed) {
      gate.release();
      throw overloaded(what);
    }
    let released = false;
    request.releaseLoadSlot = () => {
      if (released) return;
      released = true;
      gate.release();
    };
    // 'close' comes after the last byte is handed over, or when the connection drops first.
    reply.raw.once('close', request.releaseLoadSlot);
  };
  app.addHook('onRequest', async (request, reply) => admit(request, reply, 'onRequest'));
  app.addHook('preParsing', async (request, reply, payload) => {
    await admit(request, reply, 'preParsing');
    return payload;
  });
  // onResponse as well: whichever comes first frees the slot, once.
  app.addHook('onResponse', (request, _reply, done) => {
    request.releaseLoadSlot?.();
    done();
  });
  return gates;
}
