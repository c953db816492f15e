import { isIP } from 'node:net';

/** Limits for login failures; a lock is short so the real user is not kept out for long. */
export interface ThrottleLimits {
  /** Failures on one account within the window before it is locked. */
  perAccount: number;
  /** Failures from one address (an IPv6 /64) within the window before it is locked. */
  perAddress: number;
  windowMs: number;
  lockMs: number;
  /** Most counters held at once (default 50,000: a few megabytes). */
  maxEntries?: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  lockMs: 60_000,
};

const DEFAULT_MAX_ENTRIES = 50_000;
/** Longest account key kept: sign-in usernames are at most 64 characters anyway. */
const MAX_KEY_CHARS = 64;

interface Counter {
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

/**
 * Counts login failures per account and per address in memory (one process;
 * see docs/operations.md for scale-out). Checked before hashing so a locked
 * key costs no CPU. Bounded in time (a counter goes once its window and lock
 * have passed, swept at least once a window) and in entries (maxEntries; when
 * full, the counters touched longest ago go first).
 */
export class LoginThrottle {
  /** In order of last failure: a Map keeps insertion order and bump() re-inserts. */
  private readonly counters = new Map<string, Counter>();
  private readonly maxEntries: number;
  private lastSweep: number;

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.maxEntries = limits.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.lastSweep = now();
  }

  /** Counters currently held. */
  get size(): number {
    return this.counters.size;
  }

  /** Seconds until the account or the address may try again, or 0 when allowed. */
  retryAfterSeconds(username: string, address: string): number {
    const t = this.now();
    const until = Math.max(
      this.lockedUntil(accountKey(username), t),
      this.lockedUntil(addressKey(address), t),
    );
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  /**
   * Seconds until the address may try again, or 0: what can be judged before
   * the body (and so the username) is read.
   */
  addressRetryAfterSeconds(address: string): number {
    const t = this.now();
    const until = this.lockedUntil(addressKey(address), t);
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  /**
   * Records a sign-in refused before its credentials were read (body too
   * large, malformed, over the input caps) against the address only: it
   * names no account, yet it is an attempt all the same.
   */
  recordAddressFailure(address: string): void {
    const t = this.now();
    if (t - this.lastSweep >= this.limits.windowMs) this.sweep(t);
    this.bump(addressKey(address), this.limits.perAddress, t);
  }

  /** Records one failed attempt for both keys. */
  recordFailure(username: string, address: string): void {
    const t = this.now();
    if (t - this.lastSweep >= this.limits.windowMs) this.sweep(t);
    this.bump(accountKey(username), this.limits.perAccount, t);
    this.bump(addressKey(address), this.limits.perAddress, t);
  }

  /** A successful login clears the account's count (the address keeps its own). */
  recordSuccess(username: string): void {
    this.counters.delete(accountKey(username));
  }

  private lockedUntil(key: string, t: number): number {
    const counter = this.counters.get(key);
    return counter !== undefined && counter.lockedUntil > t ? counter.lockedUntil : 0;
  }

  private bump(key: string, limit: number, t: number): void {
    let counter = this.counters.get(key);
    this.counters.delete(key);
    if (counter === undefined || t - counter.windowStart > this.limits.windowMs) {
      counter = { failures: 0, windowStart: t, lockedUntil: counter?.lockedUntil ?? 0 };
    }
    counter.failures += 1;
    if (counter.failures >= limit) {
      counter.lockedUntil = t + this.limits.lockMs;
      // Stay one below the limit: a guesser who keeps failing after the lock is locked again at once.
      counter.failures = limit - 1;
      counter.windowStart = t;
    }
    this.counters.set(key, counter);
    if (this.counters.size > this.maxEntries) this.sweep(t);
    // Still full: the counters touched longest ago go first (the Map's order).
    for (const oldest of this.counters.keys()) {
      if (this.counters.size <= this.maxEntries) break;
      this.counters.delete(oldest);
    }
  }

  /** Drops every counter whose window and lock have both passed. */
  private sweep(t: number): void {
    this.lastSweep = t;
    for (const [key, counter] of this.counters) {
      if (counter.lockedUntil <= t && t - counter.windowStart > this.limits.windowMs)
        this.counters.delete(key);
    }
  }
}

const accountKey = (username: string) =>
  `u:${username.trim().toLowerCase().slice(0, MAX_KEY_CHARS)}`;

/**
 * One key per client: an IPv4 address, or the /64 prefix of an IPv6 address
 * (one customer usually gets a whole /64, so its addresses are one client).
 * An IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return `a:${mapped[1]}`;
  if (isIP(address) !== 6) return `a:${address}`;
  return `a6:${ipv6Groups(address).slice(0, 4).join(':')}`;
}

/** The eight 16-bit groups of an IPv6 address, as numbers in hex (expands `::`, drops a zone). */
function ipv6Groups(address: string): string[] {
  const bare = address.split('%')[0] ?? address;
  const [head = '', tail] = bare.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (::1.2.3.4) is two groups; only the first four groups matter here.
  const rightGroups = right.flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const zeros = Array.from(
    { length: Math.max(0, 8 - left.length - rightGroups.length) },
    () => '0',
  );
  return [...left, ...zeros, ...rightGroups].map((g) => parseInt(g, 16).toString(16));
}
