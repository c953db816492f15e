import { wholeSetting } from './whole-setting';

/**
 * The route classes whose concurrent work this node bounds: the large cached
 * lists and exports, sign-in and registration (an argon2 hash each), and open
 * event streams. A route names its class in `config.loadClass`.
 */
export const LOAD_CLASSES = ['lists', 'sign-in', 'streams'] as const;
export type LoadClass = (typeof LOAD_CLASSES)[number];

/** The bound of one class: requests served at once, and how many more may wait their turn. */
export interface ClassBound {
  inFlight: number;
  queue: number;
}

/** Load shedding of this node (docs/operations.md, "Load shedding"). */
export interface LoadShedding {
  bounds: Record<LoadClass, ClassBound>;
  /** Longest a queued request waits for a slot before it is answered 503 instead. */
  queueTimeoutMs: number;
  /** Event streams of every kind one user may hold open on this node (429 beyond). */
  streamsPerUser: number;
}

/** Login throttle limits from the environment (see security/login-throttle.ts). */
export interface LoginThrottleSettings {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  lockMs: number;
}

/** A load-shedding or throttle setting that cannot be used; parseConfig turns it into a ConfigError. */
export class LoadSettingsError extends Error {
  override name = 'LoadSettingsError';
}

const whole = (
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number =>
  wholeSetting(env, name, { fallback, min, max }, (message) => new LoadSettingsError(message));

/**
 * Reads the per-node bounds (all optional). Defaults suit a 2-core node: four
 * list answers or sign-ins at once (sign-in hashes run on libuv's four
 * threads), 16 and 32 more waiting, 500 open streams (10 per user, always
 * fewer than the node's bound), a 5 s queue timeout.
 */
export function loadSheddingFromEnv(env: Record<string, string | undefined>): LoadShedding {
  const settings: LoadShedding = {
    bounds: {
      lists: {
        inFlight: whole(env, 'SHED_LISTS_IN_FLIGHT', 4, 1, 10_000),
        queue: whole(env, 'SHED_LISTS_QUEUE', 16, 0, 100_000),
      },
      'sign-in': {
        inFlight: whole(env, 'SHED_SIGN_IN_IN_FLIGHT', 4, 1, 10_000),
        queue: whole(env, 'SHED_SIGN_IN_QUEUE', 32, 0, 100_000),
      },
      streams: { inFlight: whole(env, 'SHED_STREAMS_OPEN', 500, 1, 100_000), queue: 0 },
    },
    queueTimeoutMs: whole(env, 'SHED_QUEUE_TIMEOUT_SECONDS', 5, 1, 600) * 1000,
    streamsPerUser: whole(env, 'SHED_STREAMS_PER_USER', 10, 1, 10_000),
  };
  // One user at the cap must leave streams for everyone else (their 429, not the others' 503).
  const open = settings.bounds.streams.inFlight;
  if (settings.streamsPerUser >= open) {
    throw new LoadSettingsError(
      `SHED_STREAMS_PER_USER (${settings.streamsPerUser}) must be less than SHED_STREAMS_OPEN (${open}), so that one user cannot hold every stream of the node`,
    );
  }
  return settings;
}

/**
 * Reads the sign-in throttle (all optional): failures per account and per
 * address (IPv6 /64) within the window before a lock, and the lock's length.
 * A short lock lets the battery exercise 429-and-retry at scale.
 */
export function loginThrottleFromEnv(
  env: Record<string, string | undefined>,
): LoginThrottleSettings {
  return {
    perAccount: whole(env, 'LOGIN_FAILURES_PER_ACCOUNT', 5, 1, 1000),
    perAddress: whole(env, 'LOGIN_FAILURES_PER_ADDRESS', 20, 1, 100_000),
    windowMs: whole(env, 'LOGIN_WINDOW_SECONDS', 900, 1, 86_400) * 1000,
    lockMs: whole(env, 'LOGIN_LOCK_SECONDS', 60, 1, 86_400) * 1000,
  };
}
