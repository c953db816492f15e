/** Limits for login failures; a lock is short so the real user is not kept out for long. */
export interface ThrottleLimits {
  /** Failures on one account within the window before it is locked. */
  perAccount: number;
  /** Failures from one address within the window before it is locked. */
  perAddress: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  lockMs: 60_000,
};

interface Counter {
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

const MAX_TRACKED = 100_000;

/**
 * Counts login failures per account and per address in memory (one process;
 * see docs/operations.md for scale-out). Checked before hashing so a locked
 * key costs no CPU.
 */
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the account or the address may try again, or 0 when allowed. */
  retryAfterSeconds(username: string, address: string): number {
    const t = this.now();
    const until = Math.max(
      this.lockedUntil(accountKey(username), t),
      this.lockedUntil(addressKey(address), t),
    );
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  /** Records one failed attempt for both keys. */
  recordFailure(username: string, address: string): void {
    const t = this.now();
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
    if (counter === undefined || t - counter.windowStart > this.limits.windowMs) {
      if (this.counters.size >= MAX_TRACKED) this.prune(t);
      counter = { failures: 0, windowStart: t, lockedUntil: 0 };
      this.counters.set(key, counter);
    }
    counter.failures += 1;
    if (counter.failures >= limit) {
      counter.lockedUntil = t + this.limits.lockMs;
      // Stay one below the limit: a guesser who keeps failing after the lock is locked again at once.
      counter.failures = limit - 1;
      counter.windowStart = t;
    }
  }

  private prune(t: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.lockedUntil <= t && t - counter.windowStart > this.limits.windowMs)
        this.counters.delete(key);
    }
    // Memory bound under a spray of random usernames: drop the oldest half if still full.
    if (this.counters.size >= MAX_TRACKED) {
      const keys = [...this.counters.keys()].slice(0, MAX_TRACKED / 2);
      for (const key of keys) this.counters.delete(key);
    }
  }
}

const accountKey = (username: string) => `u:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `a:${address}`;
