import { isIP } from 'node:net';

/** Limits for login failures; a lock is short so the real user is not kept out for long. */
export interface ThrottleLimits {
  /** Failures on one account within the window before it is locked. */
  perAccount: number;
  /** Failures from one address (an IPv6 /64) within the window before it is locked. */
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

/** Longest account key kept: sign-in usernames are at most 64 characters anyway. */
const MAX_KEY_CHARS = 64;
/** Most locks this node remembers (a few hundred kilobytes); beyond, the oldest go first. */
const MAX_REMEMBERED_LOCKS = 10_000;
/** Expired counters are swept from the table at most this often by each node. */
const SWEEP_EVERY_MS = 60_000;
/**
 * How long the check from the headers trusts an address it found unlocked.
 * Without it every sign-in read the table before its rate limit could refuse
 * it from memory: under a 200-connection flood those reads queued, and the
 * 429s took 111 ms at p99 against 5 ms when the locks were in memory
 * (docs/reliability.md, "load"). Only that early check trusts it: login()
 * reads the table before every password check, so a lock holds on every node
 * at once for the attempts it is there to stop.
 */
export const UNLOCKED_TRUST_MS = 1000;

/**
 * Where the counters live: rate_counters (RateCountersRepository), shared by
 * every API node. Keys arrive already hashed (CounterKeys).
 */
export interface ThrottleCounters {
  countFailure(
    key: string,
    limit: number,
    t: number,
    windowMs: number,
    lockMs: number,
  ): Promise<{ lockedUntil: number }>;
  locks(keys: readonly string[], t: number): Promise<ReadonlyMap<string, number>>;
  clear(key: string): Promise<void>;
  sweep(t: number): Promise<number>;
}

/** Turns a counter's name into the key stored for it (an HMAC: names are never stored). */
export type CounterKeys = (name: string) => string;

/**
 * Counts login failures per account and per address in the database
 * (rate_counters), so that every API node on one database counts the same
 * failures: 5 on one account lock it wherever they land. Checked before
 * hashing so a locked key costs no CPU. A lock this node has seen is
 * remembered until it ends, so a client that keeps trying while locked costs
 * no database round trip (a lock only ever ends later, never earlier, so the
 * memory cannot let anyone in). Each node sweeps expired counters from the
 * table at most once a minute.
 */
export class LoginThrottle {
  /** Lock ends this node has seen, by stored key; insertion order is age. */
  private readonly locks = new Map<string, number>();
  /** Until when the headers' check trusts an address key it found unlocked (UNLOCKED_TRUST_MS). */
  private readonly unlocked = new Map<string, number>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly counters: ThrottleCounters,
    private readonly keys: CounterKeys,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the account or the address may try again, or 0 when allowed. */
  async retryAfterSeconds(username: string, address: string): Promise<number> {
    return this.wait([this.keys(accountKey(username)), this.keys(addressKey(address))]);
  }

  /**
   * Seconds until the address may try again, or 0: what can be judged before
   * the body (and so the username) is read.
   */
  async addressRetryAfterSeconds(address: string): Promise<number> {
    const key = this.keys(addressKey(address));
    const t = this.now();
    if (this.remembered(key, t) === 0 && (this.unlocked.get(key) ?? 0) > t) return 0;
    const wait = await this.wait([key]);
    if (wait === 0) keepBounded(this.unlocked, key, t + UNLOCKED_TRUST_MS);
    return wait;
  }

  /**
   * Records a sign-in refused before its credentials were read (body too
   * large, malformed, over the input caps) against the address only: it
   * names no account, yet it is an attempt all the same.
   */
  async recordAddressFailure(address: string): Promise<void> {
    const t = this.now();
    await this.sweepNow(t);
    await this.count(this.keys(addressKey(address)), this.limits.perAddress, t);
  }

  /** Records one failed attempt for both keys. */
  async recordFailure(username: string, address: string): Promise<void> {
    const t = this.now();
    await this.sweepNow(t);
    await this.count(this.keys(accountKey(username)), this.limits.perAccount, t);
    await this.count(this.keys(addressKey(address)), this.limits.perAddress, t);
  }

  /** A successful login clears the account's count (the address keeps its own). */
  async recordSuccess(username: string): Promise<void> {
    await this.counters.clear(this.keys(accountKey(username)));
  }

  /** The wait of the latest lock among these keys: this node's memory first, then the table. */
  private async wait(keys: readonly string[]): Promise<number> {
    const t = this.now();
    let until = 0;
    for (const key of keys) until = Math.max(until, this.remembered(key, t));
    if (until === 0) {
      for (const [key, end] of await this.counters.locks(keys, t)) {
        this.remember(key, end);
        until = Math.max(until, end);
      }
    }
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  private async count(key: string, limit: number, t: number): Promise<void> {
    const { lockedUntil } = await this.counters.countFailure(
      key,
      limit,
      t,
      this.limits.windowMs,
      this.limits.lockMs,
    );
    if (lockedUntil > t) this.remember(key, lockedUntil);
  }

  private remembered(key: string, t: number): number {
    const until = this.locks.get(key);
    if (until === undefined) return 0;
    if (until > t) return until;
    this.locks.delete(key);
    return 0;
  }

  private remember(key: string, until: number): void {
    this.unlocked.delete(key);
    keepBounded(this.locks, key, until);
  }

  private async sweepNow(t: number): Promise<void> {
    if (t - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = t;
    await this.counters.sweep(t);
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

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond MAX_REMEMBERED_LOCKS. */
function keepBounded(map: Map<string, number>, key: string, until: number): void {
  map.delete(key);
  map.set(key, until);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_REMEMBERED_LOCKS) break;
    map.delete(oldest);
  }
}
