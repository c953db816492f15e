import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';

/** Where the request counters live: rate_counters (RateCountersRepository), shared by every node. */
export interface HitCounters {
  countHit(key: string, t: number, windowMs: number): Promise<{ hits: number; ttlMs: number }>;
  sweep(t: number): Promise<number>;
}

/** What the store needs: the counters, how a name becomes a stored key, and a clock. */
export interface SharedStoreOptions {
  counters: HitCounters;
  keys: (name: string) => string;
  now?: () => number;
}

/** Most refused keys this node remembers; beyond, the oldest go first. */
const MAX_REMEMBERED = 10_000;
/** Expired counters are swept from the table at most this often by each node. */
const SWEEP_EVERY_MS = 60_000;

/** What every limiter of one app shares: this node's memory of keys over their limit, and the sweep. */
class SharedState {
  readonly over = new Map<string, number>();
  lastSweep = Number.NEGATIVE_INFINITY;

  constructor(readonly options: SharedStoreOptions) {}

  now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** The parameters the plugin hands child(): a route's (routeInfo) or an app.rateLimit()'s (no route). */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store over rate_counters, so that AUTH_RATE_PER_MINUTE,
 * IMPORT_RATE_PER_MINUTE and TASK_RATE_PER_MINUTE hold across every API node
 * on one database: each request is one atomic upsert. A key found over its
 * limit is answered from this node's memory until its window ends (the
 * answer cannot change before then: a fixed window only resets), so a flood
 * of refused requests is no flood of writes.
 */
class SharedRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly state: SharedState,
    /** The route's method and URL: each route counts on its own, as with the plugin's own store. */
    private readonly scope: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.count(key, timeWindow, max).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // Typed as route options; the plugin passes its merged parameters, with the route as routeInfo.
    const info = (params as unknown as ChildParams).routeInfo;
    const method = Array.isArray(info?.method) ? info.method.join(',') : (info?.method ?? '');
    return new SharedRateLimitStore(this.state, `${method} ${info?.url ?? ''}`);
  }

  private async count(
    name: string,
    windowMs: number,
    max: number,
  ): Promise<{ current: number; ttl: number }> {
    const { state } = this;
    const t = state.now();
    const key = state.options.keys(`rate:${this.scope}|${name}`);
    const until = state.over.get(key);
    if (until !== undefined && until > t) return { current: max + 1, ttl: until - t };
    state.over.delete(key);
    if (t - state.lastSweep >= SWEEP_EVERY_MS) {
      state.lastSweep = t;
      await state.options.counters.sweep(t);
    }
    const { hits, ttlMs } = await state.options.counters.countHit(key, t, windowMs);
    if (hits > max) {
      state.over.set(key, t + ttlMs);
      for (const oldest of state.over.keys()) {
        if (state.over.size <= MAX_REMEMBERED) break;
        state.over.delete(oldest);
      }
    }
    return { current: hits, ttl: ttlMs };
  }
}

/** The store class @fastify/rate-limit's `store` option takes, bound to these counters. */
export function sharedRateLimitStore(options: SharedStoreOptions): FastifyRateLimitStoreCtor {
  const state = new SharedState(options);
  return class extends SharedRateLimitStore {
    constructor(_plugin: FastifyRateLimitOptions) {
      super(state, 'app');
    }
  };
}
